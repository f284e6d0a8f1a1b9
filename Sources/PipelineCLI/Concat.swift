import ArgumentParser
import Foundation
import Output
import Scene

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
            let format = try step(exit: 1) { () throws(OutputError) in try VideoConcatenation.format(of: output) }
            let partFiles = try partFiles(format)
            let join = try step(exit: 1) { () throws(OutputError) in
                try VideoConcatenation(output: output, parts: partFiles)
            }
            let ffmpeg = try step(exit: 2) { () throws(OutputError) in try FFmpeg.require() }
            let ffprobe = try step(exit: 2) { () throws(OutputError) in try VideoProbe.locate(besides: ffmpeg) }
            try step(exit: 1) { () throws(OutputError) in try join.checkParts(ffprobePath: ffprobe) }
            let sound = try step(exit: 1) { () throws(OutputError) in try join.sound(ffprobePath: ffprobe) }
            try step(exit: 2) { () throws(OutputError) in try join.write(ffmpegPath: ffmpeg, sound: sound) }
            Console.note(
                "wrote \(output) from \(join.parts.count) parts" + (sound == nil ? "" : ", with their render's sound"))
        }

        /// The parts as given, or a lone folder's part files (`<name>.<first>-<last>.<ext>` in
        /// OUTPUT's format, not hidden: unfinished files are) sorted by name.
        private func partFiles(_ format: OutputFormat) throws -> [String] {
            var isDirectory: ObjCBool = false
            guard parts.count == 1, FileManager.default.fileExists(atPath: parts[0], isDirectory: &isDirectory),
                isDirectory.boolValue
            else { return parts }
            let folder = parts[0]
            let fileExtension = format.rawValue
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { name in
                !name.hasPrefix(".") && VideoPart(fileName: name)?.fileExtension.lowercased() == fileExtension
            }
            guard !names.isEmpty else {
                Console.error(
                    "\(folder) holds no parts named <name>.<first>-<last>.\(fileExtension): render them with "
                        + "pipeline run --shard I/N or --frames A-B, or list the parts to join")
                throw ExitCode.failure
            }
            return names.sorted().map { (folder as NSString).appendingPathComponent($0) }
        }

        /// Runs one stage; a failure is reported and exits with `status` (1: the parts are wrong,
        /// 2: ffmpeg is missing or failed).
        @discardableResult
        private func step<T>(exit status: Int32, _ body: () throws(OutputError) -> T) throws -> T {
            do throws(OutputError) {
                return try body()
            } catch {
                Console.error(error.description)
                throw ExitCode(status)
            }
        }
    }
}
