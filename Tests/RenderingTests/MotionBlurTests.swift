import CommandTestSupport
import Foundation
import Testing

/// Motion blur against a reference computed here from the geometry alone: a card sliding 400
/// pixels a frame interval, sampled where the shutter puts its samples, each sample's pixels as
/// an antialiased 8-bit picture of it, averaged in linear light.
@Suite final class MotionBlurTests {
    let folder: URL
    init() throws { folder = try CLI.temporaryDirectory() }
    deinit { try? FileManager.default.removeItem(at: folder) }

    static let (width, height, fps, speed) = (640, 8, 10.0, 4000.0)
    /// The card: its left edge and width, in canvas pixels, before it moves.
    static let (cardX, cardWidth) = (20.0, 40.0)

    /// The pipeline: a card of `card` on `background`, moving `distance` pixels in 0.3 s, linearly,
    /// then still; `blur` is the canvas's motionBlur (nil: none), `cardBlur` the card's; `extra`
    /// more layers over it. The card fills the canvas's height, or with `inset` the canvas has a
    /// row of background above and below it (the card then never reaches the frame's edge, and
    /// its samples are its one picture moved).
    private func write(
        _ name: String, blur: String?, card: String = "#ffffff", background: String = "#000000", extra: String = "",
        distance: Int = 1200, cardBlur: String? = nil, inset: Bool = false
    ) throws -> String {
        let blurKey = blur.map { ", \"motionBlur\": \($0)" } ?? ""
        let cardBlurKey = cardBlur.map { ", \"motionBlur\": \($0)" } ?? ""
        let (height, top) = inset ? (Self.height + 2, 1) : (Self.height, 0)
        let text = """
            { "version": 1,
              "canvas": { "width": \(Self.width), "height": \(height), "fps": \(Self.fps), "duration": 0.5,
                          "background": "\(background)"\(blurKey) },
              "layers": [ { "name": "card", "fill": "\(card)", "frame": [\(Self.cardX), \(top), \(Self.cardWidth), \(Self.height)]\(cardBlurKey) }\(extra) ],
              "timeline": [ { "animate": "transform.translation", "target": "card", "from": [0, 0], "to": [\(distance), 0],
                              "duration": 0.3, "timing": "linear" } ]
            }
            """
        try text.write(to: folder.appendingPathComponent(name + ".json"), atomically: true, encoding: .utf8)
        return name
    }

    /// Renders `name`.json into a folder of its own, returning the folder.
    private func render(_ name: String, _ arguments: [String] = [], into out: String? = nil) throws -> URL {
        let out = folder.appendingPathComponent(out ?? name)
        let result = try CLI.run(
            ["run", name + ".json", "--out", out.path, "--format", "png", "--quiet"] + arguments, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        return out
    }

    private func frame(_ index: Int, in out: URL) throws -> RGBAImage {
        try RGBAImage.read(out.appendingPathComponent(String(format: "frame_%04d.png", index)))
    }

    private func bytes(_ index: Int, in out: URL) throws -> Data {
        try Data(contentsOf: out.appendingPathComponent(String(format: "frame_%04d.png", index)))
    }

    static func linear(_ byte: Double) -> Double {
        let s = byte / 255
        return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
    }

    static func encoded(_ linear: Double) -> Double {
        let s = linear <= 0.0031308 ? linear * 12.92 : 1.055 * pow(linear, 1 / 2.4) - 0.055
        return (s * 255).rounded()
    }

    /// The fraction of each column of frame `frame` (at `scale`) the card covers in each of
    /// `samples` samples of a 180° shutter centred on the frame's time.
    static func coverage(frame: Int, samples: Int, scale: Double, speed: Double = speed) -> [[Double]] {
        let columns = Int((Double(width) * scale).rounded())
        return (0..<samples).map { k in
            let offset = (-90 + 180 * (Double(k) + 0.5) / Double(samples)) / 360
            let time = (Double(frame) + offset) / fps
            let moved = speed * min(max(time, 0), 0.3)
            let (left, right) = ((cardX + moved) * scale, (cardX + moved + cardWidth) * scale)
            return (0..<columns).map { x in max(0, min(Double(x + 1), right) - max(Double(x), left)) }
        }
    }

    /// The reference columns: each sample's 8-bit colour (the card's `top` over `bottom`, by its
    /// coverage) taken to linear light, averaged, and encoded again.
    static func reference(
        frame: Int, samples: Int, scale: Double, top: Pixel, bottom: Pixel, speed: Double = speed
    ) -> [Pixel] {
        let covered = coverage(frame: frame, samples: samples, scale: scale, speed: speed)
        return covered[0].indices.map { x in
            func channel(_ t: Int, _ b: Int) -> Int {
                let sum = covered.reduce(0.0) { sum, sample in
                    sum + linear((Double(t) * sample[x] + Double(b) * (1 - sample[x])).rounded())
                }
                return Int(encoded(sum / Double(samples)))
            }
            return Pixel(channel(top.r, bottom.r), channel(top.g, bottom.g), channel(top.b, bottom.b))
        }
    }

    /// The PSNR of `rows` of `image` (all of them when nil) against the reference columns.
    static func psnr(_ image: RGBAImage, _ columns: [Pixel], rows: Range<Int>? = nil) -> Double {
        let rows = rows ?? 0..<image.height
        var squares = 0.0
        for y in rows {
            for x in 0..<image.width {
                let (p, q) = (image[x, y], columns[x])
                squares += Double((p.r - q.r) * (p.r - q.r) + (p.g - q.g) * (p.g - q.g) + (p.b - q.b) * (p.b - q.b))
            }
        }
        let mse = squares / Double(3 * image.width * rows.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// Drawn sample by sample (a card as tall as the frame), or, inset, as the card's one picture
    /// moved to each sample's place: the same smear either way.
    @Test(arguments: [1.0, 0.5], [false, true])
    func aWhiteCardSmearsToTheLinearLightAverage(scale: Double, inset: Bool) throws {
        let out = try render(
            try write("white", blur: "{\"samples\": 16}", inset: inset), scale == 1 ? [] : ["--scale", "\(scale)"])
        let image = try frame(1, in: out)
        #expect(image.width == Int(Double(Self.width) * scale))
        let reference = Self.reference(
            frame: 1, samples: 16, scale: scale, top: Pixel(255, 255, 255), bottom: Pixel(0, 0, 0))
        // The rows the card covers whole.
        let rows = inset ? Int(scale.rounded(.up))..<Int((Double(Self.height + 1) * scale).rounded(.down)) : nil
        let psnr = Self.psnr(image, reference, rows: rows)
        #expect(psnr >= 40, "PSNR \(psnr) dB")
        // The card's left edge sweeps 320 to 520 while the shutter is open, so column 440 is
        // covered a fifth of the time: a fifth of white's light is 124 in sRGB, where an average
        // of the sRGB bytes would give 51.
        let middle = image[Int(440 * scale), rows?.lowerBound ?? 0]
        #expect(middle.r > 110 && middle.r < 140, "\(middle)")
    }

    /// Frame 3 (0.3 s) is when the card stops, 200 pixels on: the smear ends where it stops, the
    /// samples after it all the same picture.
    @Test func aMotionStoppingMidShutterSmearsUpToWhereItStops() throws {
        let out = try render(try write("stops", blur: "{}", distance: 200))
        let reference = Self.reference(
            frame: 3, samples: 16, scale: 1, top: Pixel(255, 255, 255), bottom: Pixel(0, 0, 0), speed: 200 / 0.3)
        let psnr = Self.psnr(try frame(3, in: out), reference)
        #expect(psnr >= 40, "PSNR \(psnr) dB")
    }

    @Test func redOverBlueKeepsItsColours() throws {
        let glass = ", { \"name\": \"glass\", \"fill\": \"#80ff8040\", \"frame\": [600, 0, 40, 8] }"
        let blurred = try render(
            try write("red", blur: "{}", card: "#ff0000", background: "#0000ff", extra: glass))
        let plain = try render(try write("red-plain", blur: nil, card: "#ff0000", background: "#0000ff", extra: glass))
        let image = try frame(1, in: blurred)
        let reference = Self.reference(
            frame: 1, samples: 16, scale: 1, top: Pixel(255, 0, 0), bottom: Pixel(0, 0, 255))
        var largest = 0
        for y in 0..<image.height {
            for x in 0..<600 { largest = max(largest, image[x, y].distance(to: reference[x])) }
        }
        #expect(largest <= 2, "largest difference \(largest)")
        // Where nothing moves the pixels are the unblurred frame's, a translucent layer's included.
        let still = try frame(1, in: plain)
        #expect(image.differences(from: still, tolerance: 0) { x, _ in x >= 600 }.count == 0)
    }

    /// A red card moved as one picture over blue: red and blue, no green, no grey between them,
    /// within 2 levels of the reference as when the samples are drawn one by one
    /// (`redOverBlueKeepsItsColours`). The picture is drawn with the card's edges on whole
    /// pixels, so a sample falling a fraction of a pixel off them is what drawing it there gives;
    /// at half scale too.
    @Test(arguments: [1.0, 0.5])
    func redOverBlueKeepsItsColoursWhenOnlyMoved(scale: Double) throws {
        let image = try frame(
            1,
            in: try render(
                try write("red-moved", blur: "{}", card: "#ff0000", background: "#0000ff", inset: true),
                scale == 1 ? [] : ["--scale", "\(scale)"]))
        let reference = Self.reference(
            frame: 1, samples: 16, scale: scale, top: Pixel(255, 0, 0), bottom: Pixel(0, 0, 255))
        var (largest, green) = (0, 0)
        // The rows the card covers whole.
        for y in Int(scale.rounded(.up))..<Int((Double(Self.height + 1) * scale).rounded(.down)) {
            for x in 0..<image.width {
                largest = max(largest, image[x, y].distance(to: reference[x]))
                green = max(green, image[x, y].g)
            }
        }
        #expect(largest <= 2, "largest difference \(largest)")
        #expect(green == 0)
    }

    /// One sample is the frame at its own time, wherever the shutter opens; so is a card whose
    /// own motionBlur is false.
    @Test func oneSampleIsNoBlurByteForByte() throws {
        let one = try render(try write("one", blur: "{\"samples\": 1, \"shutterAngle\": 360, \"shutterPhase\": 0}"))
        let off = try render(try write("off", blur: "{}", cardBlur: "false"))
        let none = try render(try write("none", blur: nil))
        for index in 0..<5 {
            #expect(try bytes(index, in: one) == bytes(index, in: none), "frame \(index)")
            #expect(try bytes(index, in: off) == bytes(index, in: none), "frame \(index)")
        }
    }

    /// Frame 4 (0.4 s) is past the motion's end, shutter and all: the card rests on the canvas,
    /// and a translucent layer and mid-grey pixels are kept to the last bit.
    @Test func aStillFrameIsUnchanged() throws {
        let glass = ", { \"name\": \"glass\", \"fill\": \"#80ff8040\", \"frame\": [200, 0, 300, 8] }"
        let blurred = try render(try write("still", blur: "{}", background: "#7f6f5f", extra: glass, distance: 200))
        let none = try render(try write("still-none", blur: nil, background: "#7f6f5f", extra: glass, distance: 200))
        #expect(try bytes(4, in: blurred) == bytes(4, in: none))
        #expect(try bytes(1, in: blurred) != bytes(1, in: none))
    }

    /// A card given 4 samples of its own under the canvas's 16 takes the 4 positions a 4-sample
    /// canvas gives it, each in 4 of the 16 pictures: the frame is the 4-sample frame, but for the
    /// rounding of sums in another order.
    @Test func aLayersOwnSamplesAreTakenAtItsOwnTimes() throws {
        let own = try render(try write("own", blur: "{}", cardBlur: "{\"samples\": 4}"))
        let four = try render(try write("four", blur: "{\"samples\": 4}"))
        let sixteen = try render(try write("sixteen", blur: "{}"))
        let (ownFrame, fourFrame) = (try frame(1, in: own), try frame(1, in: four))
        #expect(ownFrame.differences(from: fourFrame, tolerance: 1).count == 0)
        #expect(ownFrame.differences(from: try frame(1, in: sixteen), tolerance: 1).count > 0)
    }

    /// A card moving 16 pixels in 0.3 s: its 16 samples span 2.5 pixels of the shutter's 2.7, so
    /// adaptive sampling takes 3, and the frame is the 3-sample frame to the bit.
    @Test func adaptiveSamplingTakesAsManySamplesAsPixelsMoved() throws {
        let adaptive = try render(try write("adaptive", blur: "{\"adaptive\": true}", distance: 16))
        let three = try render(try write("three", blur: "{\"samples\": 3}", distance: 16))
        let sixteen = try render(try write("sixteen", blur: "{}", distance: 16))
        #expect(try bytes(1, in: adaptive) == bytes(1, in: three))
        #expect(try bytes(1, in: adaptive) != bytes(1, in: sixteen))
    }

    /// A card with a shadow moving across and down, a fraction of a pixel between samples; with
    /// `pin`, a small square turning slowly lies over everything (the layers then change in more
    /// than their place, so each sample is drawn).
    private func movingShadow(blur: String?, pin: Bool) -> String {
        let blurKey = blur.map { ", \"motionBlur\": \($0)" } ?? ""
        let pinLayer = pin ? ", { \"name\": \"pin\", \"fill\": \"#203040\", \"frame\": [150, 90, 4, 4] }" : ""
        let pinStep =
            pin
            ? ", { \"animate\": \"transform.rotation\", \"target\": \"pin\", \"from\": 0, \"to\": 9, \"duration\": 0.5 }"
            : ""
        return """
            { "version": 1,
              "canvas": { "width": 160, "height": 100, "fps": 10, "duration": 0.5, "background": "#c0d0e0"\(blurKey) },
              "layers": [ { "name": "card", "fill": "#ffffff", "frame": [20, 20, 40, 30], "cornerRadius": 6,
                            "shadow": { "radius": 8, "opacity": 0.6, "offset": [2, 5] } }\(pinLayer) ],
              "timeline": [ { "animate": "transform.translation", "target": "card", "from": [0, 0],
                              "to": [70, 23], "duration": 0.5, "timing": "linear" }\(pinStep) ]
            }
            """
    }

    /// The moving card with its shadow under a turning pin: each sample is drawn on its own, each
    /// later sample's shadow the first sample's mask moved, and the frame stays within a level of
    /// the linear-light average of the stills at the samples' times.
    @Test func aMovingShadowIsTheAverageOfItsStills() throws {
        try movingShadow(blur: "{\"samples\": 8}", pin: true).write(
            to: folder.appendingPathComponent("shadow.json"), atomically: true, encoding: .utf8)
        try checkAgainstStills(tolerance: 1)
    }

    /// The moving card with its shadow alone over the background: the layer only moves within the
    /// shutter, so it is drawn once and each sample is its picture moved, resampled to the
    /// sample's fraction of a pixel. Against the stills, each drawn where its sample stands: off
    /// the card's path within a level; on it within 10 levels (the picture is drawn with the
    /// card's edges on whole pixels, but a shadow's falloff is resampled between pixels), the
    /// whole above 55 dB.
    @Test func aLayerThatOnlyMovesIsItsPictureMoved() throws {
        try movingShadow(blur: "{\"samples\": 8}", pin: false).write(
            to: folder.appendingPathComponent("shadow.json"), atomically: true, encoding: .utf8)
        try checkAgainstStills(tolerance: 10, smoothTolerance: 1, psnr: 55)
    }

    /// Renders shadow.json's frame 2 and compares it with the linear-light average of the stills of
    /// the same pipeline without motion blur at its 8 samples' times: no pixel further off than
    /// `tolerance`, none off the card's path (where the stills show its shadow or the background)
    /// further than `smoothTolerance`, and the whole at least `psnr` dB.
    private func checkAgainstStills(
        tolerance: Int, smoothTolerance: Int? = nil, psnr least: Double? = nil
    ) throws {
        let text = try String(contentsOf: folder.appendingPathComponent("shadow.json"), encoding: .utf8)
        try text.replacingOccurrences(of: ", \"motionBlur\": {\"samples\": 8}", with: "").write(
            to: folder.appendingPathComponent("shadow-still.json"), atomically: true, encoding: .utf8)
        let image = try frame(2, in: try render("shadow"))
        let times = (0..<8).map { (k: Int) -> Double in
            let offset: Double = (-90 + 180 * (Double(k) + 0.5) / 8) / 360
            return (2 + offset) / Self.fps
        }
        let stills = try times.enumerated().map { k, time in
            let still = folder.appendingPathComponent("still-\(k).png")
            let result = try CLI.run(
                ["frame", "shadow-still.json", "--at", "\(time)", "-o", still.path], in: folder)
            #expect(result.status == 0, "\(result.stderr)")
            return try RGBAImage.read(still)
        }
        // The pixels the card's frame touches in some sample (the card moves 140 by 46 pixels a
        // second from (20, 20), 40 by 30 pixels).
        func onCardsPath(_ x: Int, _ y: Int) -> Bool {
            times.contains { (time: Double) -> Bool in
                let left: Double = 20 + 140 * time
                let top: Double = 20 + 46 * time
                let (column, row) = (Double(x), Double(y))
                let across = column >= left.rounded(.down) - 1 && column <= (left + 40).rounded(.up)
                return across && row >= top.rounded(.down) - 1 && row <= (top + 30).rounded(.up)
            }
        }
        var (largest, smoothLargest, squares) = (0, 0, 0.0)
        for y in 0..<image.height {
            for x in 0..<image.width {
                func channel(_ value: (Pixel) -> Int) -> Double {
                    let sum = stills.reduce(0.0) { $0 + Self.linear(Double(value($1[x, y]))) }
                    return Self.encoded(sum / Double(stills.count))
                }
                let exact = (channel(\.r), channel(\.g), channel(\.b))
                let expected = Pixel(Int(exact.0), Int(exact.1), Int(exact.2))
                let difference = image[x, y].distance(to: expected)
                largest = max(largest, difference)
                if !onCardsPath(x, y) { smoothLargest = max(smoothLargest, difference) }
                let pixel = image[x, y]
                let (red, green, blue) = (
                    Double(pixel.r) - exact.0, Double(pixel.g) - exact.1, Double(pixel.b) - exact.2
                )
                squares += red * red + green * green + blue * blue
            }
        }
        #expect(largest <= tolerance, "largest difference \(largest)")
        if let smoothTolerance { #expect(smoothLargest <= smoothTolerance, "largest off the card \(smoothLargest)") }
        if let least {
            let measured = 10 * log10(255 * 255 / (squares / Double(3 * image.width * image.height)))
            #expect(measured >= least, "PSNR \(measured) dB")
        }
        // The shadow smears: the frame is not any one still.
        #expect(image.differences(from: stills[0], tolerance: 2).count > 0)
    }

    /// Drawn sample by sample, or (inset) as the card's picture moved.
    @Test(arguments: [1.0, 0.5], [false, true])
    func shardsAndThreadsGiveTheWholeRendersFrames(scale: Double, inset: Bool) throws {
        let name = try write("shards", blur: "{\"samples\": 8, \"shutterAngle\": 360}", inset: inset)
        let scaled = scale == 1 ? [] : ["--scale", "\(scale)"]
        let whole = try render(name, scaled + ["--threads", "2"], into: "whole")
        let parts =
            try (1...3).map { try render(name, scaled + ["--shard", "\($0)/3"], into: "part\($0)") }
            + [try render(name, scaled + ["--threads", "1"], into: "one-thread")]
        for part in parts {
            for file in try FileManager.default.contentsOfDirectory(atPath: part.path) where file.hasSuffix(".png") {
                #expect(
                    try Data(contentsOf: part.appendingPathComponent(file))
                        == Data(contentsOf: whole.appendingPathComponent(file)), "\(part.lastPathComponent): \(file)")
            }
        }
    }
}
