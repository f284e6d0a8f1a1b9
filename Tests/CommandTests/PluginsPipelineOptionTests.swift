import CommandTestSupport
import Foundation
import Testing

/// `pipeline plugins --pipeline FILE` lists the plugins of the `plugins/` folder beside FILE too,
/// as `run FILE` finds them; without it they are not listed, and a FILE that is not there is
/// refused.
@Suite struct PluginsPipelineOptionTests {
    @Test func listsThePluginsBesideThePipeline() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plugins = folder.appendingPathComponent("project/plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        try """
        uniform float edge; // = 0.5
        vec4 transition(vec2 uv) { return uv.x < progress * edge * 2.0 ? getToColor(uv) : getFromColor(uv); }
        """.write(to: plugins.appendingPathComponent("beside-tip.glsl"), atomically: true, encoding: .utf8)
        try PluginFixtures.write("{}", to: "project/tip.json", in: folder)
        let environment = ["PIPELINE_CACHE_DIR": CLI.sharedCache]
        let listed = try CLI.run(
            ["plugins", "--pipeline", "project/tip.json", "--kind", "mixer"], in: folder, environment: environment)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("beside-tip"), "\(listed.stdout)")
        #expect(listed.stdout.contains(plugins.path), "the folder among those searched: \(listed.stdout)")
        let without = try CLI.run(["plugins", "--kind", "mixer"], in: folder, environment: environment)
        #expect(without.status == 0, "\(without.stderr)")
        #expect(!without.stdout.contains("beside-tip"), "\(without.stdout)")
        let missing = try CLI.run(["plugins", "--pipeline", "project/nope.json"], in: folder, environment: environment)
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("--pipeline project/nope.json: no such file"), "\(missing.stderr)")
    }
}
