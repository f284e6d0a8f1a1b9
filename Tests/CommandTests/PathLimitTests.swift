import CommandTestSupport
import Foundation
import Testing

/// Paths past Linux's limits (4095 bytes in all, 255 in one name) are named with the limit they
/// pass, before anything is read or rendered.
@Suite struct PathLimitTests {
    static let longName = String(repeating: "n", count: 300)
    /// 21 names of 200 bytes: 4225 bytes, each name within NAME_MAX.
    static let longPath =
        "/tmp/" + Array(repeating: String(repeating: "d", count: 200), count: 21).joined(separator: "/")

    @Test func aPipelineFileWithATooLongNameIsNamedWithTheLimit() throws {
        let result = try CLI.run(["validate", "/tmp/\(Self.longName).json"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("the pipeline file's path has a name of 305 bytes"), "\(result.stderr)")
        #expect(result.stderr.contains("at most 255 bytes"), "\(result.stderr)")
    }

    @Test func aTooLongPipelinePathIsNamedWithTheLimit() throws {
        let result = try CLI.run(["run", Self.longPath + "/p.json"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stderr.contains("is \(Self.longPath.utf8.count + 7) bytes long; a path may be at most 4095 bytes"),
            "\(result.stderr)")
    }

    @Test func aTooLongImagePathNamesTheLayerAndTheKey() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PluginFixtures.write(
            PluginFixtures.pipeline(layer: "\"image\": \"\(Self.longName).png\""), to: "p.json", in: folder)
        let result = try CLI.run(["validate", "p.json"], in: folder)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("layers[0].image: layer \"box\": the image path"), "\(result.stderr)")
        #expect(result.stderr.contains("has a name of 304 bytes"), "\(result.stderr)")
    }

    @Test func aTooLongOutputFolderIsRefusedBeforeRendering() throws {
        let folder = try SmallPipeline.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["run", "small.json", "--out", Self.longPath, "--format", "png"], in: folder)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stderr.contains("the output folder \(Self.longPath) is \(Self.longPath.utf8.count) bytes long"),
            "\(result.stderr)")
        #expect(result.stderr.contains("--out"), "\(result.stderr)")
    }

    @Test func aTooLongOutputDirInThePipelineNamesTheKey() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = PluginFixtures.pipeline().replacingOccurrences(
            of: #""dir": "out""#, with: "\"dir\": \"\(Self.longName)\"")
        try PluginFixtures.write(text, to: "p.json", in: folder)
        let result = try CLI.run(["validate", "p.json"], in: folder)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("output.dir: the output folder"), "\(result.stderr)")
    }

    /// A pipeline file's name fits, but the video named after it, staged as `.<name>.partial-<pid>.mp4`, does not.
    @Test func aVideoNameTooLongForItsTemporaryIsRefused() throws {
        let folder = try SmallPipeline.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = String(repeating: "v", count: 245)
        try FileManager.default.moveItem(
            at: folder.appendingPathComponent("small.json"), to: folder.appendingPathComponent("\(name).json"))
        let result = try CLI.run(["run", "\(name).json", "--out", "out", "--format", "png,mp4"], in: folder)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stderr.contains("cannot write \(folder.path)/out/\(name).mp4: it needs the temporary name"),
            "\(result.stderr)")
        #expect(result.stderr.contains("a file or folder name may be at most 255 bytes"), "\(result.stderr)")
        #expect(
            !FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/frame_0000.png").path),
            "nothing rendered")
    }

    @Test(arguments: [["frame", "--at", "0", "-o"], ["sheet", "-o"], ["sheet", "--chart"]])
    func aStillWithATooLongNameIsRefused(command: [String]) throws {
        let folder = try SmallPipeline.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = "\(folder.path)/\(String(repeating: "s", count: 250)).png"
        let result = try CLI.run([command[0], "small.json"] + command.dropFirst() + [path], in: folder)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("\(command.last!) \(path): it needs the temporary name"), "\(result.stderr)")
        #expect(try SmallPipeline.contents(of: folder) == ["small.json"])
    }

    @Test func aTooLongPluginFolderIsRefused() throws {
        let result = try CLI.run(["plugins", "--plugins", Self.longPath])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "plugin folder \(Self.longPath): its path is \(Self.longPath.utf8.count) bytes long"),
            "\(result.stderr)")
    }

    @Test func aTooLongFolderInThePluginPathIsSkippedWithAWarning() throws {
        let folder = try SmallPipeline.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(
            ["validate", "small.json"], in: folder, environment: ["PIPELINE_PLUGIN_PATH": Self.longPath])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "warning: skipped plugin folder \(Self.longPath): its path is \(Self.longPath.utf8.count) bytes long"),
            "\(result.stderr)")
    }
}
