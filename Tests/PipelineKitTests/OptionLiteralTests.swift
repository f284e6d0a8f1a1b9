import Foundation
import PipelineKit
import Testing

/// Each option's command-line spelling is written once, in its declaration: no message below the
/// command line (and none in it) writes `--threads` or `"threads"`; each surface words the options
/// its messages name (`PipelineError.worded(_:)`).
@Suite struct OptionLiteralTests {
    typealias Boundary = ModuleBoundaryTests

    /// Where the options are declared: their flags are written there, and only there.
    static let declarations: Set = ["Sources/PipelineKit/RenderOptions.swift"]

    /// Files whose literals show commands as a user types them: the guides help prints and the
    /// files of a new plugin project. They are documentation, as docs/COMMANDS.md is.
    static let documentation: Set = [
        "Sources/PipelineKit/Pipeline+Frames.swift", "Sources/PipelineKit/PluginCatalog.swift",
        "Sources/PluginCheck/CheckGuide.swift", "Sources/Preview/PreviewGuide.swift",
    ]
    static let documentationFolders = ["Sources/PluginScaffold/"]

    /// Literals that spell one of our flags and may: each an argument of another program, or of
    /// our own commands as a script runs them, by file and the literal's text.
    static let allowed: [(file: String, literal: String)] = [
        // `check-plugin`'s hidden child command: its own arguments, which it gives itself.
        ("Sources/PluginCheck/CheckChildProcess.swift", "--threads"),
        ("Sources/PluginCheck/PluginCheckChild+Main.swift", "--threads"),
        // The plugin child server's own arguments (`_plugin-child --sandbox --plugin FILE`).
        ("Sources/Renderer/PluginCalls.swift", "--sandbox"),
        ("Sources/PluginIsolation/PluginChildServer+Main.swift", "--sandbox"),
    ]

    /// The long flags of every option a command declares from PipelineKit.
    static var flags: [String] { Pipeline.Option.allCases.map(\.option) }

    /// Bare names checked as whole literals: the flags that are no key of the pipeline file or
    /// the run record (`"scale"`, `"fps"`, `"frames"`, `"props"` are keys there too, and
    /// `"plugins"` is a folder and a command).
    static var bareNames: [String] {
        let keys: Set = ["out", "format", "formats", "quality", "scale", "fps", "frames", "props", "set", "plugins"]
        return Pipeline.Option.allCases.map(\.flag).filter { !keys.contains($0) }
    }

    /// The string literals of `text` (single- and multi-line), each with its line from 1; comments
    /// are skipped.
    static func literals(in text: String) -> [(line: Int, text: String)] {
        var found: [(Int, String)] = []
        let characters = Array(text)
        var index = 0
        var line = 1
        func at(_ offset: Int) -> Character? { index + offset < characters.count ? characters[index + offset] : nil }
        while index < characters.count {
            let character = characters[index]
            if character == "\n" {
                line += 1
                index += 1
            } else if character == "/", at(1) == "/" {
                while index < characters.count, characters[index] != "\n" { index += 1 }
            } else if character == "/", at(1) == "*" {
                index += 2
                while index < characters.count, !(characters[index] == "*" && at(1) == "/") {
                    if characters[index] == "\n" { line += 1 }
                    index += 1
                }
                index += 2
            } else if character == "\"" {
                let multiline = at(1) == "\"" && at(2) == "\""
                let start = line
                index += multiline ? 3 : 1
                var literal = ""
                while index < characters.count {
                    let next = characters[index]
                    if next == "\\" {
                        literal.append(next)
                        if let escaped = at(1) { literal.append(escaped) }
                        if at(1) == "\n" { line += 1 }
                        index += 2
                        continue
                    }
                    if multiline ? (next == "\"" && at(1) == "\"" && at(2) == "\"") : next == "\"" {
                        index += multiline ? 3 : 1
                        break
                    }
                    if next == "\n" { line += 1 }
                    literal.append(next)
                    index += 1
                }
                found.append((start, literal))
            } else {
                index += 1
            }
        }
        return found
    }

    /// Each literal of `text` (from `file`) spelling an option, as `file:line: …`.
    static func spellings(in text: String, of file: String) -> [String] {
        literals(in: text).flatMap { line, literal -> [String] in
            let flags = flags.filter { flag in
                literal.ranges(of: flag).contains { range in
                    let after = literal[range.upperBound...].first
                    return !(after?.isLetter ?? false) && after != "-"
                } && !allowed.contains { $0.file == file && $0.literal == flag }
            }
            let bare = bareNames.filter { literal == $0 }
            return (flags + bare).map { "\(file):\(line): \"\(literal)\" spells \($0)" }
        }
    }

    @Test func noLiteralSpellsAnOptionOutsideItsDeclaration() throws {
        for file in try Boundary.swiftFiles()
        where !Self.declarations.contains(file) && !Self.documentation.contains(file)
            && !Self.documentationFolders.contains(where: file.hasPrefix)
        {
            for found in Self.spellings(in: try Boundary.text(of: file), of: file) {
                Issue.record("\(found): name it through its declaration (Pipeline.Option, RenderOptions.Setting)")
            }
        }
    }

    /// The scan finds a flag in a message and a bare name, not in comments or other words.
    @Test func theScanFindsWhatItLooksFor() {
        let text = """
            // --threads in a comment
            let a = "give --threads 2"
            let b = "threads"
            let c = "--threadsafe and --out-of-band"
            """
        #expect(
            Self.spellings(in: text, of: "A.swift") == [
                "A.swift:2: \"give --threads 2\" spells --threads", "A.swift:3: \"threads\" spells threads",
            ])
    }
}
