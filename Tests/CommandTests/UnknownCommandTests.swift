import CommandTestSupport
import Foundation
import Testing

/// A first word that names no command is refused with exit 1 (as every usage error is) and a
/// message that suggests the nearest command, or lists them when none is near; the commands,
/// hidden ones included, help, --version and the completion scripts are untouched by it.
@Suite struct UnknownCommandTests {
    @Test(arguments: [
        ("rnu", "run"), ("fame", "frame"), ("valdiate", "validate"), ("sheets", "sheet"),
        ("new-anmator", "new-animator"),
    ])
    func aTypoSuggestsTheNearestCommand(typed: String, meant: String) throws {
        let result = try CLI.run([typed, "x.json"])
        #expect(result.status == 1)
        #expect(result.stderr == "error: unknown command \"\(typed)\"; did you mean \"\(meant)\"?\n")
    }

    @Test func withNothingNearTheCommandsAreListed() throws {
        let result = try CLI.run(["render", "x.json"])
        #expect(result.status == 1)
        #expect(
            result.stderr == "error: unknown command \"render\"; the commands are run, frame, validate, plugins, "
                + "sheet, preview, schema, new-animator, check-plugin, concat, submit (pipeline help COMMAND tells more)\n"
        )
    }

    @Test func aPipelineFileInPlaceOfTheCommandIsShownHowToRenderIt() throws {
        let result = try CLI.run(["intro.json"])
        #expect(result.status == 1)
        #expect(
            result.stderr == "error: unknown command \"intro.json\"; "
                + "to render that pipeline: pipeline run intro.json\n")
    }

    @Test(arguments: [
        ["--help"], ["help"], ["help", "run"], ["run", "--help"], ["--version"],
        ["--generate-completion-script", "bash"], ["--generate-completion-script", "zsh"],
    ])
    func helpVersionAndCompletionStillWork(arguments: [String]) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        #expect(!result.stdout.isEmpty)
        #expect(!result.stderr.contains("unknown command"))
    }

    /// A known command's own usage errors keep their messages, hidden commands included.
    @Test(arguments: [["run"], ["_scan-plugin"], ["run", "--formt", "png", "x.json"]])
    func knownCommandsKeepTheirOwnErrors(arguments: [String]) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 1, "\(arguments): \(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: "), "argument-parser's message: \(result.stderr)")
    }

    /// The child `--isolate` starts: with nothing to serve (standard input empty) it ends at once.
    @Test func theHiddenPluginChildStillRuns() throws {
        let result = try CLI.run(["_plugin-child"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    }

    /// A request for shared memory of a size no address can hold (UInt64.max bytes) is refused in
    /// a reply, and the child goes on to the next request rather than trapping.
    @Test func thePluginChildRefusesSharedMemoryTooLargeToAddress() throws {
        // Messages are a little-endian UInt32 length, then the bytes: request 4 (map) with its
        // UInt64 size, then request 8 (quit).
        func message(_ bytes: [UInt8]) -> [UInt8] {
            withUnsafeBytes(of: UInt32(bytes.count).littleEndian) { Array($0) } + bytes
        }
        let input = message([4] + [UInt8](repeating: 0xff, count: 8)) + message([8])
        let result = try CLI.run(["_plugin-child"], input: Data(input))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("more than this system can address"), "\(result.stdout)")
    }
}
