import Foundation
import Output
import Scene
import Testing

/// A format whose encoder this ffmpeg lacks is refused up front, naming the encoder and the
/// package; Y4M streams onto a file handle as ffmpeg produces it.
@Suite("Encoder checks and streams")
final class FormatEncoderCheckTests {
    private let scratch: ScratchFolder
    init() throws { scratch = try ScratchFolder() }

    /// An "ffmpeg" whose `-encoders` lists libx264 and gif only.
    private func limitedFFmpeg() throws -> String {
        try FFmpegLocateTests.script(
            in: scratch.path, named: "ffmpeg",
            body: """
                printf 'Encoders:\\n V..... = Video\\n ------\\n V....D libx264              libx264 H.264\\n V..... gif                  GIF\\n'
                """)
    }

    @Test("a missing encoder is named with the Debian package to install")
    func missingEncoder() throws {
        let encoders = try FFmpegEncoders(ffmpegPath: try limitedFFmpeg())
        #expect(encoders.names == ["libx264", "gif"])
        try encoders.require(.mp4)
        try encoders.require(.png)
        let webm = #expect(throws: OutputError.self) { try encoders.require(.webm) }
        #expect(
            webm?.description.hasPrefix(
                "ffmpeg (\(scratch.path)/ffmpeg) has no libvpx-vp9 encoder, which webm needs: install Debian's ffmpeg (apt-get install ffmpeg)"
            ) == true,
            "\(String(describing: webm))")
        let webp = #expect(throws: OutputError.self) { try encoders.require(.webp) }
        #expect(webp?.description.contains("has none of the encoders libwebp_anim, libwebp, which webp needs") == true)
    }

    @Test("something that lists no encoders is not taken for ffmpeg")
    func notFFmpeg() throws {
        let error = #expect(throws: OutputError.self) { try FFmpegEncoders(ffmpegPath: "/bin/true") }
        #expect(
            error?.description
                == "/bin/true -encoders listed no encoders: is it ffmpeg? Install it (apt-get install ffmpeg) or set PIPELINE_FFMPEG to ffmpeg"
        )
    }

    @Test("this machine's ffmpeg has every encoder", .enabled(if: Tools.available, Tools.missing))
    func realFFmpeg() throws {
        let encoders = try FFmpegEncoders(ffmpegPath: Tools.ffmpeg!)
        for format in OutputFormat.allCases { try encoders.require(format) }
    }

    @Test(
        "y4m streams onto a handle: a YUV4MPEG2 header, then frames ffmpeg reads",
        .enabled(if: Tools.available, Tools.missing))
    func y4mStream() throws {
        let path = scratch.path + "/stream.y4m"
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        let encoder = try FFmpegEncoder(
            format: .y4m, stream: handle, width: 64, height: 48, fps: 25, ffmpegPath: Tools.ffmpeg!)
        for index in 0..<10 {
            try TestFrame.sample(index: index, opaque: true).withView { view throws(OutputError) in
                try encoder.write(view, index: index)
            }
        }
        try encoder.finish()
        try handle.close()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.starts(with: Array("YUV4MPEG2 W64 H48 F25:1".utf8)))
        let info = try Tools.probe(path)
        #expect(info["nb_read_frames"] == "10" && info["width"] == "64" && info["height"] == "48", "\(info)")
        // Nothing but the stream: no staged file beside it.
        #expect(try Tools.files(in: scratch.path) == ["stream.y4m"])
    }
}
