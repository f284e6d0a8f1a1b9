import ArgumentParser
import PipelineKit

extension Pipeline {
    struct Concat: ParsableCommand {
        static let configuration = CommandConfiguration.subcommand(
            "concat",
            "Join the videos of \(RenderSetting.shard.option) or \(RenderSetting.frames.option) runs into one video.",
            guide: JoinedVideo.guide)

        @Argument(
            help: ArgumentHelp(
                "The video to write (.mp4, .webm, .mov, .y4m, .gif or .apng).",
                valueName: "output"),
            completion: .file())
        var output: String
        @Argument(
            help: ArgumentHelp("The parts in frame order, or one folder holding them.", valueName: "part"),
            completion: .file())
        var parts: [String]

        func validate() throws {
            guard !parts.isEmpty else {
                throw ValidationError("give the parts to join, or the folder holding them, after \(output)")
            }
        }

        func run() throws {
            // 1: the parts are wrong; 2: ffmpeg is missing or failed.
            let video = try Session.attempt { try JoinedVideo.join(parts, into: output) }
            Console.note(
                "wrote \(output) from \(video.partCount) parts" + (video.hasSound ? ", with their render's sound" : ""))
        }
    }
}
