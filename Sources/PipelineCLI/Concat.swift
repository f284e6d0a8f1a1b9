import ArgumentParser
import Output

extension Pipeline {
    struct Concat: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "concat",
            abstract: "Join the videos of --shard or --frames runs into one video.",
            discussion: """
                Takes the parts in the order given, or every <name>.<first>-<last>.<ext> file of a folder in name \
                order (which is frame order), checks that each part starts where the one before ended and that all \
                have one codec, size and frame rate, and writes OUTPUT, whose extension picks the format. MP4, WebM \
                and MOV streams are copied as they are; Y4M, GIF (with one palette for the whole) and APNG are \
                encoded again. Animated WebP cannot be joined: ffmpeg cannot read it back. Parts of a render with \
                sound carry its mix: the joined video gets the sound of the frames it holds, mixed once, exactly \
                as a whole render's.

                Examples:
                  pipeline concat clip.mp4 shards/
                  pipeline concat clip.webm out/clip.0000-0029.webm out/clip.0030-0059.webm
                """)

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
            do throws(VideoConcatenation.JoinFailure) {
                let (join, sound) = try VideoConcatenation.join(output: output, parts: parts)
                Console.note(
                    "wrote \(output) from \(join.parts.count) parts" + (sound ? ", with their render's sound" : ""))
            } catch {
                // 1: the parts are wrong; 2: ffmpeg is missing or failed.
                Console.error(error.description)
                throw ExitCode(error.isInput ? 1 : 2)
            }
        }
    }
}
