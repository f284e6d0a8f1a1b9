import Foundation
import ShapeGeometry
import Testing

private func circle(_ r: Double, center: SIMD2<Double> = .zero) -> BezierPath {
    .ellipse(x: center.x - r, y: center.y - r, width: 2 * r, height: 2 * r)
}

/// A square from its top-left corner clockwise, three lines and the closing one: not the structure
/// of `BezierPath.rect` (four lines), which is an ellipse's (four cubics), so those two need no matching.
private func square(_ half: Double) -> BezierPath {
    try! PathData.parse("M \(-half) \(-half) H \(half) V \(half) H \(-half) Z")
}

/// A subpath's points: its start, then each segment's end (a closed one's last end, its start again, left out).
private func points(_ subpath: Subpath) -> [SIMD2<Double>] {
    let ends = subpath.segments.map(\.end)
    return [subpath.start] + (subpath.isClosed ? ends.dropLast() : ends[...])
}

/// Twice the signed area by the shoelace formula; positive is clockwise on screen (y down).
private func shoelace(_ points: [SIMD2<Double>]) -> Double {
    zip(points, points.dropFirst() + [points[0]]).reduce(0) { $0 + $1.0.x * $1.1.y - $1.1.x * $1.0.y }
}

private func sumOfSquares(_ a: [SIMD2<Double>], _ b: [SIMD2<Double>], shift: Int) -> Double {
    b.indices.reduce(0) { sum, index in
        let d = a[(index + shift) % a.count] - b[index]
        return sum + (d * d).sum()
    }
}

/// Where a point on the boundary of the square of half side `half` about the origin lies along it,
/// measured clockwise on screen from the top-left corner.
private func alongSquare(_ p: SIMD2<Double>, half: Double) -> Double {
    let side = 2 * half
    if abs(p.y + half) < 1e-6 { return p.x + half }
    if abs(p.x - half) < 1e-6 { return side + p.y + half }
    if abs(p.y - half) < 1e-6 { return 2 * side + half - p.x }
    return 3 * side + half - p.y
}

@Suite struct PathMorphTests {
    @Test func pathsOfOneStructureAreReturnedUnchanged() {
        let values = [circle(50), circle(100, center: [10, 20]), circle(3)]
        #expect(PathMorph.matched(values) == values)
        #expect(PathMorph.matched([square(5)]) == [square(5)])
        let rect = BezierPath.rect(x: 0, y: 0, width: 10, height: 10, cornerRadius: 0)
        #expect(PathMorph.matched([rect, circle(5)]) == [rect, circle(5)])
        #expect(PathMorph.matched([]).isEmpty)
    }

    @Test func circleAndSquareBecomePolylinesOfOneStructure() {
        let matched = PathMorph.matched([circle(100), square(100)])
        #expect(matched.count == 2)
        #expect(matched[0].structure == matched[1].structure)
        // L is the longer, the square's 800 (the circle's is 628.3): N = clamp(⌈800 / 2⌉, 64, 2048) = 400
        // points, closed: 400 line segments.
        #expect(matched[0].structure.parts == [PathStructure.Part(segments: 400, isClosed: true)])
        for subpath in matched.flatMap(\.subpaths) {
            #expect(subpath.segments.last?.end == subpath.start)
            for (start, segment) in cubics(subpath) {
                #expect(segment == PathSegment.line(from: start, to: segment.end))
            }
        }
    }

    @Test func theSquaresPointsLieOnItAtEqualSpacing() throws {
        let matched = PathMorph.matched([circle(100), square(100)])
        let squarePoints = points(try #require(matched[1].subpaths.first))
        let n = squarePoints.count
        for point in squarePoints {
            let onEdge = abs(abs(point.x) - 100) < 1e-9 || abs(abs(point.y) - 100) < 1e-9
            #expect(onEdge && abs(point.x) <= 100 + 1e-9 && abs(point.y) <= 100 + 1e-9, "\(point)")
        }
        let spacing = 800.0 / Double(n)
        for (a, b) in zip(squarePoints, squarePoints.dropFirst() + [squarePoints[0]]) {
            var step = alongSquare(b, half: 100) - alongSquare(a, half: 100)
            if step < 0 { step += 800 }
            #expect(abs(step - spacing) < 1e-6)
        }
        // The circle's points are equally spaced too: equal chords.
        let circlePoints = points(matched[0].subpaths[0])
        let chord = 2 * 100 * sin(Double.pi / Double(n))
        for (a, b) in zip(circlePoints, circlePoints.dropFirst() + [circlePoints[0]]) {
            #expect(abs(distance(a, b) - chord) < 1e-3)
            #expect(abs(distance(a, .zero) - 100) < 0.03)
        }
    }

    @Test func pointCountIsClampedTo64And2048() {
        #expect(PathMorph.matched([circle(5), square(5)])[0].subpaths[0].segments.count == 64)
        #expect(PathMorph.matched([circle(1000), square(5)])[1].subpaths[0].segments.count == 2048)
    }

    @Test func startIsTurnedToTheNearestAndTheSquaresCornerMeetsTheDiagonal() throws {
        // The square starts at its top-left corner; the circle's matched start is the nearest rotation.
        let matched = PathMorph.matched([square(100), circle(100)])
        let squarePoints = points(matched[0].subpaths[0])
        let circlePoints = points(matched[1].subpaths[0])
        let sums = (0..<circlePoints.count).map { sumOfSquares(circlePoints, squarePoints, shift: $0) }
        #expect(sums.min() == sums[0])
        let angle = atan2(circlePoints[0].y, circlePoints[0].x) * 180 / Double.pi
        #expect(abs(angle - -135) < 2 * 360 / Double(circlePoints.count))
    }

    @Test func aReversedCircleIsReversedAgain() throws {
        let reversedCircle = try PathData.parse(
            "M 0 -100 A 100 100 0 0 0 -100 0 A 100 100 0 0 0 0 100 A 100 100 0 0 0 100 0 A 100 100 0 0 0 0 -100 Z")
        #expect(shoelace(points(reversedCircle.subpaths[0])) < 0, "counter-clockwise on screen as written")
        let matched = PathMorph.matched([square(100), reversedCircle])
        let circlePoints = points(matched[1].subpaths[0])
        #expect(shoelace(circlePoints) > 0)
        #expect(shoelace(points(matched[0].subpaths[0])) > 0)
        // Clockwise now: each point a little further clockwise (y down) than the one before.
        let a = atan2(circlePoints[0].y, circlePoints[0].x)
        let b = atan2(circlePoints[1].y, circlePoints[1].x)
        #expect(remainder(b - a, 2 * Double.pi) > 0)
    }

    @Test func anOpenRunIsReversedWhenThatIsNearer() throws {
        let right = try PathData.parse("M 0 0 L 100 0")
        let left = try PathData.parse("M 100 0 L 50 0 L 0 0")
        let matched = PathMorph.matched([right, left])
        #expect(matched[1].structure.parts == [PathStructure.Part(segments: 63, isClosed: false)])
        #expect(near(matched[1].subpaths[0].start, [0, 0], 1e-9))
        #expect(near(matched[1].subpaths[0].segments.last!.end, [100, 0], 1e-9))
        #expect(near(matched[0].subpaths[0].segments[0].end, [100.0 / 63, 0], 1e-9))
    }

    @Test func aChainOfThreeIsMatchedEachToTheOneBefore() throws {
        let star = BezierPath.polystar(
            Polystar(
                kind: .star, points: 5, center: [0, 0], outerRadius: 120, innerRadius: 50, outerRoundness: 0,
                innerRoundness: 0, rotation: 17))
        let matched = PathMorph.matched([square(100), star, circle(90)])
        #expect(Set(matched.map(\.structure)).count == 1)
        for pair in [(0, 1), (1, 2)] {
            let reference = points(matched[pair.0].subpaths[0])
            let value = points(matched[pair.1].subpaths[0])
            #expect(shoelace(reference) * shoelace(value) > 0)
            let sums = (0..<value.count).map { sumOfSquares(value, reference, shift: $0) }
            #expect(sums.min() == sums[0], "value \(pair.1) starts nearest value \(pair.0)")
        }
    }

    @Test func missingSubpathsAreTheirPartnersCentroid() throws {
        let two = try PathData.parse("M -10 -10 H 10 V 10 H -10 Z M 200 300 h 40 v 20 h -40 z")
        let one = circle(50)
        let matched = PathMorph.matched([one, two, one])
        #expect(Set(matched.map(\.structure)).count == 1)
        #expect(matched[0].subpaths.count == 2)
        // The second rectangle's resampled points are symmetric about its centre (220, 310).
        for value in [0, 2] {
            for point in points(matched[value].subpaths[1]) {
                #expect(near(point, [220, 310], 1e-9), "value \(value)")
            }
        }
    }

    @Test func closedPairedWithOpenAreBothOpen() throws {
        let line = try PathData.parse("M -100 -100 L 100 -100")
        let matched = PathMorph.matched([square(100), line])
        #expect(matched[0].structure == matched[1].structure)
        let squareRun = matched[0].subpaths[0]
        #expect(!squareRun.isClosed)
        // Cut at its start, which is repeated at the end: N points, N − 1 segments.
        #expect(squareRun.segments.count == 399)
        #expect(squareRun.start == [-100, -100])
        #expect(near(squareRun.segments.last!.end, [-100, -100], 1e-9))
    }
}
