import PluginDescriptions

/// The frei0r folders and the scanner that reads them.
struct Frei0rSource {
    let directories: [String]
    let scanner: PluginScanner
}

/// The registry's tables: a plain value that the `Registry` keeps behind its lock.
struct RegistryTables {
    var animators: [String: AnimatorEntry] = [:]
    var mixers: [String: MixerEntry] = [:]
    var effects: [String: EffectEntry] = [:]
    var curves: [String: CurveEntry] = [:]
    var plugins: [PluginInfo] = []
    var broken: [BrokenPlugin] = []
    var clashes: [NameClash] = []
    var warnings: [String] = []
    var deinits: [@convention(c) () -> Void] = []
    /// Plugins known from a scan and not opened yet, by shown path: the file to open and what
    /// the scan found, which the opened plugin must match.
    var unopened: [String: (resolved: String, scanned: PluginRegistrations)] = [:]
    /// Plugins that scanned well but then failed to open, by shown path: they are not retried.
    var openFailures: [String: PluginOpenFailure] = [:]
    /// Every file scanned, by shown path: frei0r folders are scanned on demand, and a file is
    /// scanned once.
    var scannedPaths: Set<String> = []
    /// Where frei0r files are found, once `scan` ran; nil for a registry that only `load`s.
    var frei0r: Frei0rSource?
    /// frei0r names looked up already, found or not.
    var frei0rLookedUp: Set<String> = []
    /// The scan cache of each folder read so far, as last read or written, by cache folder and
    /// resolved plugin folder: its file is read once however many scans come to it (each frei0r
    /// name looked up is one).
    var folderCaches: [String: PluginScanCache] = [:]

    /// Returns false, recording the file as broken, when an earlier file has the same plugin id:
    /// a second copy, or an author's copied entry, that would otherwise mix two plugins' names.
    @discardableResult
    mutating func add(_ registrations: PluginRegistrations) -> Bool {
        let info = registrations.info
        if let first = plugins.first(where: { !info.id.isEmpty && $0.id == info.id }) {
            broken.append(
                BrokenPlugin(
                    path: info.path,
                    reason: "plugin id \"\(info.id)\" is already used by \(first.path); "
                        + "remove one copy, or give each plugin its own id in its anim_entry_v1"))
            return false
        }
        plugins.append(info)
        warnings += registrations.warnings
        for entry in registrations.animators { insert(entry, into: \.animators, kind: .animator) }
        for entry in registrations.mixers { insert(entry, into: \.mixers, kind: .mixer) }
        for entry in registrations.effects { insert(entry, into: \.effects, kind: .effect) }
        for entry in registrations.curves { insert(entry, into: \.curves, kind: .curve) }
        return true
    }

    /// Adds a plugin opened in this process, its `deinit` among those `shutdown` calls.
    mutating func add(_ loaded: LoadedPlugin) {
        add(loaded.registrations)
        if let deinitialize = loaded.deinitialize { deinits.append(deinitialize) }
    }

    /// Puts an opened plugin's entries, functions and all, in place of those its scan made.
    mutating func replaceScanned(with opened: PluginRegistrations) {
        replace(opened.animators, in: &animators)
        replace(opened.mixers, in: &mixers)
        replace(opened.effects, in: &effects)
        replace(opened.curves, in: &curves)
    }

    func clash(_ name: String, kind: RegistrationKind) -> NameClash? {
        clashes.first { $0.kind == kind && $0.name == name }
    }

    private mutating func insert<Entry: Registered>(
        _ entry: Entry, into table: WritableKeyPath<Self, [String: Entry]>, kind: RegistrationKind
    ) {
        let path = entry.plugin.path
        if let index = clashes.firstIndex(where: { $0.kind == kind && $0.name == entry.name }) {
            clashes[index] = NameClash(kind: kind, name: entry.name, paths: clashes[index].paths + [path])
        } else if let existing = self[keyPath: table][entry.name] {
            clashes.append(NameClash(kind: kind, name: entry.name, paths: [existing.plugin.path, path]))
        } else {
            self[keyPath: table][entry.name] = entry
        }
    }

    /// Only names this plugin holds: where it lost a clash, the table keeps the other plugin's entry.
    private func replace<Entry: Registered>(_ entries: [Entry], in table: inout [String: Entry]) {
        for entry in entries where table[entry.name]?.plugin.path == entry.plugin.path { table[entry.name] = entry }
    }
}
