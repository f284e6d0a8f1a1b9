import Foundation
import ShapeGeometry
import Testing

@Suite struct PrimitiveTests {
    @Test func rectStartsAtTheTopLeftAndRunsClockwise() {
        let rect = BezierPath.rect(x: 10, y: 20, width: 100, height: 50, cornerRadius: 0)
        let subpath = rect.subpaths[0]
        #expect(subpath.isClosed)
        #expect(subpath.start == [10, 20])
        #expect(subpath.segments.map(\.end) == [[110, 20], [110, 70], [10, 70], [10, 20]])
        #expect(subpath.segments[0] == PathSegment.line(from: [10, 20], to: [110, 20]))
    }

    @Test func roundedRectCornersAreQuarterCircles() {
        let r = 10.0
        let rect = BezierPath.rect(x: 0, y: 0, width: 100, height: 50, cornerRadius: r)
        let subpath = rect.subpaths[0]
        #expect(subpath.start == [10, 0])
        #expect(subpath.segments.count == 8)
        // Lines and corners alternate: top edge, top-right corner, right edge, …
        let ends: [SIMD2<Double>] = [
            [90, 0], [100, 10], [100, 40], [90, 50], [10, 50], [0, 40], [0, 10], [10, 0],
        ]
        for (segment, end) in zip(subpath.segments, ends) {
            #expect(near(segment.end, end, 1e-9))
        }
        let centres: [SIMD2<Double>] = [[90, 10], [90, 40], [10, 40], [10, 10]]
        let all = cubics(subpath)
        for (corner, centre) in centres.enumerated() {
            let (start, segment) = all[2 * corner + 1]
            for t in stride(from: 0.0, through: 1.0, by: 0.1) {
                #expect(abs(distance(bernstein(start, segment, t), centre) - r) < 3e-3 * r)
            }
        }
    }

    @Test func cornerRadiusIsClampedToHalfTheShorterSide() {
        let rect = BezierPath.rect(x: 0, y: 0, width: 100, height: 40, cornerRadius: 500)
        #expect(rect.subpaths[0].start == [20, 0])
        #expect(near(rect.subpaths[0].segments[1].end, [100, 20]))
        #expect(abs(rect.length - (2 * 60 + 2 * Double.pi * 20)) < 0.02)
    }

    @Test func ellipseStartsAtTheTopAndRunsClockwise() {
        let ellipse = BezierPath.ellipse(x: 0, y: 0, width: 200, height: 100)
        let subpath = ellipse.subpaths[0]
        #expect(subpath.isClosed)
        #expect(subpath.start == [100, 0])
        let ends: [SIMD2<Double>] = [[200, 50], [100, 100], [0, 50], [100, 0]]
        for (segment, end) in zip(subpath.segments, ends) {
            #expect(near(segment.end, end, 1e-9))
        }
        #expect(subpath.segments.count == 4)
        for (start, segment) in cubics(subpath) {
            for t in stride(from: 0.0, through: 1.0, by: 0.1) {
                let p = bernstein(start, segment, t)
                let value = pow((p.x - 100) / 100, 2) + pow((p.y - 50) / 50, 2)
                #expect(abs(value - 1) < 1e-3)
            }
        }
    }

    @Test func fivePointStarHasTenVerticesAtTheirAnglesAndRadii() {
        let star = Polystar(
            kind: .star, points: 5, center: [50, 60], outerRadius: 40, innerRadius: 15, outerRoundness: 0,
            innerRoundness: 0, rotation: 0)
        let subpath = BezierPath.polystar(star).subpaths[0]
        #expect(subpath.isClosed)
        #expect(subpath.segments.count == 10)
        let vertices = [subpath.start] + subpath.segments.dropLast().map(\.end)
        #expect(near(subpath.segments.last!.end, subpath.start))
        for (index, vertex) in vertices.enumerated() {
            let radius = index % 2 == 0 ? 40.0 : 15.0
            // Straight up first, then every 36° clockwise on screen.
            let angle = (-90.0 + 36 * Double(index)) * Double.pi / 180
            #expect(near(vertex, [50 + radius * cos(angle), 60 + radius * sin(angle)], 1e-9), "vertex \(index)")
        }
        #expect(near(vertices[0], [50, 20], 1e-9))
    }

    @Test func polygonRotationAndFractionalPoints() {
        let polygon = Polystar(
            kind: .polygon, points: 4.7, center: [0, 0], outerRadius: 10, innerRadius: 99, outerRoundness: 0,
            innerRoundness: 0, rotation: 45)
        let subpath = BezierPath.polystar(polygon).subpaths[0]
        #expect(subpath.segments.count == 4, "Lottie draws whole points")
        let half = 10 / 2.0.squareRoot()
        let expected: [SIMD2<Double>] = [[half, -half], [half, half], [-half, half], [-half, -half]]
        #expect(near(subpath.start, expected[0], 1e-9))
        for (segment, vertex) in zip(subpath.segments, expected.dropFirst() + [expected[0]]) {
            #expect(near(segment.end, vertex, 1e-9))
        }
    }

    @Test func roundnessHandlesFollowTheTangent() {
        // Tangent length (2π·r) / (4·n) · roundness / 100 (lottie-web's polystar).
        let star = Polystar(
            kind: .star, points: 6, center: [0, 0], outerRadius: 100, innerRadius: 50, outerRoundness: 80,
            innerRoundness: 30, rotation: 0)
        let subpath = BezierPath.polystar(star).subpaths[0]
        let outerHandle = 2 * Double.pi * 100 / 24 * 0.8
        let innerHandle = 2 * Double.pi * 50 / 24 * 0.3
        // The first vertex is (0, -100): its tangent clockwise on screen is +x.
        #expect(near(subpath.segments[0].control1, [outerHandle, -100], 1e-9))
        // The second is inner at −60°: it is entered against the clockwise tangent (sin 60°·…, −cos 60°·…).
        let angle = -60.0 * Double.pi / 180
        let vertex = SIMD2(50 * cos(angle), 50 * sin(angle))
        let tangent = SIMD2(-sin(angle), cos(angle))
        #expect(near(subpath.segments[0].control2, vertex - innerHandle * tangent, 1e-9))
        #expect(near(subpath.segments[1].control1, vertex + innerHandle * tangent, 1e-9))
    }

    @Test func fewerThanOnePointIsEmpty() {
        let star = Polystar(
            kind: .star, points: 0.5, center: [0, 0], outerRadius: 1, innerRadius: 1, outerRoundness: 0,
            innerRoundness: 0, rotation: 0)
        #expect(BezierPath.polystar(star).isEmpty)
    }

    @Test func numbersRebuildThePath() {
        let path = BezierPath.rect(x: 1, y: 2, width: 30, height: 40, cornerRadius: 5)
        let numbers = path.numbers
        #expect(numbers.count == path.structure.numberCount)
        #expect(numbers.count == 2 + 6 * 8)
        #expect(Array(numbers.prefix(4)) == [6, 2, path.subpaths[0].segments[0].control1.x, 2])
        #expect(BezierPath(structure: path.structure, numbers: numbers) == path)
    }

    @Test func transformMapsEveryPoint() {
        let path = BezierPath.rect(x: 0, y: 0, width: 10, height: 20, cornerRadius: 0)
        // Scale 2 in x, then translate; and a 90° turn (a = 0, b = 1, c = −1, d = 0).
        let scaled = path.transformed(by: (a: 2, b: 0, c: 0, d: 1, tx: 5, ty: 7))
        #expect(scaled.subpaths[0].segments.map(\.end) == [[25, 7], [25, 27], [5, 27], [5, 7]])
        let turned = path.transformed(by: (a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0))
        #expect(turned.subpaths[0].segments[1].end == [-20, 10])
    }
}
