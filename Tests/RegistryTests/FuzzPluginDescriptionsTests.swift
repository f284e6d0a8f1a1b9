import Foundation
import PluginDescriptions
import PluginRegistry
import RegistryTestSupport
import Testing

/// The scene fuzzer reads pipelines against the in-repo plugins' descriptions in
/// `fuzz/scene-plugins.json`, without opening them: that file must say what the plugins register.
@Suite struct FuzzPluginDescriptionsTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("fuzz/scene-plugins.json")

    /// What each in-repo plugin registered, in file order, each plugin named by its file's name
    /// (the build folder differs from machine to machine) and its entries sorted by name.
    static func registrations(of registry: Registry) -> [PluginRegistrations] {
        registry.plugins.sorted { $0.path < $1.path }.map { info in
            let named = PluginInfo(
                path: URL(fileURLWithPath: info.path).lastPathComponent, id: info.id, version: info.version,
                description: info.description, about: info.about, origin: info.origin)
            return PluginRegistrations(
                info: named, animators: owned(registry.animators, by: info, as: named),
                mixers: owned(registry.mixers, by: info, as: named),
                effects: owned(registry.effects, by: info, as: named),
                curves: owned(registry.curves, by: info, as: named), warnings: [])
        }
    }

    /// The entries of `table` that `plugin` registered, sorted by name, their plugin named `named`.
    static func owned<Entry: PluginDescribed>(_ table: [String: Entry], by plugin: PluginInfo, as named: PluginInfo)
        -> [Entry]
    {
        table.values.filter { $0.plugin.path == plugin.path }.sorted { $0.name < $1.name }.map { $0.from(named) }
    }

    @Test func theFuzzersDescriptionsAreWhatThePluginsRegister() throws {
        let registry = InRepoPlugins.registry
        #expect(registry.broken.isEmpty, "in-repo plugins skipped: \(registry.broken)")
        let current = try ScanJSON.encode(Self.registrations(of: registry)) + Data("\n".utf8)
        if ProcessInfo.processInfo.environment["PIPELINE_RECORD_FUZZ_PLUGINS"] != nil {
            try current.write(to: Self.file)
        }
        let recorded = try Data(contentsOf: Self.file)
        #expect(
            recorded == current,
            """
            fuzz/scene-plugins.json is not what the in-repo plugins register: after changing a plugin's \
            names or parameters, write it again with PIPELINE_RECORD_FUZZ_PLUGINS=1 swift test --filter \
            FuzzPluginDescriptionsTests
            """)
    }
}
