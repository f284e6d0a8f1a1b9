import Foundation

/// What ffprobe reports about a video's first stream: enough to tell whether parts of a render
/// can be joined into one file (same codec, size, pixel format and frame rate).
public struct VideoProbe: Equatable, Sendable, CustomStringConvertible {
    public let codec: String
    public let width: Int, height: Int
    public let pixelFormat: String
    /// As ffprobe writes it, `20/1`.
    public let frameRate: String

    public var description: String {
        "\(codec) \(pixelFormat) \(width)×\(height) at \(frameRate) fps"
    }

    private struct Report: Decodable {
        struct Stream: Decodable {
            let codecName: String?
            let width: Int?
            let height: Int?
            let pixelFormat: String?
            let frameRate: String?

            enum CodingKeys: String, CodingKey {
                case codecName = "codec_name"
                case width, height
                case pixelFormat = "pix_fmt"
                case frameRate = "r_frame_rate"
            }
        }
        let streams: [Stream]?
    }

    /// Probes `path` with the ffprobe at `ffprobePath`.
    public init(path: String, ffprobePath: String) throws(OutputError) {
        let output = try toolOutput(
            ffprobePath,
            [
                "-v", "error", "-select_streams", "v:0", "-of", "json", "-show_entries",
                "stream=codec_name,width,height,pix_fmt,r_frame_rate", path,
            ])
        guard let stream = (try? JSONDecoder().decode(Report.self, from: output))?.streams?.first,
            let codec = stream.codecName, let width = stream.width, let height = stream.height, width > 0, height > 0
        else { throw OutputError("ffprobe finds no readable video in \(path): is it a video pipeline wrote?") }
        self.codec = codec
        self.width = width
        self.height = height
        pixelFormat = stream.pixelFormat ?? "unknown"
        frameRate = stream.frameRate ?? "unknown"
    }

    /// The ffprobe that ships beside `ffmpegPath` (Debian's ffmpeg package has both).
    public static func locate(besides ffmpegPath: String) throws(OutputError) -> String {
        let path = (ffmpegPath as NSString).deletingLastPathComponent + "/ffprobe"
        guard access(path, X_OK) == 0 else {
            throw OutputError(
                "no ffprobe beside \(ffmpegPath) (looked for \(path)): install ffmpeg (apt-get install ffmpeg), which includes it"
            )
        }
        return path
    }
}

extension VideoProbe {
    /// The file's metadata tag `key`, matched without regard to case (Matroska writes keys in
    /// capitals); nil when it has none.
    public static func tag(_ key: String, of path: String, ffprobePath: String) throws(OutputError) -> String? {
        let output = try toolOutput(ffprobePath, ["-v", "error", "-of", "json", "-show_entries", "format_tags", path])
        struct Report: Decodable {
            struct Format: Decodable { let tags: [String: String]? }
            let format: Format?
        }
        let tags = (try? JSONDecoder().decode(Report.self, from: output))?.format?.tags ?? [:]
        return tags.first { $0.key.lowercased() == key.lowercased() }?.value
    }
}
