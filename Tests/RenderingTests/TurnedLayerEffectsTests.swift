import CommandTestSupport
import Foundation
import Testing

/// A turned layer keeps its filters and its shadow, through the command line: a dark blue card
/// with a yellow stripe down its middle, a blur and a shadow falling below it, flips about its
/// vertical axis in perspective over white, checked at 0°, 40° and 80° against the same card
/// without the blur and without the shadow.
@Suite struct TurnedLayerEffectsTests {
    static let white = Pixel(255, 255, 255)
    /// The card's centre column, where its anchor stays at every angle; its top edge is at row 40.
    static let (column, top) = (160, 40)
    /// A row between the card's bottom edge (160) and its shadow's (190).
    static let shadowRow = 175
    static let shadowOpacity = 0.6
    static let angles = [0, 40, 80]

    /// The card [60, 40, 200, 120] holding the stripe [90, 0, 20, 120], with `filters` and
    /// `shadow` and turned by `turn` (layer keys), over a white 320×240 canvas; one frame a second.
    static func pipeline(filters: String, shadow: String, turn: String, timeline: String, seconds: Int) -> String {
        """
        { "version": 1,
          "canvas": { "width": 320, "height": 240, "fps": 1, "duration": \(seconds), "background": "#ffffff" },
          "layers": [
            { "name": "card", "frame": [60, 40, 200, 120], "fill": "#203080", "perspective": 600, \(turn)
              "filters": \(filters), "shadow": \(shadow),
              "sublayers": [{ "name": "stripe", "frame": [90, 0, 20, 120], "fill": "#ffd040" }] }
          ],
          "timeline": \(timeline),
          "output": { "formats": ["png"] } }
        """
    }

    static let blur = #"[{ "effect": "blur", "params": { "radius": 4 } }]"#
    static let shadow = ##"{ "color": "#000000", "opacity": \##(shadowOpacity), "radius": 6, "offset": [0, 30] }"##
    static let none = #"{ "opacity": 0 }"#
    /// The card turning 40° a second: frames 0, 1 and 2 show it at 0°, 40° and 80°.
    static let flip = #"""
        [{ "animate": "transform.rotation.y", "target": "card", "keyframes": { "values": [0, 40, 80, 120] },
           "duration": 3 }]
        """#

    /// The frames of the flip, by angle, with `filters` and `shadow`.
    static func flip(filters: String, shadow: String, in folder: URL, as name: String, _ options: [String] = [])
        throws -> [RGBAImage]
    {
        let json = pipeline(filters: filters, shadow: shadow, turn: "", timeline: Self.flip, seconds: 3)
        return try render(json, in: folder, as: name, options, frames: angles.count)
    }

    static func render(_ json: String, in folder: URL, as name: String, _ options: [String] = [], frames: Int)
        throws -> [RGBAImage]
    {
        try json.write(to: folder.appendingPathComponent("\(name).json"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["run", "\(name).json", "--out", name, "--quiet"] + options, in: folder)
        #expect(result.status == 0, "\(name): \(result.stderr)")
        return try (0..<frames).map {
            try RGBAImage.read(folder.appendingPathComponent(name).appendingPathComponent("frame_000\($0).png"))
        }
    }

    /// Blue levels of the card's centre column from above the card to half-way down it: white to
    /// yellow across the card's top edge.
    static func topEdge(of frame: RGBAImage) -> [Int] { (top - 20..<top + 40).map { frame[column, $0].b } }

    /// The largest change of level between neighbouring pixels.
    static func steepestStep(_ levels: [Int]) -> Int { zip(levels, levels.dropFirst()).map { abs($0 - $1) }.max()! }

    @Test func theFlipShowsTheBlurAndTheShadowAtEveryAngle() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let both = try Self.flip(filters: Self.blur, shadow: Self.shadow, in: folder, as: "both")
        let sharp = try Self.flip(filters: "[]", shadow: Self.shadow, in: folder, as: "sharp")
        let unshadowed = try Self.flip(filters: Self.blur, shadow: Self.none, in: folder, as: "unshadowed")
        for (frame, angle) in Self.angles.enumerated() {
            // Unblurred, the top edge goes from white (255) to yellow (64) within a pixel or two;
            // a blur of 4 spreads it over some 16 rows, no step over 191 / (4 √(2π)) ≈ 19 levels.
            let (soft, hard) = (Self.topEdge(of: both[frame]), Self.topEdge(of: sharp[frame]))
            let between = { (levels: [Int]) in levels.filter { (90...230).contains($0) }.count }
            #expect(Self.steepestStep(hard) > 100 && between(hard) <= 1, "\(angle)°, unblurred: \(hard)")
            #expect(Self.steepestStep(soft) < 30 && between(soft) >= 6, "\(angle)°, blurred: \(soft)")
            // Below the card, its shadow darkens white by its opacity; without it, white.
            let shaded = both[frame][Self.column, Self.shadowRow]
            let expected = Int((255 * (1 - Self.shadowOpacity)).rounded())
            #expect(shaded.distance(to: Pixel(expected, expected, expected)) <= 16, "\(angle)°, shadow: \(shaded)")
            let bare = unshadowed[frame][Self.column, Self.shadowRow]
            #expect(bare.distance(to: Self.white) <= 2, "\(angle)°, no shadow: \(bare)")
            // The shadow lies beneath the card: the stripe shows as it does without it, yellow
            // but for the little blue the blur brings in (more where the turn narrows it).
            let (middle, alone) = (both[frame][Self.column, 100], unshadowed[frame][Self.column, 100])
            #expect(
                middle.distance(to: alone) <= 1 && middle.distance(to: Pixel(255, 208, 64)) <= 8,
                "\(angle)°: \(middle), \(alone)")
        }
    }

    /// A whole turn takes the projection, and shows what the unturned card shows, blurred or not:
    /// its shadow as soft as the flat card's.
    @Test(arguments: [blur, "[]"])
    func aWholeTurnMatchesTheUnturnedCard(filters: String) throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let flat = try Self.render(
            Self.pipeline(filters: filters, shadow: Self.shadow, turn: "", timeline: "[]", seconds: 1),
            in: folder, as: "flat", frames: 1)[0]
        let turned = try Self.render(
            Self.pipeline(
                filters: filters, shadow: Self.shadow, turn: #""rotationY": 360,"#, timeline: "[]", seconds: 1),
            in: folder, as: "turned", frames: 1)[0]
        var worst = 0
        for y in 0..<turned.height {
            for x in 0..<turned.width { worst = max(worst, turned[x, y].distance(to: flat[x, y])) }
        }
        #expect(worst <= 3, "a pixel differs by \(worst)")
    }

    @Test func theFlipIsTheSameBytesOnOneThreadOrTwo() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let one = try Self.flip(filters: Self.blur, shadow: Self.shadow, in: folder, as: "one", ["--threads", "1"])
        let two = try Self.flip(filters: Self.blur, shadow: Self.shadow, in: folder, as: "two", ["--threads", "2"])
        #expect(one.map(\.bytes) == two.map(\.bytes))
    }
}
