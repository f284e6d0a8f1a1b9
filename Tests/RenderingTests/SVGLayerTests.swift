import CommandTestSupport
import Foundation
import Testing

/// SVG as layer content: drawn as vectors at the render's scale, and confined to the pipeline
/// file's folder in what it refers to.
@Suite struct SVGLayerTests {
    /// The pixels across the bar's left edge that are neither the background nor the bar.
    private func edgeWidth(scale: Int, in folder: URL) throws -> Int {
        let still = "scale\(scale).png"
        let result = try CLI.run(["frame", "p.json", "--at", "0", "--scale", "\(scale)", "-o", still], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let image = try RGBAImage.read(folder.appendingPathComponent(still))
        #expect(image.width == 40 * scale)
        let row = image.height / 2
        return (0..<image.width / 2).filter { (1...254).contains(image[$0, row].r) }.count
    }

    @Test func edgesAreAsSharpAtScaleTwoAsAtOne() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PluginFixtures.write(VectorFixtures.bar, to: "bar.svg", in: folder)
        let layers = #"{"name": "bar", "svg": "bar.svg"}"#
        try PluginFixtures.write(
            VectorFixtures.pipeline(width: 40, height: 40, background: "#ffffff", layers: layers), to: "p.json",
            in: folder)
        let atOne = try edgeWidth(scale: 1, in: folder)
        let atTwo = try edgeWidth(scale: 2, in: folder)
        // A quarter-covered pixel at either scale; a bitmap drawn at 40×40 and scaled up would blur two or more.
        #expect(atOne == 1)
        #expect(atTwo <= atOne, "scale 2: \(atTwo) partly covered pixels across the edge, scale 1: \(atOne)")
    }

    @Test func anSVGNamedByImageIsDrawnAsOne() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PluginFixtures.write("\u{FEFF}\n  " + VectorFixtures.bar, to: "bar.picture", in: folder)
        let layers = #"{"name": "bar", "image": "bar.picture"}"#
        try PluginFixtures.write(
            VectorFixtures.pipeline(width: 40, height: 40, background: "#ffffff", layers: layers), to: "p.json",
            in: folder)
        let result = try CLI.run(["frame", "p.json", "--at", "0", "-o", "still.png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let image = try RGBAImage.read(folder.appendingPathComponent("still.png"))
        #expect(image[20, 20] == Pixel(0, 0, 0) && image[5, 20] == Pixel(255, 255, 255))
    }

    /// `project/` holds the pipeline and an SVG whose image element names `reference`; a green
    /// picture lies in `project/assets/` and another beside `project/`.
    private func render(referring reference: String) throws -> (result: CLI.Result, project: URL) {
        try render(
            svg: """
                <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="40">
                  <image xlink:href="\(reference)" width="40" height="40" preserveAspectRatio="none"/>
                </svg>
                """)
    }

    private func render(svg: String) throws -> (result: CLI.Result, project: URL) {
        let outer = try CLI.temporaryDirectory()
        let project = outer.appendingPathComponent("project")
        let poster = CLI.repositoryRoot.appendingPathComponent("examples/assets/poster.png")
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("assets"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: poster, to: outer.appendingPathComponent("outside.png"))
        try FileManager.default.copyItem(at: poster, to: project.appendingPathComponent("assets/inside.png"))
        try PluginFixtures.write(svg, to: "screen.svg", in: project)
        let layers = #"{"name": "screen", "svg": "screen.svg"}"#
        try PluginFixtures.write(
            VectorFixtures.pipeline(width: 40, height: 40, background: "#ff00ff", layers: layers), to: "p.json",
            in: project)
        return (try CLI.run(["frame", "p.json", "--at", "0", "-o", "still.png"], in: project), project)
    }

    @Test func aReferenceOutsideThePipelineFolderIsRefused() throws {
        let (result, project) = try render(referring: "../outside.png")
        defer { try? FileManager.default.removeItem(at: project.deletingLastPathComponent()) }
        #expect(result.status == 1)
        #expect(result.stderr.contains("p.json:3:39: layers[0].svg: cannot use SVG"), "\(result.stderr)")
        #expect(result.stderr.contains("line 2 refers to ../outside.png"), "\(result.stderr)")
        #expect(result.stderr.contains("outside the pipeline file's folder"), "\(result.stderr)")
    }

    @Test(arguments: ["http://example.com/poster.png", "https://example.com/poster.png"])
    func aNetworkReferenceIsRefused(reference: String) throws {
        let (result, project) = try render(referring: reference)
        defer { try? FileManager.default.removeItem(at: project.deletingLastPathComponent()) }
        #expect(result.status == 1)
        #expect(result.stderr.contains("refers to \(reference), an address on the network"), "\(result.stderr)")
    }

    /// The other ways a document can name a file: each refused, and named.
    @Test(arguments: [
        (
            #"<?xml-stylesheet type="text/css" href="../outside.css"?><svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"/>"#,
            "refers to ../outside.css"
        ),
        (
            #"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><style>@IMPORT/**/"../outside.css";</style></svg>"#,
            "refers to ../outside.css"
        ),
        (
            #"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect style="fill: URL(../outside.svg#p)" width="9" height="9"/></svg>"#,
            "refers to ../outside.svg#p"
        ),
        (
            #"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><style>rect { fill: u\72l(../x.svg#p) }</style></svg>"#,
            "has CSS with an escape"
        ),
        (
            #"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><g xml:base="../"><rect width="9" height="9"/></g></svg>"#,
            "sets xml:base to ../"
        ),
    ])
    func everyOtherFormOfReferenceIsChecked(svg: String, message: String) throws {
        let (result, project) = try render(svg: svg)
        defer { try? FileManager.default.removeItem(at: project.deletingLastPathComponent()) }
        #expect(result.status == 1)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func aReferenceInsideThePipelineFolderIsDrawn() throws {
        let (result, project) = try render(referring: "assets/inside.png")
        defer { try? FileManager.default.removeItem(at: project.deletingLastPathComponent()) }
        #expect(result.status == 0, "\(result.stderr)")
        let image = try RGBAImage.read(project.appendingPathComponent("still.png"))
        #expect(image[20, 20] != Pixel(255, 0, 255), "the referenced picture covers the background")
    }
}
