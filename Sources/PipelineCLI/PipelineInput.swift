import ArgumentParser
import Foundation
import PipelineKit

/// The pipeline argument of the commands that read one pipeline and render no videos.
struct PipelineFile: ParsableArguments {
    @Argument(help: PipelineInput.argumentHelp(), completion: .file(extensions: ["json"])) var file: String
}

/// Where a command reads its pipeline: the file it names, or standard input for `-` (and for
/// `/dev/stdin`, which names the same stream). A pipeline from standard input has no folder of
/// its own: its relative paths (images, `output.dir`) and `plugins/` resolve from the current
/// folder, messages call it `<stdin>`, and its videos are named `pipeline`.
enum PipelineInput {
    static let standardInputName = "<stdin>"
    /// The base name of the videos of a pipeline read from standard input.
    static let standardInputVideoName = "pipeline"

    /// The help of a command's pipeline argument; `run` says what its videos are called.
    static func argumentHelp(namingVideos: Bool = false) -> ArgumentHelp {
        let name = standardInputVideoName
        let videos = namingVideos ? "; its videos are named \(name) (\(name).mp4 …)" : ""
        let discussion =
            "A pipeline from standard input is called \(standardInputName) in messages; its relative "
            + "paths (images, output.dir, plugins/) resolve from the current folder\(videos)."
        return ArgumentHelp("The pipeline file; - reads it from standard input.", discussion: discussion)
    }

    /// True for `-` and the paths Linux gives standard input. They are read as a stream, not
    /// opened by path: the folder of `/dev/stdin` is `/dev`, which is no place to look for images.
    static func isStandardInput(_ argument: String) -> Bool {
        ["-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"].contains(argument)
    }

    /// The pipeline's name in messages, and the path whose folder relative paths resolve from
    /// (`<stdin>` has none, so it resolves from the current folder).
    static func name(_ argument: String) -> String {
        isStandardInput(argument) ? standardInputName : argument
    }

    /// Standard input to its end. Each command reads its pipeline once; the run record keeps
    /// the hash of these bytes (the scene's `pipelineHash`), since there is no file to read again.
    static func standardInput() throws -> [UInt8] {
        if isatty(STDIN_FILENO) == 1 {
            Console.note("reading the pipeline from standard input: end it with Ctrl-D")
        }
        // No more than the limit is held: decoding refuses what reaches it.
        return Array(try FileHandle.standardInput.read(upToCount: OpenPipeline.maximumFileBytes + 1) ?? Data())
    }
}
