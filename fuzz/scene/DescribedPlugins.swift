import Foundation
import JSON
import PluginDescriptions

/// The in-repo plugins as their scan describes them (`fuzz/scene-plugins.json`, which
/// RegistryTests keep equal to what the plugins register): inputs are read against their names
/// and parameters, and no plugin is opened, so the fuzzer links no loader, GL, sandbox or libffi.
struct DescribedPlugins: PluginLookup {
    let animators: [String: AnimatorEntry]
    let mixers: [String: MixerEntry]
    let effects: [String: EffectEntry]
    let curves: [String: CurveEntry]

    /// Reads the file's registrations: a JSON array of what each plugin registered.
    init(file: String) throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
        let plugins = try ScanJSON.read(bytes) { (node) throws(ScanFormatError) in
            var plugins: [PluginRegistrations] = []
            for plugin in try node.scanArray() { plugins.append(try PluginRegistrations(reading: plugin)) }
            return plugins
        }
        animators = Self.byName(plugins.flatMap(\.animators))
        mixers = Self.byName(plugins.flatMap(\.mixers))
        effects = Self.byName(plugins.flatMap(\.effects))
        curves = Self.byName(plugins.flatMap(\.curves))
    }

    private static func byName<Entry: Registered>(_ entries: [Entry]) -> [String: Entry] {
        Dictionary(entries.map { ($0.name, $0) }) { first, _ in first }
    }

    func animator(named name: String) -> Lookup<AnimatorEntry> { animators[name].map(Lookup.found) ?? .missing }
    func mixer(named name: String) -> Lookup<MixerEntry> { mixers[name].map(Lookup.found) ?? .missing }
    func effect(named name: String) -> Lookup<EffectEntry> { effects[name].map(Lookup.found) ?? .missing }
    func curve(named name: String) -> Lookup<CurveEntry> { curves[name].map(Lookup.found) ?? .missing }

    func allNames(of kind: RegistrationKind) -> [String] {
        switch kind {
        case .animator: animators.keys.sorted()
        case .mixer: mixers.keys.sorted()
        case .effect: effects.keys.sorted()
        case .curve: curves.keys.sorted()
        }
    }

    /// Nothing runs here, so every mixer found can run.
    func problem(running mixer: MixerEntry) -> String? { nil }
}
