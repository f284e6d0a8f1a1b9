import CommandTestSupport
import Foundation
import Testing

/// librsvg, rlottie, libswscale and libav are in pipeline's own libraries, loaded the first time a
/// pipeline needs them: a command that draws no SVG, Lottie or video does not load them (they
/// would cost every start milliseconds), and without the library the feature is refused, saying
/// what is missing, while the rest still works.
@Suite struct LazyLibraryTests {
    static let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="64" height="48">\
        <rect x="8" y="8" width="20" height="20" fill="#f00"/></svg>
        """

    static func pipeline(_ layer: String) -> String {
        """
        { "version": 1, "canvas": { "width": 64, "height": 48, "fps": 10, "duration": 0.3 },
          "layers": [ { "name": "picture", \(layer) } ] }
        """
    }

    /// The shared libraries the dynamic loader opened in the process `arguments` ran in
    /// (LD_DEBUG=libs, whose lines start with the process id; the first is the command's own, and
    /// processes it starts, such as a sanitizer's symbolizer, print theirs too).
    func loadedLibraries(_ arguments: [String], in folder: URL) throws -> String {
        let run = try CLI.run(arguments, in: folder, environment: ["LD_DEBUG": "libs"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n").filter { $0.contains("calling init:") }
        guard let first = lines.first, let pid = first.split(separator: ":").first else { return "" }
        return lines.filter { $0.split(separator: ":").first == pid }.joined(separator: "\n")
    }

    @Test func aPipelineWithoutSVGOrVideoLoadsNeither() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PluginFixtures.write(Self.svg, to: "logo.svg", in: folder)
        try PluginFixtures.write(Self.pipeline(##""fill": "#3366ff""##), to: "plain.json", in: folder)
        try PluginFixtures.write(Self.pipeline(#""svg": "logo.svg""#), to: "svg.json", in: folder)
        let plain = try loadedLibraries(["validate", "plain.json"], in: folder)
        for library in ["librsvg", "librlottie", "libxml2", "libswscale", "libavcodec", "libpipeline-"] {
            #expect(!plain.contains(library), "validate of a plain pipeline loaded \(library):\n\(plain)")
        }
        #expect(plain.contains("libcairo"), "LD_DEBUG showed no libraries:\n\(plain)")
        let drawn = try loadedLibraries(["validate", "svg.json"], in: folder)
        #expect(drawn.contains("libpipeline-vector.so") && drawn.contains("librsvg"), "\(drawn)")
        #expect(!drawn.contains("libswscale"), "\(drawn)")
    }

    @Test func withoutTheVectorLibraryAnSVGOrLottieLayerIsRefused() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PluginFixtures.write(Self.svg, to: "logo.svg", in: folder)
        try PluginFixtures.write(
            #"{"v":"5.7.4","fr":30,"ip":0,"op":30,"w":64,"h":48,"layers":[]}"#, to: "tick.json", in: folder)
        let missing = folder.appendingPathComponent("gone/libpipeline-vector.so").path
        let reason =
            "drawing SVG and Lottie is unavailable: libpipeline-vector.so was not found (looked for \(missing); "
            + "`make plugins` builds it)"
        for layer in [#""svg": "logo.svg""#, #""lottie": "tick.json""#] {
            try PluginFixtures.write(Self.pipeline(layer), to: "p.json", in: folder)
            let refused = try CLI.run(
                ["validate", "p.json"], in: folder, environment: ["PIPELINE_VECTOR_LIBRARY": missing])
            #expect(refused.status == 1, "\(layer): \(refused.stderr)")
            #expect(refused.stderr.contains("error: p.json:2:"), "\(layer): \(refused.stderr)")
            #expect(refused.stderr.contains(reason), "\(layer): \(refused.stderr)")
            let found = try CLI.run(["validate", "p.json"], in: folder)
            #expect(found.status == 0, "\(layer): \(found.stderr)")
        }
        try PluginFixtures.write(Self.pipeline(##""fill": "#3366ff""##), to: "p.json", in: folder)
        let plain = try CLI.run(["validate", "p.json"], in: folder, environment: ["PIPELINE_VECTOR_LIBRARY": missing])
        #expect(plain.status == 0, "\(plain.stderr)")
    }
}
