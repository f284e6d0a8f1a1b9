import ArgumentParser
import Foundation
import PipelineKit

/// The pipeline argument of the commands that read one pipeline and render no videos.
struct PipelineFile: ParsableArguments {
    @Argument(help: PipelineInput.argumentHelp(), completion: .file(extensions: ["json"])) var file: String
}

/// Where a command reads its pipeline: the file it names, or standard input for `-` and the paths
/// that name the same stream (`OpenPipeline.StandardInput`).
enum PipelineInput {
    /// The help of a command's pipeline argument; `run` says what its videos are called.
    static func argumentHelp(namingVideos: Bool = false) -> ArgumentHelp {
        let name = OpenPipeline.StandardInput.videoName
        let videos = namingVideos ? "; its videos are named \(name) (\(name).mp4 …)" : ""
        let discussion =
            "A pipeline from standard input is called \(OpenPipeline.StandardInput.name) in messages; its relative "
            + "paths (images, output.dir, plugins/) resolve from the current folder\(videos)."
        return ArgumentHelp("The pipeline file; - reads it from standard input.", discussion: discussion)
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
