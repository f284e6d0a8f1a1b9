import Foundation
import Testing

/// One picture drawn twice: a page by headless Chromium and a pipeline by `pipeline run`, in the
/// same folder (the files both name), at the same size on white, for fidelity tests.
public struct PageAgainstPipeline {
    public let ours: RGBAImage
    public let theirs: RGBAImage

    /// Screenshots `body` (HTML placed on a white page of `size`, without margins) and renders
    /// the first frame of a pipeline of `layers` (a JSON array's items) on a white canvas of
    /// `size`; throws when either cannot be drawn or their sizes differ.
    public init(body: String, layers: String, size: (width: Int, height: Int), in folder: URL) throws {
        let html = """
            <!doctype html><html><body style="margin:0; background:#ffffff; width:\(size.width)px; \
            height:\(size.height)px; overflow:hidden">\(body)</body></html>
            """
        try html.write(to: folder.appendingPathComponent("page.html"), atomically: true, encoding: .utf8)
        let shot = folder.appendingPathComponent("chromium.png")
        try HeadlessChromium.screenshot(
            folder.appendingPathComponent("page.html"), to: shot, scratch: folder, window: size, unmanaged: true)
        let pipeline = """
            {
              "version": 1,
              "canvas": { "width": \(size.width), "height": \(size.height), "fps": 1, "duration": 1,
                          "background": "#ffffff" },
              "layers": [\(layers)],
              "output": { "formats": ["png"] }
            }
            """
        try pipeline.write(to: folder.appendingPathComponent("p.json"), atomically: true, encoding: .utf8)
        let run = try CLI.run(["run", "p.json", "--quiet"], in: folder)
        guard run.status == 0 else {
            throw PreviewServerProcess.Failure(description: "pipeline run failed: \(run.stderr)")
        }
        ours = try RGBAImage.read(folder.appendingPathComponent("out/frame_0000.png"))
        theirs = try RGBAImage.read(shot)
        guard ours.width == theirs.width, ours.height == theirs.height else {
            throw PreviewServerProcess.Failure(
                description:
                    "chromium's screenshot is \(theirs.width)×\(theirs.height), the frame \(ours.width)×\(ours.height)")
        }
    }

    /// The largest difference of a colour channel between the two inside the box at (x, y) of
    /// `width` × `height`, and where it is, relative to the box.
    public func worst(x: Int, y: Int, width: Int, height: Int) -> (levels: Int, at: (x: Int, y: Int)) {
        var worst = 0
        var at = (x: 0, y: 0)
        for row in y..<y + height {
            for column in x..<x + width {
                let (a, b) = (ours[column, row], theirs[column, row])
                let off = max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b))
                if off > worst { (worst, at) = (off, (column - x, row - y)) }
            }
        }
        return (worst, at)
    }
}
