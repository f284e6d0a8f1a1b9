import Foundation
import PluginDescriptions
import Synchronization

/// The plugin registry: plain tables of what the plugins registered, by name.
///
/// It owns discovery (`PluginSearchPath`), scanning (`PluginScanner`, `PluginScanCache`),
/// loading (`PluginLoader`) and the tables; it knows nothing of pipelines, frames or pixels.
/// A scanned registry opens a plugin in this process only when a lookup needs one of its
/// names. Plugins are never unloaded: a library may contain code (Swift among it) that does
/// not survive `dlclose`.
public final class Registry: Sendable {
    let state = Mutex(RegistryTables())
    /// False for `--isolate`: lookups return what the scan found and never open a plugin in
    /// this process; plugin code then runs in child processes only.
    public let opensPlugins: Bool

    public init(opensPlugins: Bool = true) {
        self.opensPlugins = opensPlugins
    }

    public var animators: [String: AnimatorEntry] { state.withLock { $0.animators } }
    public var mixers: [String: MixerEntry] { state.withLock { $0.mixers } }
    public var effects: [String: EffectEntry] { state.withLock { $0.effects } }
    public var curves: [String: CurveEntry] { state.withLock { $0.curves } }
    public var plugins: [PluginInfo] { state.withLock { $0.plugins } }
    public var broken: [BrokenPlugin] { state.withLock { $0.broken } }
    public var clashes: [NameClash] { state.withLock { $0.clashes } }
    /// Problems that did not stop a plugin from loading (a refused descriptor, a log line).
    public var warnings: [String] { state.withLock { $0.warnings } }

    /// Adds a problem its user met while setting it up (a plugin folder that cannot be searched).
    public func warn(_ message: String) { state.withLock { $0.warnings.append(message) } }

    /// Opens every plugin file in `directories` in this process, in order. Broken files are
    /// recorded, not thrown. A plugin that crashes in `init` takes this process with it: hosts
    /// that can run a child use `scan(directories:with:)`.
    public func load(directories: [String]) {
        for file in PluginSearchPath.pluginFiles(in: directories) {
            state.withLock { tables in
                switch Self.open(file.resolved, shownAs: file.path) {
                case .failure(let error): tables.broken.append(BrokenPlugin(path: file.path, reason: error.description))
                case .success(let loaded): tables.add(loaded)
                }
            }
        }
    }

    /// Opens one plugin file in this process and adds what it registers; returns why it
    /// cannot be used, or nil. For a child that runs the plugins a pipeline names.
    public func open(pluginFile path: String) -> String? {
        let resolved = PluginSearchPath.realPath(path)
        return state.withLock { tables in
            switch Self.open(resolved, shownAs: path) {
            case .failure(let error): return error.description
            case .success(let loaded):
                tables.add(loaded)
                return nil
            }
        }
    }

    public func animator(named name: String) -> Lookup<AnimatorEntry> {
        skipped(name, else: lookup(name, in: \.animators, kind: .animator) { $0.openedDescriptor != nil })
    }

    public func mixer(named name: String) -> Lookup<MixerEntry> {
        scanFrei0rIfNeeded(name, in: \.mixers)
        let found = brokenFrei0r(name, else: lookup(name, in: \.mixers, kind: .mixer) { $0.openedDescriptor != nil })
        return skipped(name, else: found)
    }

    /// A missing name that a skipped file would most likely have registered: why it was skipped,
    /// rather than "unknown". That is a file named after it (`shake.so`, `Semi.glsl`, as
    /// `new-animator` and the GLSL collection name them), or one whose reason names it in quotes
    /// (a descriptor the host refused).
    private func skipped<Entry>(_ name: String, else found: Lookup<Entry>) -> Lookup<Entry> {
        guard case .missing = found else { return found }
        let file = state.withLock { tables in
            tables.broken.first { URL(fileURLWithPath: $0.path).deletingPathExtension().lastPathComponent == name }
                ?? tables.broken.first { $0.reason.contains("\"\(name)\"") }
        }
        return file.map(Lookup.skipped) ?? found
    }

    public func effect(named name: String) -> Lookup<EffectEntry> {
        scanFrei0rIfNeeded(name, in: \.effects)
        let found = brokenFrei0r(name, else: lookup(name, in: \.effects, kind: .effect) { $0.openedDescriptor != nil })
        return skipped(name, else: found)
    }

    /// A `frei0r.` name whose file is there but could not be used: why, rather than "unknown".
    private func brokenFrei0r<Entry>(_ name: String, else found: Lookup<Entry>) -> Lookup<Entry> {
        guard case .missing = found, name.hasPrefix(Frei0rPlugin.prefix) else { return found }
        let broken = state.withLock { tables -> BrokenPlugin? in
            guard let source = tables.frei0r, let file = Frei0rPlugin.file(registering: name, in: source.directories)
            else { return nil }
            return tables.broken.first { $0.path == file }
        }
        guard let broken else { return found }
        return .unavailable(PluginOpenFailure(path: broken.path, reason: broken.reason))
    }

    /// A `frei0r.` name not known yet has its file scanned now (see `scanFrei0r`).
    private func scanFrei0rIfNeeded<Entry>(_ name: String, in table: KeyPath<RegistryTables, [String: Entry]>) {
        guard name.hasPrefix(Frei0rPlugin.prefix), state.withLock({ $0[keyPath: table][name] == nil }) else { return }
        scanFrei0r(registering: name)
    }

    public func curve(named name: String) -> Lookup<CurveEntry> {
        skipped(name, else: lookup(name, in: \.curves, kind: .curve) { $0.function != nil })
    }

    /// Every name of `kind`, sorted, for a message that suggests one. A pipeline's lookups scan
    /// only the frei0r files it names, so for effects and mixers every frei0r file is scanned
    /// first: in child processes the first time, from the scan cache after that.
    public func allNames(of kind: RegistrationKind) -> [String] {
        if kind == .effect || kind == .mixer { scanAllFrei0r() }
        return state.withLock { tables in
            switch kind {
            case .animator: Array(tables.animators.keys)
            case .mixer: Array(tables.mixers.keys)
            case .effect: Array(tables.effects.keys)
            case .curve: Array(tables.curves.keys)
            }
        }.sorted()
    }

    /// Calls the `deinit` of every plugin opened in this process, last opened first. The
    /// libraries stay mapped.
    public func shutdown() {
        let deinits = state.withLock { tables in
            defer { tables.deinits.removeAll() }
            return tables.deinits
        }
        for deinitialize in deinits.reversed() { deinitialize() }
    }

    /// A name's entry, its plugin opened first if only its scan is known.
    private func lookup<Entry: Registered & Sendable>(
        _ name: String, in table: KeyPath<RegistryTables, [String: Entry]>, kind: RegistrationKind,
        isOpen: (Entry) -> Bool
    ) -> Lookup<Entry> {
        state.withLock { tables in
            if let clash = tables.clash(name, kind: kind) { return .ambiguous(clash) }
            guard let entry = tables[keyPath: table][name] else { return .missing }
            if opensPlugins, !isOpen(entry), let failure = Self.openScanned(entry.plugin.path, in: &tables) {
                return .unavailable(failure)
            }
            return tables[keyPath: table][name].map(Lookup.found) ?? .missing
        }
    }
}
