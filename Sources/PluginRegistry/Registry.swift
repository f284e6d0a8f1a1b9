/// The plugin registry: plain tables of what the loaded plugins registered, by name.
///
/// It owns discovery (`PluginSearchPath`), loading (`PluginLoader`) and the tables; it knows
/// nothing of pipelines, frames or pixels. Plugins are never unloaded: a library may contain
/// code (Swift among it) that does not survive `dlclose`.
public final class Registry: @unchecked Sendable {
    public private(set) var animators: [String: AnimatorEntry] = [:]
    public private(set) var mixers: [String: MixerEntry] = [:]
    public private(set) var curves: [String: CurveEntry] = [:]
    public private(set) var plugins: [PluginInfo] = []
    public private(set) var broken: [BrokenPlugin] = []
    public private(set) var clashes: [NameClash] = []
    /// Problems that did not stop a plugin from loading (a refused descriptor, a log line).
    public private(set) var warnings: [String] = []
    private var deinits: [@convention(c) () -> Void] = []

    public init() {}

    /// Loads every plugin file in `directories`, in order. Broken files are recorded, not thrown.
    public func load(directories: [String]) {
        var seen = Set<String>()
        for directory in directories {
            for path in PluginSearchPath.pluginFiles(in: directory) where seen.insert(PluginSearchPath.realPath(path)).inserted {
                load(file: path)
            }
        }
    }

    /// Loads one plugin file; a failure lands in `broken`.
    public func load(file path: String) {
        let resolved = PluginSearchPath.realPath(path)
        if let problem = PluginSearchPath.permissionProblem(resolved) {
            broken.append(BrokenPlugin(path: path, reason: problem))
            return
        }
        switch PluginLoader.load(path: resolved, shownAs: path) {
        case .failure(let error):
            broken.append(BrokenPlugin(path: path, reason: error.description))
        case .success(let loaded):
            add(loaded)
        }
    }

    public func animator(named name: String) -> Lookup<AnimatorEntry> {
        lookup(name, in: animators, kind: .animator)
    }

    public func mixer(named name: String) -> Lookup<MixerEntry> {
        lookup(name, in: mixers, kind: .mixer)
    }

    public func curve(named name: String) -> Lookup<CurveEntry> {
        lookup(name, in: curves, kind: .curve)
    }

    /// Calls every plugin's `deinit`, last loaded first. The libraries stay mapped.
    public func shutdown() {
        for deinitialize in deinits.reversed() { deinitialize() }
        deinits.removeAll()
    }

    private func lookup<Entry>(_ name: String, in table: [String: Entry], kind: RegistrationKind) -> Lookup<Entry> {
        if let clash = clashes.first(where: { $0.kind == kind && $0.name == name }) { return .ambiguous(clash) }
        return table[name].map(Lookup.found) ?? .missing
    }

    private func add(_ loaded: LoadedPlugin) {
        plugins.append(loaded.info)
        warnings += loaded.warnings
        if let deinitialize = loaded.deinitialize { deinits.append(deinitialize) }
        for entry in loaded.animators { insert(entry, into: &animators, kind: .animator) }
        for entry in loaded.mixers { insert(entry, into: &mixers, kind: .mixer) }
        for entry in loaded.curves { insert(entry, into: &curves, kind: .curve) }
    }

    private func insert<Entry: Registered>(_ entry: Entry, into table: inout [String: Entry], kind: RegistrationKind) {
        let path = entry.plugin.path
        if let index = clashes.firstIndex(where: { $0.kind == kind && $0.name == entry.name }) {
            clashes[index] = NameClash(kind: kind, name: entry.name, paths: clashes[index].paths + [path])
        } else if let existing = table[entry.name] {
            clashes.append(NameClash(kind: kind, name: entry.name, paths: [existing.plugin.path, path]))
        } else {
            table[entry.name] = entry
        }
    }
}
