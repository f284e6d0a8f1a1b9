import CommandTestSupport
import Foundation
import Testing

/// The mixers named after ffmpeg's xfade transitions draw xfade's own frames: a step
/// `{"mixer": NAME, "from": "a", "to": "b", "start": 0.5, "duration": 1, "timing": "linear"}`
/// between two stills gives, frame by frame over the transition, what
/// `xfade=transition=NAME:duration=1:offset=0.5` gives on the same stills in planar RGB (median
/// PSNR ≥ 30 dB, worst ≥ 24 dB). At 30 fps the transition starts on a frame: xfade starts at the
/// first frame at or after its offset and counts its progress from there.
@Suite final class XfadeTests {
    let folder: URL

    init() throws {
        folder = try CLI.temporaryDirectory()
        try ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=320x180", "-frames:v", "1", "a.png"])
        try ffmpeg(["-f", "lavfi", "-i", "mandelbrot=size=320x180", "-frames:v", "1", "b.png"])
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    private func ffmpeg(_ arguments: [String]) throws {
        let result = try CLI.runProgram("/usr/bin/env", ["ffmpeg", "-v", "error", "-y"] + arguments, in: folder)
        guard result.status == 0 else {
            throw RGBAImage.ReadError(description: "ffmpeg \(arguments): \(result.stderr)")
        }
    }

    /// Every transition the installed ffmpeg's xfade names (`ffmpeg -h filter=xfade`: the lines
    /// `name  number  ..FV...  ...` under `transition`), but `custom`, which is an expression.
    static let transitions: [String] = {
        guard let help = try? CLI.runProgram("/usr/bin/env", ["ffmpeg", "-hide_banner", "-h", "filter=xfade"]),
            help.status == 0
        else { return ["ffmpeg -h filter=xfade failed"] }
        return help.stdout.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            guard words.count >= 3, Int(words[1]).map({ $0 >= 0 }) == true, words[2].hasPrefix(".") else { return nil }
            return String(words[0])
        }
    }()

    @Test func ffmpegNamesTheTransitions() {
        #expect(Self.transitions.count >= 46 && Self.transitions.contains("wipeleft"), "\(Self.transitions)")
    }

    @Test(arguments: transitions)
    func framesAreXfades(_ name: String) throws {
        let pipeline = """
            { "version": 1, "canvas": { "width": 320, "height": 180, "fps": 30, "duration": 2 },
              "layers": [ { "name": "a", "image": "a.png" }, { "name": "b", "image": "b.png" } ],
              "timeline": [ { "mixer": "\(name)", "from": "a", "to": "b", "start": 0.5, "duration": 1,
                              "timing": "linear" } ] }
            """
        try pipeline.write(to: folder.appendingPathComponent("\(name).json"), atomically: true, encoding: .utf8)
        let ours = folder.appendingPathComponent("ours-\(name)")
        let theirs = folder.appendingPathComponent("xfade-\(name)")
        try FileManager.default.createDirectory(at: theirs, withIntermediateDirectories: true)
        let run = try CLI.run(["run", "\(name).json", "--format", "png", "--out", ours.path, "--quiet"], in: folder)
        try #require(run.status == 0, "\(run.stderr)")
        try ffmpeg([
            "-loop", "1", "-framerate", "30", "-t", "2", "-i", "a.png", "-loop", "1", "-framerate", "30", "-t", "2",
            "-i", "b.png", "-filter_complex",
            "[0]format=gbrp[a];[1]format=gbrp[b];[a][b]xfade=transition=\(name):duration=1:offset=0.5,format=rgba",
            "-start_number", "0", "xfade-\(name)/frame_%04d.png",
        ])
        // 0.5 s to 1.5 s: frames 15 to 45.
        var ratios: [Double] = []
        for frame in 15...45 {
            let file = String(format: "frame_%04d.png", frame)
            let mine = try RGBAImage.read(ours.appendingPathComponent(file))
            let reference = try RGBAImage.read(theirs.appendingPathComponent(file))
            ratios.append(mine.psnr(against: reference))
        }
        let sorted = ratios.sorted()
        let (median, worst) = (sorted[sorted.count / 2], sorted[0])
        #expect(median >= 30 && worst >= 24, "\(name): median PSNR \(median) dB, worst \(worst) dB: \(ratios)")
    }

    @Test func aMixerAndAnAnimatorMayShareAName() throws {
        let listing = try CLI.run(["plugins", "--json"])
        try #require(listing.status == 0, "\(listing.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: listing.stdoutData) as? [String: Any])
        let names = { (kind: String) in ((report[kind] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }
        }
        #expect(names("animators").contains("fade") && names("mixers").contains("fade"), "\(listing.stdout)")
    }
}
