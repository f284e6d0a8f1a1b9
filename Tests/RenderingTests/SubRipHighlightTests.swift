import CommandTestSupport
import Foundation
import Testing

/// A highlight over SubRip captions, which time no words: `pipeline run` lights each word of a
/// cue in turn over the span its length gives it (`"wordTiming": "characters"`), or over equal
/// spans (`"even"`). The highlighted word is found in the frames by its colour: red pixels
/// where it is, white pixels for the words left and right of it.
@Suite final class SubRipHighlightTests {
    let folder: URL
    init() throws { folder = try CLI.temporaryDirectory() }
    deinit { try? FileManager.default.removeItem(at: folder) }

    /// One cue from 0 to 2 s of 2 + 5 + 8 = 15 characters: by characters "go" is spoken from 0 s,
    /// "ahead" from 2/15 × 2 ≈ 0.267 s and "everyone" from 7/15 × 2 ≈ 0.933 s; evenly from 0,
    /// 0.667 and 1.333 s.
    static let subRip = "1\n00:00:00,000 --> 00:00:02,000\ngo ahead everyone\n"
    static let fps = 20

    /// The frames of a 2 s render of white captions with a red highlight over black.
    func frames(wordTiming: String?) throws -> [RGBAImage] {
        try Self.subRip.write(to: folder.appendingPathComponent("talk.srt"), atomically: true, encoding: .utf8)
        let timing = wordTiming.map { #", "wordTiming": "\#($0)""# } ?? ""
        let pipeline = """
            {"version": 1, "canvas": {"width": 360, "height": 40, "fps": \(Self.fps), "duration": 2,
              "background": "#000000"},
             "layers": [{"name": "captions", "text": {"string": "", "font": "DejaVu Sans Mono", "size": 24,
               "color": "#ffffff", "captions": {"file": "talk.srt", "margin": 4,
                 "highlight": {"color": "#ff0000"\(timing)}}}}]}
            """
        try pipeline.write(to: folder.appendingPathComponent("words.json"), atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out-\(wordTiming ?? "default")")
        let result = try CLI.run(["run", "words.json", "--out", out.path, "--quiet"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".png") }
            .sorted()
        #expect(names.count == 2 * Self.fps)
        return try names.map { try RGBAImage.read(out.appendingPathComponent($0)) }
    }

    /// Which of the three words is red in `image`: 0 when white lies only right of the red, 1
    /// when on both sides, 2 when only left of it; nil when no word is red or the red is split.
    static func highlighted(in image: RGBAImage) -> Int? {
        var red: [Int] = []
        var white: [Int] = []
        for x in 0..<image.width {
            for y in 0..<image.height {
                let pixel = image[x, y]
                if pixel.r > 200 && pixel.g < 60 && pixel.b < 60 { red.append(x) }
                if pixel.r > 200 && pixel.g > 200 && pixel.b > 200 { white.append(x) }
            }
        }
        guard let left = red.min(), let right = red.max(), red.count > 40, white.count > 40 else { return nil }
        guard !white.contains(where: { (left...right).contains($0) }) else { return nil }
        switch (white.contains { $0 < left }, white.contains { $0 > right }) {
        case (false, true): return 0
        case (true, true): return 1
        case (true, false): return 2
        default: return nil
        }
    }

    /// The word lit at each of `times`, read from the frame shown then.
    func lit(_ frames: [RGBAImage], at times: [Double]) -> [Int?] {
        times.map { Self.highlighted(in: frames[Int(($0 * Double(Self.fps)).rounded())]) }
    }

    @Test func byCharactersEachWordIsLitForItsShare() throws {
        let frames = try frames(wordTiming: nil)
        // Inside each word's span, either side of each change: 0.267 s and 0.933 s.
        #expect(lit(frames, at: [0, 0.25, 0.3, 0.9, 0.95, 1.95]) == [0, 0, 1, 1, 2, 2])
        // The words light in order, each once, without a frame between them unlit.
        let sequence = frames.map(Self.highlighted(in:))
        #expect(sequence == sequence.sorted { ($0 ?? -1) < ($1 ?? -1) } && !sequence.contains(nil), "\(sequence)")
    }

    @Test func evenlyEachWordIsLitForAThird() throws {
        let frames = try frames(wordTiming: "even")
        #expect(lit(frames, at: [0.3, 0.65, 0.7, 1.3, 1.35, 1.95]) == [0, 0, 1, 1, 2, 2])
    }
}
