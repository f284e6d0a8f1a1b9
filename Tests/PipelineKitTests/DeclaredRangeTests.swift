import Foundation
import PipelineKit
import Scene
import Testing

/// Each range below is declared once; no other text of the repository writes its bounds as a
/// range (`0.05...4`, `.05 ..< 4.0`, `0.05 … 4`, `[0.05, 4]`) on a line that names it; prose and
/// messages (`from 0.1 to 1`) may say them. Generated text is left out: the docs' tables between `<!-- BEGIN … generated` and
/// `<!-- END` lines (FORMAT.md's keys, COMMANDS.md's render options, which `FormatDeclarationTests`
/// checks against the declarations); the JSON Schema is made from the declarations when asked for.
@Suite struct DeclaredRangeTests {
    /// A range, the file that declares it and the words a line repeating it would name it by.
    struct Declared: Sendable {
        let bounds: ClosedRange<Double>
        let file: String
        let names: [String]
    }

    /// A line that writes a declared range's bounds again.
    struct Repeat: Equatable, CustomStringConvertible {
        let file: String
        let line: Int
        let text: String
        var description: String { "\(file):\(line): \(text)" }
    }

    static let declared = [
        Declared(bounds: Pipeline.RenderScale.range, file: "Sources/PipelineKit/RenderScale.swift", names: ["scale"]),
        Declared(bounds: Pipeline.RenderScale.drafts, file: "Sources/PipelineKit/RenderScale.swift", names: ["scale"]),
        Declared(bounds: Keys.opacities, file: "Sources/Scene/Format/Keys.swift", names: ["opacity", "opacities"]),
        Declared(bounds: Keys.blurSamples, file: "Sources/Scene/Format/Keys.swift", names: ["samples", "blur"]),
    ]

    /// Text that writes a declared range's bounds and may, by file (a folder ends in `/`): each says
    /// something other than the format's declaration.
    static let allowed: [(file: String, reason: String)] = [
        ("Sources/CAnimatorABI/include/animator.h", "the plugin ABI's contract for C plugins, which the host holds to"),
        ("Tests/ABI/", "released versions of animator.h, kept byte for byte"),
        ("Tests/CommandTests/ValidateCommandTests.swift", "a message as a user reads it, character for character"),
        ("Tests/PluginTests/PluginListingTests.swift", "the fade plugin's own opacity parameter, declared in its C"),
    ]

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let this = "Tests/PipelineKitTests/DeclaredRangeTests.swift"

    /// The folders scanned, and the kinds of text file read in them (examples: their programs only).
    static let scanned: [(folder: String, extensions: Set<String>)] = [
        ("Sources", code), ("bindings", code), ("docs", code), ("Tests", code), ("scripts", code),
        ("examples", ["py", "js"]), ("README.md", ["md"]),
    ]
    static let code: Set = ["swift", "c", "h", "cpp", "py", "js", "md", "sh", "rs", "html", ""]

    /// Two numbers written as a range: `a...b`, `a..<b`, `a … b` or `[a, b]`.
    static let rangePattern = try! NSRegularExpression(
        pattern: #"(?<![\w.])(\#(number))\s*(?:\.\.\.|\.\.<|…)\s*(\#(number))(?![\w.])"#
            + #"|\[\s*(\#(number))\s*,\s*(\#(number))\s*\]"#)
    /// A number as code and prose write it: `4`, `4.0`, `.05`, `-1`, `100_000`.
    static let number = #"-?\d[\d_]*\.?\d*|-?\.\d+"#

    /// Every line under `root` that writes one of `ranges`' bounds as a range while naming it.
    static func repeats(under root: URL, of ranges: [Declared] = declared) throws -> [Repeat] {
        var found: [Repeat] = []
        for (folder, extensions) in scanned {
            for file in try files(under: root, folder, extensions)
            where file != this
                && !allowed.contains(where: { file == $0.file || file.hasPrefix($0.file) && $0.file.hasSuffix("/") })
            {
                let lines = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                    .components(separatedBy: "\n")
                var generated = false
                for (index, line) in lines.enumerated() {
                    if line.hasPrefix("<!-- BEGIN") && line.contains("generated") { generated = true }
                    if line.hasPrefix("<!-- END") { generated = false }
                    guard !generated else { continue }
                    let lowered = line.lowercased()
                    let written = rangePattern.matches(in: line, range: NSRange(line.startIndex..., in: line))
                        .compactMap { match in bounds(of: match, in: line) }
                    let repeated = ranges.contains { range in
                        range.file != file && range.names.contains { lowered.contains($0) }
                            && written.contains(range.bounds)
                    }
                    if repeated { found.append(Repeat(file: file, line: index + 1, text: line)) }
                }
            }
        }
        return found
    }

    /// The match's two numbers as a range; nil when either is no number.
    static func bounds(of match: NSTextCheckingResult, in line: String) -> ClosedRange<Double>? {
        let numbers = (1..<match.numberOfRanges).compactMap { Range(match.range(at: $0), in: line) }.compactMap {
            Double(line[$0].replacingOccurrences(of: "_", with: "").replacingOccurrences(of: "-.", with: "-0."))
        }
        guard numbers.count == 2, numbers[0] <= numbers[1] else { return nil }
        return numbers[0]...numbers[1]
    }

    /// The files of `folder` (or the file itself) with one of `extensions`, as paths from `root`.
    static func files(under root: URL, _ folder: String, _ extensions: Set<String>) throws -> [String] {
        let url = root.appendingPathComponent(folder)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return [] }
        guard isFolder.boolValue else { return [folder] }
        let found = try #require(FileManager.default.enumerator(atPath: url.path)).compactMap { $0 as? String }
        return found.filter { path in
            let name = (path as NSString).lastPathComponent
            let ext = (name as NSString).pathExtension
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: url.appendingPathComponent(path).path, isDirectory: &isFolder)
            return !name.hasPrefix(".") && !path.contains("/.") && extensions.contains(ext) && !isFolder.boolValue
                && (!ext.isEmpty || folder == "scripts")
        }.sorted().map { "\(folder)/\($0)" }
    }

    @Test func noFileRepeatsADeclaredRange() throws {
        let found = try Self.repeats(under: Self.root)
        #expect(
            found.isEmpty,
            "written again outside their declarations:\n\(found.map(\.description).joined(separator: "\n"))")
    }

    /// A copy of the files `plant` goes into, under a temporary root.
    static func plant(_ text: String, into file: String, afterLine line: Int) throws -> (root: URL, line: Int) {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("declared-\(UUID().uuidString)")
        let target = copy.appendingPathComponent(file)
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        let original = (try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)) ?? ""
        var lines = original.components(separatedBy: "\n")
        lines.insert(text, at: line)
        try lines.joined(separator: "\n").write(to: target, atomically: true, encoding: .utf8)
        return (copy, line + 1)
    }

    @Test func theScaleRangeWrittenInThePythonPackageIsFound() throws {
        let file = "bindings/python/uipipeline/__init__.py"
        let (copy, line) = try Self.plant(
            #"            raise ValueError(f"scale must be within 0.05 ... 4, got {scale}")"#, into: file, afterLine: 10
        )
        defer { try? FileManager.default.removeItem(at: copy) }
        let found = try Self.repeats(under: copy)
        #expect(found.map(\.file) == [file] && found.map(\.line) == [line], "\(found)")
    }

    @Test func thePreviewsDraftScalesWrittenAsALiteralAreFound() throws {
        let file = "Sources/Preview/PreviewQuery.swift"
        let (copy, line) = try Self.plant("    package static let scales = 0.1...1.0", into: file, afterLine: 5)
        defer { try? FileManager.default.removeItem(at: copy) }
        let found = try Self.repeats(under: copy)
        #expect(found.map(\.file) == [file] && found.map(\.line) == [line], "\(found)")
    }

    /// Every spelling of the same bounds is the same range; other numbers, or a line naming
    /// something else, are not.
    @Test(arguments: [
        ("scale: .05..<4.0", true), ("scale [0.05, 4]", true), ("scale 0.05 … 4", true), ("scale 0.05 ... 4", true),
        ("opacity: 0...1", true), ("opacity 0.0 … 1.0", true), ("scale: 0.05...40", false),
        ("scale: 10.05...4", false), ("quality: 0.05...4", false), ("opacity 0...1.5", false),
    ])
    func spellingsOfTheBounds(line: String, found: Bool) throws {
        let (copy, _) = try Self.plant(line, into: "docs/plant.md", afterLine: 0)
        defer { try? FileManager.default.removeItem(at: copy) }
        #expect(try !Self.repeats(under: copy).isEmpty == found)
    }
}
