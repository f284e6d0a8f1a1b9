import CacheFiles
import Foundation
import Scene

/// The encoders one ffmpeg executable was built with, read from `ffmpeg -encoders` the first
/// time that executable is used (then from `FFmpegEncoderCache`), so a format whose encoder is
/// missing fails before rendering with a message naming it.
public struct FFmpegEncoders: Sendable {
    public let ffmpegPath: String
    public let names: Set<String>

    /// `environment` says where the cache folder is (`CacheFolder`).
    public init(
        ffmpegPath: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(OutputError) {
        self.ffmpegPath = ffmpegPath
        let file = CacheFolder.file(FFmpegEncoderCache.fileName, environment: environment)
        let cache = FFmpegEncoderCache.read(from: file)
        // Taken before asking: an executable replaced meanwhile is asked again next time.
        let executable = URL(fileURLWithPath: ffmpegPath).resolvingSymlinksInPath().path
        let stamp = FileStamp(of: executable)
        if let stamp, let known = cache.encoders(of: executable, stamp: stamp) {
            names = known
            return
        }
        names = Self.parse(try Self.listing(ffmpegPath))
        guard !names.isEmpty else {
            throw OutputError(
                "\(ffmpegPath) -encoders listed no encoders: is it ffmpeg? Install it (apt-get install ffmpeg) or set PIPELINE_FFMPEG to ffmpeg"
            )
        }
        guard let stamp, let file else { return }
        // Read again under the lock: other renders may have recorded their ffmpeg since.
        CacheFolder.exclusively(file) {
            var latest = FFmpegEncoderCache.read(from: file)
            latest.record(names, of: executable, stamp: stamp)
            latest.write(to: file)
        }
    }

    /// Succeeds when this ffmpeg has one of the encoders `format` can use.
    public func require(_ format: OutputFormat) throws(OutputError) {
        let wanted = format.encoders
        guard !wanted.isEmpty, !wanted.contains(where: names.contains) else { return }
        let which =
            wanted.count == 1 ? "no \(wanted[0]) encoder" : "none of the encoders " + wanted.joined(separator: ", ")
        throw OutputError(
            "ffmpeg (\(ffmpegPath)) has \(which), which \(format.rawValue) needs: install Debian's ffmpeg "
                + "(apt-get install ffmpeg), whose libavcodec is built with it, or set PIPELINE_FFMPEG to an ffmpeg "
                + "whose `ffmpeg -encoders` lists it; PNG frames are written without it")
    }

    /// Rows look like ` V....D libx264   libx264 H.264 …`: six capability letters, then the name.
    static func parse(_ listing: String) -> Set<String> {
        let rows = listing.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        return Set(
            rows.compactMap { words in
                guard words.count >= 2, words[0].count == 6, words[0].allSatisfy({ "VASFXBD.".contains($0) }),
                    words[1] != "="
                else { return nil }
                return String(words[1])
            })
    }

    private static func listing(_ ffmpegPath: String) throws(OutputError) -> String {
        String(decoding: try toolOutput(ffmpegPath, ["-hide_banner", "-encoders"]), as: UTF8.self)
    }
}

extension FFmpegEncoders {
    /// Succeeds when this ffmpeg has `encoder`, which the sound of `format` needs.
    public func require(encoder: String, for format: OutputFormat) throws(OutputError) {
        guard !names.contains(encoder) else { return }
        throw OutputError(
            "ffmpeg (\(ffmpegPath)) has no \(encoder) encoder, which the sound of \(format.rawValue) needs: install "
                + "Debian's ffmpeg (apt-get install ffmpeg) or set PIPELINE_FFMPEG to an ffmpeg whose "
                + "`ffmpeg -encoders` lists it")
    }
}
