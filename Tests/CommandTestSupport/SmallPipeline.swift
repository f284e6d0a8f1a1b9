import Foundation

/// A pipeline that is quick to render in full: 120×80, 20 fps, 1 s. An orange card moves and
/// grows across a dark background; a white veil fades in over the second half.
public enum SmallPipeline {
    public static let (width, height, frameCount) = (120, 80, 20)
    public static let background = Pixel(0x20, 0x20, 0x30), card = Pixel(0xff, 0x95, 0x00)
    public static let text = """
        { "version": 1,
          "canvas": { "width": 120, "height": 80, "fps": 20, "duration": 1, "background": "#202030" },
          "layers": [
            { "name": "card", "fill": "#ff9500", "frame": [10, 10, 40, 30], "cornerRadius": 6 },
            { "name": "veil", "fill": "#ffffff", "opacity": 0 }
          ],
          "timeline": [
            { "animator": "move-and-scale", "target": "card", "start": 0, "duration": 1, "timing": "ease-in-out",
              "params": { "to": [60, 30, 50, 40] } },
            { "animator": "fade", "target": "veil", "start": 0.5, "duration": 0.5, "params": { "to": 0.5 } }
          ],
          "output": { "dir": "rendered", "formats": ["png", "mp4", "gif"] }
        }
        """

    /// A fresh temporary folder holding the pipeline as small.json.
    public static func folder() throws -> URL {
        let folder = try CLI.temporaryDirectory()
        try text.write(to: folder.appendingPathComponent("small.json"), atomically: true, encoding: .utf8)
        return folder
    }

    /// frame_0000.png … for `count` frames.
    public static func frameNames(_ count: Int = frameCount) -> [String] {
        (0..<count).map { String(format: "frame_%04d.png", $0) }
    }

    /// The names in `folder`, sorted, less the record every run leaves in its output folder
    /// (`.pipeline-run.json`, for `--resume`).
    public static func contents(of folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".pipeline-run") }
            .sorted()
    }

    /// What ffprobe counts in a video: codec, width, height and decoded frames.
    public static func probe(_ video: URL) throws -> (codec: String, width: Int, height: Int, frames: Int)? {
        let result = try CLI.runProgram(
            "/usr/bin/env",
            [
                "ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0",
                "-show_entries", "stream=nb_read_frames,codec_name,width,height", "-of", "csv=p=0", video.path,
            ])
        let fields = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").map(
            String.init)
        guard result.status == 0, fields.count == 4, let width = Int(fields[1]), let height = Int(fields[2]),
            let frames = Int(fields[3])
        else { return nil }
        return (fields[0], width, height, frames)
    }
}
