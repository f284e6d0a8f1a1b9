import CommandTestSupport
import Foundation
import Testing

/// The bash completion script (`pipeline --generate-completion-script bash`), run by bash as a
/// user's Tab key runs it: pipeline files complete to `.json` files and folders, outputs to any
/// file, folders (`--plugins`, `--out`) to folders, and `--format` and `new-animator --lang` to
/// their values.
@Suite final class CompletionTests {
    /// Holds the script, and `work`: the folder Tab completes in.
    let root: URL
    var script: URL { root.appendingPathComponent("pipeline.bash") }
    var work: URL { root.appendingPathComponent("work") }

    init() throws {
        root = try CLI.temporaryDirectory()
        let assets = root.appendingPathComponent("work/assets")
        try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
        for file in ["intro.json", "notes.txt"] { try Data().write(to: work.appendingPathComponent(file)) }
        let generated = try CLI.run(["--generate-completion-script", "bash"])
        try #require(generated.status == 0, "\(generated.stderr)")
        try generated.stdoutData.write(to: script)
    }
    deinit { try? FileManager.default.removeItem(at: root) }

    /// What Tab offers after `words` (the last one being completed), sorted.
    private func complete(_ words: [String]) throws -> [String] {
        let harness = """
            source "$1"; shift
            COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
            _pipeline pipeline "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let arguments = ["-c", harness, "bash", script.path, "pipeline"] + words
        let result = try CLI.runProgram("/bin/bash", arguments, in: work)
        try #require(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init).sorted()
    }

    @Test(arguments: ["run", "validate", "frame", "sheet", "preview"])
    func aPipelineCompletesToJSONFilesAndFolders(command: String) throws {
        #expect(try complete([command, ""]) == ["assets", "intro.json"])
        #expect(try complete([command, "i"]) == ["intro.json"])
    }

    @Test func formatCompletesToTheFormatsRunWrites() throws {
        // The formats as run's own message lists them.
        let refusal = try CLI.run(["run", "intro.json", "--format", "none"], in: work)
        let message = try #require(refusal.stderr.split(separator: "\n").first)
        let listed = try #require(message.components(separatedBy: "expected ").last)
        let formats = listed.components(separatedBy: ", ").sorted()
        #expect(formats.contains("png") && formats.contains("mp4"), "\(refusal.stderr)")
        #expect(try complete(["run", "intro.json", "--format", ""]) == formats)
        #expect(try complete(["run", "intro.json", "--format", "m"]) == ["mov", "mp4"])
    }

    @Test func languageCompletesToEveryProjectLanguage() throws {
        #expect(try complete(["new-animator", "spin", "--lang", ""]) == ["c", "c++", "rust", "swift"])
        #expect(try complete(["new-animator", "spin", "--lang", "c"]) == ["c", "c++"])
    }

    @Test(arguments: [
        ["run", "intro.json", "--plugins"], ["validate", "intro.json", "--plugins"],
        ["run", "intro.json", "--out"], ["new-animator", "spin"],
    ])
    func aFolderCompletesToFolders(words: [String]) throws {
        #expect(try complete(words + [""]) == ["assets"])
    }

    @Test(arguments: [["frame", "intro.json", "-o"], ["sheet", "intro.json", "--chart"], ["concat"]])
    func anOutputCompletesToAnyFile(words: [String]) throws {
        #expect(try complete(words + [""]) == ["assets", "intro.json", "notes.txt"])
    }
}
