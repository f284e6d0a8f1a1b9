import Foundation
import ShapeGeometry
import Testing

@Suite struct PathLengthTests {
    @Test func circleLengthIsItsCircumference() {
        let circle = BezierPath.ellipse(x: -100, y: -100, width: 200, height: 200)
        // Four cubics whose radius errs by under ±0.02 %: within 0.05 of 2π·100.
        #expect(abs(circle.length - 2 * Double.pi * 100) < 0.05)
    }

    @Test func ellipseLengthMatchesRamanujan() {
        // Ramanujan's second approximation, exact to about 1e-10 relative for this eccentricity.
        let (a, b) = (120.0, 40.0)
        let h = (a - b) * (a - b) / ((a + b) * (a + b))
        let expected = Double.pi * (a + b) * (1 + 3 * h / (10 + (4 - 3 * h).squareRoot()))
        let ellipse = BezierPath.ellipse(x: 0, y: 0, width: 2 * a, height: 2 * b)
        #expect(abs(ellipse.length - expected) / expected < 5e-4)
    }

    @Test func rectLengthIsItsPerimeter() {
        #expect(abs(BezierPath.rect(x: 3, y: 4, width: 100, height: 50, cornerRadius: 0).length - 300) < 1e-6)
        // Rounded: the straight parts plus a circle of the corner radius (its cubic approximation).
        let rounded = BezierPath.rect(x: 0, y: 0, width: 100, height: 50, cornerRadius: 10)
        #expect(abs(rounded.length - (300 - 8 * 10 + 2 * Double.pi * 10)) < 0.01)
    }

    @Test func closingLineCounts() throws {
        let open = try PathData.parse("M 0 0 L 30 0 L 30 40")
        let closed = try PathData.parse("M 0 0 L 30 0 L 30 40 Z")
        #expect(abs(open.length - 70) < 1e-9)
        #expect(abs(closed.length - 120) < 1e-9)
        let two = try PathData.parse("M 0 0 L 30 0 L 30 40 Z M 100 100 h 10")
        #expect(two.subpathLengths.count == 2)
        #expect(abs(two.subpathLengths[0] - 120) < 1e-9 && abs(two.subpathLengths[1] - 10) < 1e-9)
        #expect(abs(two.length - 130) < 1e-9)
    }

    @Test func curveLengthMatchesAFineFlattening() {
        // A cusped cubic (control points crossed), against a polyline of 200,000 pieces.
        let segment = PathSegment(control1: [100, 100], control2: [0, 100], end: [100, 0])
        let path = BezierPath(subpaths: [Subpath(start: [0, 0], segments: [segment], isClosed: false)])
        var expected = 0.0
        var previous = SIMD2<Double>(0, 0)
        let pieces = 200_000
        for index in 1...pieces {
            let point = bernstein([0, 0], segment, Double(index) / Double(pieces))
            expected += distance(point, previous)
            previous = point
        }
        #expect(abs(path.length - expected) < 0.01)
    }

    @Test func pointAtDistanceWalksTheSubpathsInOrder() throws {
        let path = try PathData.parse("M 0 0 H 10 V 10 Z M 50 50 h 20")
        // Square-ish triangle: 10 along, 10 down, then the closing diagonal of √200.
        let diagonal = 200.0.squareRoot()
        #expect(near(path.point(atDistance: 5), [5, 0], 1e-6))
        #expect(near(path.point(atDistance: 15), [10, 5], 1e-6))
        #expect(near(path.point(atDistance: 20 + diagonal / 2), [5, 5], 1e-6))
        #expect(near(path.point(atDistance: 20 + diagonal + 5), [55, 50], 1e-6))
        #expect(near(path.point(atDistance: -3), [0, 0]))
        #expect(near(path.point(atDistance: 1e9), [70, 50], 1e-9))
    }

    @Test func pointAtDistanceOnACircleIsAtThatAngle() {
        let r = 100.0
        let circle = BezierPath.ellipse(x: -r, y: -r, width: 2 * r, height: 2 * r)
        let length = circle.length
        for fraction in [0.1, 0.25, 0.4, 0.5, 0.8] {
            // From 12 o'clock clockwise on screen (y down): angle −90° + fraction·360°.
            let angle = -Double.pi / 2 + fraction * 2 * Double.pi
            let expected = SIMD2(r * cos(angle), r * sin(angle))
            #expect(near(circle.point(atDistance: fraction * length), expected, 1e-3 * r), "\(fraction)")
        }
    }

    @Test func lengthsAreKeptPerSegment() {
        let rect = BezierPath.rect(x: 0, y: 0, width: 40, height: 20, cornerRadius: 0)
        let lengths = rect.lengths
        #expect(lengths.segments.count == 1)
        // Four lines and the closing line of length zero (the last line ends at the start).
        #expect(lengths.segments[0].count == 5)
        for (measured, expected) in zip(lengths.segments[0], [40.0, 20, 40, 20, 0]) {
            #expect(abs(measured - expected) < 1e-9)
        }
        #expect(rect.point(atDistance: 50, lengths: lengths) == rect.point(atDistance: 50))
    }
}
