import CommandTestSupport
import Foundation
import Testing

/// A pipeline's images resolve inside its folder, after symbolic links and `..`, unless
/// `--allow-outside-images` is given: on every command that loads a pipeline.
@Suite struct ImageConfinementTests {
    static let commands: [[String]] = [
        ["validate"], ["run", "--out", "out"], ["frame", "--at", "0", "-o", "still.png"], ["sheet", "-o", "sheet.png"],
        ["preview"],
    ]

    /// `outer/` holds an image; `outer/project/` the pipeline that refers to `image` (its value).
    struct Layout {
        let outer: URL
        var project: URL { outer.appendingPathComponent("project") }

        init(image: String) throws {
            outer = try CLI.temporaryDirectory()
            try FileManager.default.createDirectory(
                at: outer.appendingPathComponent("project/assets"), withIntermediateDirectories: true)
            let poster = CLI.repositoryRoot.appendingPathComponent("examples/assets/poster.png")
            try FileManager.default.copyItem(at: poster, to: outer.appendingPathComponent("outside.png"))
            try FileManager.default.copyItem(at: poster, to: outer.appendingPathComponent("project/assets/inside.png"))
            try PluginFixtures.write(
                PluginFixtures.pipeline(layer: "\"image\": \"\(image)\""), to: "p.json", in: project)
        }

        func run(_ command: [String], _ extra: [String] = []) throws -> CLI.Result {
            try CLI.run([command[0], "p.json"] + command.dropFirst() + extra, in: project)
        }

        func cleanUp() { try? FileManager.default.removeItem(at: outer) }
    }

    @Test(arguments: commands)
    func anImageOutsideThePipelineFolderIsRefused(command: [String]) throws {
        let layout = try Layout(image: "../outside.png")
        defer { layout.cleanUp() }
        let result = try layout.run(command)
        #expect(result.status == 1, "\(command[0]): \(result.stderr)")
        #expect(
            result.stderr.contains(
                "layers[0].image: layer \"box\": image \(layout.outer.path)/outside.png resolves to"),
            "\(result.stderr)")
        #expect(result.stderr.contains("outside the pipeline file's folder"), "\(result.stderr)")
        #expect(result.stderr.contains("--allow-outside-images"), "\(result.stderr)")
        #expect(
            !FileManager.default.fileExists(atPath: layout.project.appendingPathComponent("out").path),
            "nothing rendered")
    }

    @Test(arguments: commands.filter { $0[0] != "preview" })
    func theOptionAllowsIt(command: [String]) throws {
        let layout = try Layout(image: "../outside.png")
        defer { layout.cleanUp() }
        let result = try layout.run(command, ["--allow-outside-images"])
        #expect(result.status == 0, "\(command[0]): \(result.stderr)")
    }

    /// A link inside the folder that leads out is refused; the message says where it leads.
    @Test func aSymbolicLinkLeadingOutIsRefused() throws {
        let layout = try Layout(image: "assets/link.png")
        defer { layout.cleanUp() }
        try FileManager.default.createSymbolicLink(
            atPath: layout.project.appendingPathComponent("assets/link.png").path,
            withDestinationPath: "../../outside.png")
        let result = try layout.run(["validate"])
        #expect(result.status == 1, "\(result.stderr)")
        let resolved = layout.outer.resolvingSymlinksInPath().appendingPathComponent("outside.png").path
        #expect(result.stderr.contains("assets/link.png resolves to \(resolved), outside"), "\(result.stderr)")
    }

    @Test func imagesInsideTheFolderLoadHoweverTheyAreReached() throws {
        let layout = try Layout(image: "assets/../assets/link.png")
        defer { layout.cleanUp() }
        try FileManager.default.createSymbolicLink(
            atPath: layout.project.appendingPathComponent("assets/link.png").path,
            withDestinationPath: "inside.png")
        #expect(try layout.run(["validate"]).status == 0, "a link to a file inside, through ..")
        let absolute = "\(layout.project.path)/assets/inside.png"
        try PluginFixtures.write(
            PluginFixtures.pipeline(layer: "\"image\": \"\(absolute)\""), to: "p.json", in: layout.project)
        #expect(try layout.run(["validate"]).status == 0, "an absolute path inside the folder")
    }
}
