import CommandTestSupport
import Foundation
import Testing

/// Shape layers held to rlottie: each case is one animation written twice, as a Lottie file and
/// as a shape layer, alike within 35 dB PSNR (over mid-grey) at its start, middle and near its
/// end, and the shape layer's geometry checked against the case's own formula. Where rlottie 0.1
/// departs from the Lottie specification (FORMAT.md lists where), the comparison uses a variant
/// it draws as specified and the formula alone holds the rest.
@Suite struct ShapeLottieReferenceTests {
    typealias Point = SIMD2<Double>
    static let size = ShapeReferenceFixture.size
    static let frames = ShapeReferenceFixture.frames

    /// The fraction of the animation at `frame`: every step is linear over all of it.
    static func progress(_ frame: Int) -> Double { Double(frame) / Double(frames) }

    static func hex(_ rgb: [Int], alpha: Double = 1) -> String {
        "#" + (rgb + [Int((alpha * 255).rounded())]).map { String(format: "%02x", $0) }.joined()
    }

    static func unit(_ rgb: [Int]) -> [Double] { rgb.map { Double($0) / 255 } }

    /// Expects the two pictures alike; returns the shape layer's for the geometric checks.
    @discardableResult
    func compare(_ fixture: ShapeReferenceFixture, at frame: Int, _ name: String) throws -> RGBAImage {
        let (shape, lottie) = try fixture.pictures(at: frame)
        let psnr = shape.psnrOverGrey(against: lottie)
        #expect(psnr != nil, "\(name), frame \(frame): neither picture shows anything")
        if let psnr { #expect(psnr >= 35, "\(name), frame \(frame): PSNR \(psnr) dB against rlottie") }
        return shape
    }

    /// The point `distance` along the lines through `points` and the direction there.
    func point(along points: [Point], at distance: Double) -> (point: Point, direction: Point) {
        var left = distance
        for (from, to) in zip(points, points.dropFirst()) {
            let length = (to - from).length
            let direction = (to - from) / length
            if left <= length || to == points.last { return (from + left * direction, direction) }
            left -= length
        }
        return (points[0], .zero)
    }

    /// How far along `direction` from `start` the stroke stays painted (at least half opaque).
    func paintedReach(of image: RGBAImage, from start: Point, direction: Point) -> Double {
        var distance = 0.0
        func painted(_ point: Point) -> Bool {
            point.x >= 0 && point.y >= 0 && point.x < Double(image.width) && point.y < Double(image.height)
                && image[point].a > 127
        }
        while painted(start + (distance + 0.25) * direction) { distance += 0.25 }
        return distance
    }

    // MARK: 1. A check mark drawn on

    @Test func checkMarkDrawnOnWithRoundCapsAndJoins() throws {
        let points: [Point] = [[40, 100], [85, 145], [165, 55]]
        let path = ReferencePath.polyline(points)
        let (green, width) = ([52, 199, 89], 16.0)
        let lottie = Bodymovin.composition(
            size: Self.size, frames: Self.frames,
            items: [
                Bodymovin.path(path), Bodymovin.trim(end: Bodymovin.linear(0, 100, frames: Self.frames)),
                Bodymovin.stroke(Self.unit(green), width: width, cap: 2, join: 2),
            ])
        let shape = """
            {"path": "\(path.svg)", "fillColor": "#00000000", "strokeColor": "\(Self.hex(green))",
             "lineWidth": \(width), "lineCap": "round", "lineJoin": "round", "strokeEnd": 0}
            """
        let fixture = try ShapeReferenceFixture(
            lottie: lottie, shape: shape, steps: [ShapeReferenceFixture.step("shape.strokeEnd", from: "0", to: "1")])
        defer { fixture.cleanUp() }
        // At the start the trim keeps nothing: neither draws a round cap's dot.
        let start = try fixture.pictures(at: 0)
        #expect(start.shape.painted == nil && start.lottie.painted == nil, "frame 0 shows nothing")
        let total = zip(points, points.dropFirst()).map { ($1 - $0).length }.reduce(0, +)
        for frame in [2, 15, 28] {
            let picture = try compare(fixture, at: frame, "check mark")
            // The end lies strokeEnd × the length along the path; its round cap reaches w / 2 on.
            let end = point(along: points, at: Self.progress(frame) * total)
            let reach = paintedReach(of: picture, from: end.point, direction: end.direction)
            #expect(abs(reach - width / 2) <= 1, "frame \(frame): painted \(reach) past \(end.point), not \(width / 2)")
        }
    }

    // MARK: 2. Dashes whose phase moves

    /// Dashes of 20 with gaps of 14, the phase going from 0 to 68 (two patterns): at distance s
    /// along the outline, painted where (s + phase) mod 34 < 20. Checked at each dash's middle,
    /// each gap's, and 1.5 px either side of every dash's ends, away from where the outline starts
    /// and ends (the dash ending there covers the start's first pixels with its width).
    func expectDashes(in picture: RGBAImage, phase: Double, length: Double, at position: (Double) -> Point) {
        let (dash, period) = (20.0, 34.0)
        var marks: [(distance: Double, painted: Bool)] = []
        var start = -phase.truncatingRemainder(dividingBy: period)
        while start < length {
            marks += [(start + dash / 2, true), (start + dash + (period - dash) / 2, false)]
            marks += [
                (start - 1.5, false), (start + 1.5, true), (start + dash - 1.5, true), (start + dash + 1.5, false),
            ]
            start += period
        }
        for (distance, painted) in marks where distance > 7 && distance < length - 7 {
            let alpha = picture[position(distance)].a
            #expect(painted ? alpha > 127 : alpha < 128, "phase \(phase): alpha \(alpha) at \(distance) along")
        }
    }

    static let dashBlue = [26, 102, 230]

    func dashedFixture(_ path: ReferencePath) throws -> ShapeReferenceFixture {
        let offset = Bodymovin.linear(0, 68, frames: Self.frames)
        let lottie = Bodymovin.composition(
            size: Self.size, frames: Self.frames,
            items: [
                Bodymovin.path(path),
                Bodymovin.stroke(
                    Self.unit(Self.dashBlue), width: 10, dashes: Bodymovin.dashes(dash: 20, gap: 14, offset: offset)),
            ])
        let shape = """
            {"path": "\(path.svg)", "fillColor": "#00000000", "strokeColor": "\(Self.hex(Self.dashBlue))",
             "lineWidth": 10, "lineDashPattern": [20, 14], "lineDashPhase": 0}
            """
        return try ShapeReferenceFixture(
            lottie: lottie, shape: shape,
            steps: [ShapeReferenceFixture.step("shape.lineDashPhase", from: "0", to: "68")])
    }

    /// rlottie measures slanted lines by an estimate (FORMAT.md), so the comparison dashes a
    /// square, whose straight sides it measures exactly.
    @Test func dashedSquareWhosePhaseMoves() throws {
        let corners: [Point] = [[30, 30], [170, 30], [170, 170], [30, 170], [30, 30]]
        let fixture = try dashedFixture(.polyline(Array(corners.dropLast()), closed: true))
        defer { fixture.cleanUp() }
        // Not frame 15: its phase is a whole pattern on, the same dashes as at the start.
        for frame in [0, 10, 28] {
            let picture = try compare(fixture, at: frame, "dashed square")
            expectDashes(in: picture, phase: 68 * Self.progress(frame), length: 560) {
                point(along: corners, at: $0).point
            }
        }
    }

    @Test func dashedCircleWhosePhaseMoves() throws {
        let (center, radius) = (Point(100, 100), 70.0)
        let fixture = try dashedFixture(.circle(center: center, radius: radius))
        defer { fixture.cleanUp() }
        for frame in [0, 10, 28] {
            let picture = try fixture.picture(of: "shape", hiding: "lottie", at: frame)
            expectDashes(in: picture, phase: 68 * Self.progress(frame), length: 2 * .pi * radius) {
                let angle = -Double.pi / 2 + $0 / radius
                return center + radius * Point(cos(angle), sin(angle))
            }
        }
    }

    // MARK: 3. Three paths trimmed individually

    /// Lines of 100 (rightwards), 60 (leftwards) and 140 (rightwards), trimmed as one path of 300:
    /// the first keeps min(e·300, 100) from its start, the next what is left, in order.
    @Test func threePathsTrimmedIndividually() throws {
        let lines: [(from: Point, to: Point)] = [
            ([30, 50], [130, 50]), ([150, 100], [90, 100]), ([30, 150], [170, 150]),
        ]
        let orange = [230, 77, 26]
        let lottie = Bodymovin.composition(
            size: Self.size, frames: Self.frames,
            items: lines.map { Bodymovin.path(.polyline([$0.from, $0.to])) } + [
                Bodymovin.trim(end: Bodymovin.linear(0, 100, frames: Self.frames), individually: true),
                Bodymovin.stroke(Self.unit(orange), width: 8),
            ])
        let paths = lines.enumerated().map { index, line in
            let end = index == 0 ? #", "strokeEnd": 0"# : ""
            return ##"{"path": "\##(ReferencePath.polyline([line.from, line.to]).svg)", "fillColor": "#00000000", "##
                + #""strokeColor": "\#(Self.hex(orange))", "lineWidth": 8\#(end)}"#
        }
        let shape = #"{"paths": [\#(paths.joined(separator: ", "))], "trim": "individually"}"#
        let fixture = try ShapeReferenceFixture(
            lottie: lottie, shape: shape,
            steps: [ShapeReferenceFixture.step("shape.paths.0.strokeEnd", from: "0", to: "1")])
        defer { fixture.cleanUp() }
        for frame in [2, 15, 28] {
            let picture = try compare(fixture, at: frame, "individually trimmed paths")
            var left = Self.progress(frame) * 300
            var drawn = 0.0
            for line in lines {
                let length = (line.to - line.from).length
                let direction = (line.to - line.from) / length
                let kept = min(max(left, 0), length)
                left -= length
                // The painted run on the line's middle row starts at its start and is `kept` long.
                let run = paintedReach(of: picture, from: line.from, direction: direction)
                #expect(abs(run - kept) <= 1, "frame \(frame): \(run) px of the line from \(line.from), not \(kept)")
                drawn += run
            }
            #expect(abs(drawn - Self.progress(frame) * 300) <= 1.5, "frame \(frame): \(drawn) px drawn in all")
        }
    }

    // MARK: 4. A radial gradient ring

    /// A ring of radius 60 and width 30 stroked with a radial gradient from the centre, its end's
    /// radius going from 80 to 40: at distance r from the centre the colour is
    /// mix(first, last, min(r / end, 1)).
    @Test func radialGradientRing() throws {
        let (center, first, last) = (Point(100, 100), [255, 204, 51], [51, 77, 255])
        let lottie = Bodymovin.composition(
            size: Self.size, frames: Self.frames,
            items: [
                Bodymovin.path(.circle(center: center, radius: 60)),
                Bodymovin.radialGradientStroke(
                    [Self.unit(first), Self.unit(last)], start: [100, 100],
                    end: Bodymovin.linear([180, 100], [140, 100], frames: Self.frames), width: 30),
            ])
        let gradient =
            #"{"type": "radial", "colors": ["\#(Self.hex(first))", "\#(Self.hex(last))"], "#
            + #""start": [0.5, 0.5], "end": [0.9, 0.5]}"#
        let shape = """
            {"path": "\(ReferencePath.circle(center: center, radius: 60).svg)", "fillColor": "#00000000",
             "lineWidth": 30, "strokeGradient": \(gradient)}
            """
        let fixture = try ShapeReferenceFixture(
            lottie: lottie, shape: shape,
            steps: [ShapeReferenceFixture.step("shape.strokeGradient.end", from: "[0.9, 0.5]", to: "[0.7, 0.5]")])
        defer { fixture.cleanUp() }
        for frame in [0, 15, 28] {
            let picture = try compare(fixture, at: frame, "radial gradient ring")
            let endRadius = 80 - 40 * Self.progress(frame)
            for (dx, dy) in [(1, 0), (0, 1), (-1, 0), (0, -1)] {
                for distance in [50, 60, 70] {
                    let (x, y) = (100 + dx * distance, 100 + dy * distance)
                    let r = (Point(Double(x) + 0.5, Double(y) + 0.5) - center).length
                    let t = min(r / endRadius, 1)
                    let expected = zip(first, last).map { Int((Double($0) + t * Double($1 - $0)).rounded()) }
                    let pixel = picture[x, y]
                    let error = zip([pixel.r, pixel.g, pixel.b], expected).map { abs($0 - $1) }.max()!
                    #expect(error <= 3, "frame \(frame): \(pixel) at \(x), \(y), not \(expected)")
                }
            }
        }
    }

    // MARK: 5. A star with rounded points and inner vertices

    static let star = (points: 5, center: Point(100, 100), outer: 80.0, inner: 35.0, outerRound: 25.0, innerRound: 40.0)

    /// The star turned by `turn` degrees: its points at the outer radius, its inner vertices at
    /// the inner radius, and the curve between a point and the next inner vertex through its
    /// middle as the specification's polystar gives it (handles along the circle's tangent,
    /// (2π·r) / (4·points) × roundness long).
    func expectStar(_ picture: RGBAImage, turnedBy turn: Double, _ label: String) {
        let star = Self.star
        let count = 2 * star.points
        let vertices: [(point: Point, handle: Point)] = (0..<count).map { index in
            let (radius, roundness) = index % 2 == 0 ? (star.outer, star.outerRound) : (star.inner, star.innerRound)
            let angle = (-90 + turn + Double(index) * 360 / Double(count)) * .pi / 180
            let direction = Point(cos(angle), sin(angle))
            let handle = 2 * Double.pi * radius / Double(4 * star.points) * roundness / 100
            return (star.center + radius * direction, handle * Point(-direction.y, direction.x))
        }
        for (index, vertex) in vertices.enumerated() {
            let outwards = (vertex.point - star.center) / (vertex.point - star.center).length
            #expect(
                picture[vertex.point - (index % 2 == 0 ? 6 : 3) * outwards].a > 127,
                "\(label): inside vertex \(index) at \(vertex.point)")
            #expect(
                picture[vertex.point + 3 * outwards].a < 128, "\(label): outside vertex \(index) at \(vertex.point)")
            let next = vertices[(index + 1) % count]
            let (p0, p1, p2, p3) = (vertex.point, vertex.point + vertex.handle, next.point - next.handle, next.point)
            let middle = (p0 + 3 * p1 + 3 * p2 + p3) / 8
            let tangent = p3 + p2 - p1 - p0
            var normal = Point(-tangent.y, tangent.x) / tangent.length
            if ((middle - star.center) * normal).sum() < 0 { normal = -normal }
            #expect(picture[middle - 2 * normal].a > 127, "\(label): inside the curve after vertex \(index)")
            #expect(picture[middle + 2 * normal].a < 128, "\(label): outside the curve after vertex \(index)")
        }
    }

    func starFixture(rotation: Double, layerTurn: Bool) throws -> ShapeReferenceFixture {
        let (star, amber) = (Self.star, [255, 153, 0])
        let turn = Bodymovin.linear(0, 72, frames: Self.frames)
        let lottie = Bodymovin.composition(
            size: Self.size, frames: Self.frames,
            items: [
                Bodymovin.star(
                    points: star.points, center: [star.center.x, star.center.y], outerRadius: star.outer,
                    innerRadius: star.inner, outerRoundness: star.outerRound, innerRoundness: star.innerRound),
                Bodymovin.fill(Self.unit(amber)),
            ], rotation: turn)
        let shape = """
            {"path": {"polystar": {"type": "star", "points": \(star.points), "center": [100, 100],
               "outerRadius": \(star.outer), "innerRadius": \(star.inner), "outerRoundness": \(star.outerRound),
               "innerRoundness": \(star.innerRound), "rotation": \(rotation)}}, "fillColor": "\(Self.hex(amber))"}
            """
        let steps = layerTurn ? [ShapeReferenceFixture.step("transform.rotation", from: "0", to: "72")] : []
        return try ShapeReferenceFixture(lottie: lottie, shape: shape, steps: steps)
    }

    /// rlottie turns a polystar by twice its own rotation (FORMAT.md): the comparison turns the
    /// layers, 0° to 72°, and the star's own rotation is held by the formula alone.
    @Test func starWithOuterAndInnerRoundness() throws {
        let fixture = try starFixture(rotation: 0, layerTurn: true)
        defer { fixture.cleanUp() }
        for frame in [0, 15, 28] {
            let picture = try compare(fixture, at: frame, "star")
            expectStar(picture, turnedBy: 72 * Self.progress(frame), "frame \(frame)")
        }
        let turned = try starFixture(rotation: 18, layerTurn: false)
        defer { turned.cleanUp() }
        expectStar(try turned.picture(of: "shape", hiding: "lottie", at: 0), turnedBy: 18, "rotation 18°")
    }

    // MARK: 6. Twelve bars fading round a circle

    /// Lottie's repeater of 12 copies, each turned 30° about the centre, opacity from 100 % on the
    /// first to 10 % on the last (copy i's is 1 − 0.9·i / 11), the whole turning a quarter over
    /// the animation; pipeline's replicator of one bar sublayer, 30° and an alpha offset of
    /// −0.9 / 11 a copy, the replicating layer turned by a step.
    @Test func twelveBarsWithAlphaFalloff() throws {
        let (center, slate) = (Point(100, 100), [51, 51, 63])
        let bar: [Point] = [[96, 20], [104, 20], [104, 60], [96, 60]]
        let lottie = Bodymovin.composition(
            size: Self.size, frames: Self.frames,
            items: [
                Bodymovin.path(.polyline(bar, closed: true)), Bodymovin.fill(Self.unit(slate)),
                Bodymovin.repeater(
                    copies: 12, anchor: [100, 100], rotation: 30, startOpacity: 100, endOpacity: Bodymovin.still(10)),
            ],
            rotation: Bodymovin.linear(0, 90, frames: Self.frames))
        func opacity(_ index: Int) -> Double { 1 - 0.9 * Double(index) / 11 }
        func turned(_ point: Point, _ index: Int, _ frame: Int) -> Point {
            let angle = Double(index) * .pi / 6 + .pi / 2 * Self.progress(frame)
            let offset = point - center
            return center
                + Point(cos(angle) * offset.x - sin(angle) * offset.y, sin(angle) * offset.x + cos(angle) * offset.y)
        }
        let path = ReferencePath.polyline(bar, closed: true).svg
        let layer = """
            {"name": "shape", "frame": [0, 0, 200, 200],
             "replicator": {"instanceCount": 12, "instanceTransform": {"rotation": 30},
                            "instanceAlphaOffset": \(-0.9 / 11)},
             "sublayers": [{"name": "bar", "frame": [0, 0, 200, 200],
                            "shape": {"path": "\(path)", "fillColor": "\(Self.hex(slate))"}}]}
            """
        let fixture = try ShapeReferenceFixture(
            lottie: lottie, shape: "", steps: [ShapeReferenceFixture.step("transform.rotation", from: "0", to: "90")],
            layer: layer)
        defer { fixture.cleanUp() }
        for frame in [0, 15, 28] {
            let picture = try compare(fixture, at: frame, "twelve bars")
            for index in 0..<12 {
                let alpha = picture[turned([100, 40], index, frame)].a
                let expected = 255 * opacity(index)
                #expect(
                    abs(Double(alpha) - expected) <= 3, "frame \(frame): bar \(index)'s alpha \(alpha), not \(expected)"
                )
            }
        }
    }
}

extension SIMD2<Double> {
    var length: Double { (self * self).sum().squareRoot() }
}
