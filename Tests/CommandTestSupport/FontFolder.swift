import Foundation
import Testing

/// A temporary folder for tests of a pipeline's own font files: the fixture font (Liberation
/// Serif) in `fonts/serif.ttf`, fontconfig files that know DejaVu and the folders a test names,
/// pipelines that draw a word, and their frames drawn by `pipeline frame`.
public struct FontFolder {
    public static let fixture = CLI.repositoryRoot.appendingPathComponent("Tests/Fonts/LiberationSerif-Regular.ttf")
    public static let dejaVu = "/usr/share/fonts/truetype/dejavu"

    public let url: URL

    public init() throws {
        url = try CLI.temporaryDirectory()
        let fonts = url.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.fixture, to: fonts.appendingPathComponent("serif.ttf"))
    }

    /// FONTCONFIG_FILE for a run that sees DejaVu and the fonts in `installed` only.
    public func fontconfig(installing installed: [URL] = []) throws -> [String: String] {
        let name = "fonts-\(installed.count).conf"
        let dirs = ([Self.dejaVu] + installed.map(\.path)).map { "  <dir>\($0)</dir>" }
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig>
            \(dirs.joined(separator: "\n"))
              <cachedir>\(url.path)/fontconfig-cache</cachedir>
            </fontconfig>
            """
        try text.write(to: url.appendingPathComponent(name), atomically: true, encoding: .utf8)
        return ["FONTCONFIG_FILE": url.appendingPathComponent(name).path]
    }

    /// A pipeline drawing "Hamburgefonstiv" in `text`'s style, listing `fonts`.
    public func pipeline(_ name: String, fonts: [Any]? = nil, text: [String: Any]) throws {
        var style = text
        style["string"] = "Hamburgefonstiv"
        style["size"] = 28
        var document: [String: Any] = [
            "version": 1,
            "canvas": ["width": 260, "height": 50, "fps": 10, "duration": 0.2, "background": "#ffffff"],
            "layers": [["name": "title", "text": style]],
            "output": ["dir": "out-\(name)", "formats": ["png"]],
        ]
        if let fonts { document["fonts"] = fonts }
        let data = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
        try data.write(to: url.appendingPathComponent("\(name).json"))
    }

    /// The frame at 0 s of pipeline `name` as PNG bytes, with `environment`.
    public func frame(_ name: String, _ environment: [String: String]) throws -> Data {
        let result = try CLI.run(
            ["frame", "\(name).json", "--at", "0", "-o", "\(name).png"], in: url, environment: environment)
        try #require(result.status == 0, "\(result.stderr)")
        return try Data(contentsOf: url.appendingPathComponent("\(name).png"))
    }
}
