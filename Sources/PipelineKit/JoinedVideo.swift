import OptionNames
import Output

/// The videos of `--shard` or `--frames` renders joined into one, as `pipeline concat` joins them.
public struct JoinedVideo: Sendable {
    /// The video written.
    public let path: String
    /// How many parts it was joined from.
    public let partCount: Int
    /// Whether it carries the sound of the parts' render.
    public let hasSound: Bool

    /// Joins `parts` (in frame order, or one folder whose `<name>.<first>-<last>.<ext>` files in
    /// the output's format are taken in name order) into `output`, whose extension picks the
    /// format: checks that each part starts where the one before ended and that all share one
    /// codec, size and rate, then writes it, with the parts' render's sound when they carry it.
    /// Fails with `.input` when the parts or the output are wrong, `.render` when ffmpeg is
    /// missing or failed.
    public static func join(_ parts: [String], into output: String) throws(PipelineError) -> JoinedVideo {
        do throws(VideoConcatenation.JoinFailure) {
            let (join, sound) = try VideoConcatenation.join(output: output, parts: parts)
            return JoinedVideo(path: output, partCount: join.parts.count, hasSound: sound)
        } catch {
            throw PipelineError(error.isInput ? .input : .render, error.text)
        }
    }

    /// What a join takes, checks and writes, with examples: `pipeline concat --help` shows it.
    public static let guide = """
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
        """
}
