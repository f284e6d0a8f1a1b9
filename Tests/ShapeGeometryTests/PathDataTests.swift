import ShapeGeometry
import Testing

/// The segments' end points of every subpath, in order.
private func ends(_ path: BezierPath) -> [[SIMD2<Double>]] {
    path.subpaths.map { [$0.start] + $0.segments.map(\.end) }
}

private func parsed(_ text: String) throws -> BezierPath {
    try PathData.parse(text)
}

@Suite struct PathDataTests {
    @Test func emptyDataIsAnEmptyPath() throws {
        #expect(try parsed("").subpaths.isEmpty)
        #expect(try parsed("  \n\t").isEmpty)
    }

    @Test func linesAreCubicsWithControlsAtThirds() throws {
        let path = try parsed("M 10 20 L 40 50")
        #expect(path.subpaths.count == 1)
        let segment = try #require(path.subpaths.first?.segments.first)
        #expect(path.subpaths[0].start == [10, 20])
        #expect(near(segment.control1, [20, 30]))
        #expect(near(segment.control2, [30, 40]))
        #expect(segment.end == [40, 50])
        #expect(!path.subpaths[0].isClosed)
    }

    @Test func absoluteAndRelativeLinesAgree() throws {
        let absolute = try parsed("M 1 2 L 4 6 H 10 V -3 Z")
        let relative = try parsed("m 1 2 l 3 4 h 6 v -9 z")
        #expect(ends(absolute) == [[[1, 2], [4, 6], [10, 6], [10, -3]]])
        #expect(ends(relative) == ends(absolute))
        #expect(absolute.subpaths[0].isClosed && relative.subpaths[0].isClosed)
    }

    @Test func implicitRepeatsAfterMoveAreLines() throws {
        #expect(ends(try parsed("M 0 0 10 0 10 10")) == [[[0, 0], [10, 0], [10, 10]]])
        #expect(ends(try parsed("m 5 5 10 0 0 10")) == [[[5, 5], [15, 5], [15, 15]]])
        #expect(ends(try parsed("M0,0L1,1,2,2 3,3")) == [[[0, 0], [1, 1], [2, 2], [3, 3]]])
        #expect(ends(try parsed("M0 0h1 2 3v4 5")) == [[[0, 0], [1, 0], [3, 0], [6, 0], [6, 4], [6, 9]]])
    }

    @Test func numbersAsSVGWritesThem() throws {
        #expect(ends(try parsed("M.5.5L-1-2")) == [[[0.5, 0.5], [-1, -2]]])
        #expect(ends(try parsed("M1e-3 2E2L+3.0-.25")) == [[[0.001, 200], [3, -0.25]]])
        #expect(ends(try parsed("M1.5e+1,0L2.,3")) == [[[15, 0], [2, 3]]])
    }

    @Test func cubicsAbsoluteRelativeAndSmooth() throws {
        let path = try parsed("M 0 0 C 10 0 20 10 20 20 S 30 40 40 40 c 1 2 3 4 5 6 s 7 8 9 10")
        let segments = path.subpaths[0].segments
        #expect(segments.count == 4)
        #expect(segments[0] == PathSegment(control1: [10, 0], control2: [20, 10], end: [20, 20]))
        // S reflects the previous second control about the current point.
        #expect(segments[1] == PathSegment(control1: [20, 30], control2: [30, 40], end: [40, 40]))
        #expect(segments[2] == PathSegment(control1: [41, 42], control2: [43, 44], end: [45, 46]))
        #expect(segments[3] == PathSegment(control1: [47, 48], control2: [52, 54], end: [54, 56]))
    }

    @Test func smoothCubicAfterALineUsesTheCurrentPoint() throws {
        let segment = try parsed("M 0 0 L 10 0 S 20 10 30 0").subpaths[0].segments[1]
        #expect(segment.control1 == [10, 0])
        #expect(segment.control2 == [20, 10])
    }

    @Test func quadraticsBecomeTheExactCubic() throws {
        // Q from (0,0) via (30,60) to (60,0): the cubic's controls are 2/3 of the way to the control.
        let path = try parsed("M 0 0 Q 30 60 60 0 T 120 0 q 10 10 20 0 t 20 0")
        let segments = path.subpaths[0].segments
        #expect(segments.count == 4)
        #expect(near(segments[0].control1, [20, 40]))
        #expect(near(segments[0].control2, [40, 40]))
        // A quadratic at t is (1-t)²P0 + 2t(1-t)C + t²P2; the cubic must agree everywhere.
        for t in [0.1, 0.3, 0.5, 0.8] {
            let quadratic =
                (1 - t) * (1 - t) * SIMD2<Double>(0, 0) + 2 * t * (1 - t) * SIMD2(30, 60) + t * t * SIMD2(60, 0)
            #expect(near(bernstein([0, 0], segments[0], t), quadratic))
        }
        // T reflects the control (30,60) about (60,0): (90,-60).
        #expect(near(segments[1].control1, SIMD2(60, 0) + (SIMD2(90, -60) - SIMD2(60, 0)) * 2 / 3))
        #expect(segments[1].end == [120, 0])
        #expect(near(segments[2].control1, SIMD2(120, 0) + SIMD2(10, 10) * 2 / 3))
        #expect(segments[2].end == [140, 0])
        // t reflects (130,10) about (140,0): (150,-10).
        #expect(near(segments[3].control1, SIMD2(140, 0) + SIMD2(10, -10) * 2 / 3))
        #expect(segments[3].end == [160, 0])
    }

    @Test func halfCircleArcLiesOnItsCircle() throws {
        // From (0,50) to (100,50) with radius 50: the centre is (50,50); sweep 1 runs through the top (y down).
        for text in ["M 0 50 A 50 50 0 0 1 100 50", "M 0 50 a 50 50 0 0 1 100 0", "M0 50A50 50 0 01100 50"] {
            let subpath = try #require(try parsed(text).subpaths.first)
            #expect(subpath.segments.count == 2, "\(text): a 180° arc is two cubics of 90°")
            for (start, segment) in cubics(subpath) {
                for t in stride(from: 0.0, through: 1.0, by: 0.125) {
                    let point = bernstein(start, segment, t)
                    // A 90° cubic errs from its circle by at most 0.0196 % of the radius.
                    #expect(abs(distance(point, [50, 50]) - 50) < 2e-4 * 50, "\(text) at \(t)")
                    #expect(point.y <= 50 + 1e-9, "\(text): the sweep flag 1 arc passes above")
                }
            }
            #expect(near(subpath.segments[0].end, [50, 0], 1e-9))
            #expect(subpath.segments.last?.end == [100, 50])
        }
    }

    @Test func arcFlagsChooseTheQuarterOrThreeQuarters() throws {
        // Radius 10 from (10,0) to (0,10): centre (0,0) or (10,10); the large arc is 270°, three cubics.
        let small = try parsed("M 10 0 A 10 10 0 0 1 0 10").subpaths[0]
        let large = try parsed("M 10 0 A 10 10 0 1 0 0 10").subpaths[0]
        #expect(small.segments.count == 1)
        #expect(large.segments.count == 3)
        for (start, segment) in cubics(small) {
            #expect(abs(distance(bernstein(start, segment, 0.5), [0, 0]) - 10) < 2e-4 * 10)
        }
        for (start, segment) in cubics(large) {
            #expect(abs(distance(bernstein(start, segment, 0.5), [0, 0]) - 10) < 2e-4 * 10)
        }
    }

    @Test func arcRadiiTooSmallAreScaledUp() throws {
        // Radius 1 cannot reach 100 away: scaled to 50, a half circle about the midpoint.
        let subpath = try parsed("M 0 0 A 1 1 0 0 0 100 0").subpaths[0]
        for (start, segment) in cubics(subpath) {
            #expect(abs(distance(bernstein(start, segment, 0.3), [50, 0]) - 50) < 2e-4 * 50)
        }
    }

    @Test func rotatedEllipticalArc() throws {
        // An ellipse of radii 20, 10 turned 90°: its long axis is vertical. From (0,-20) to (0,20) about (0,0).
        let subpath = try parsed("M 0 -20 A 20 10 90 0 1 0 20").subpaths[0]
        for (start, segment) in cubics(subpath) {
            let p = bernstein(start, segment, 0.5)
            // In the ellipse's own axes (turned back by 90°): x' = y, y' = -x.
            let value = (p.y / 20) * (p.y / 20) + (p.x / 10) * (p.x / 10)
            #expect(abs(value - 1) < 1e-3)
        }
        #expect(subpath.segments[0].end.x > 0, "sweep 1 turns clockwise on screen, through +x")
    }

    @Test func zeroRadiusArcIsALineAndAnArcToItsStartIsNothing() throws {
        let line = try parsed("M 0 0 A 0 5 0 0 1 10 0").subpaths[0].segments
        #expect(line == [PathSegment.line(from: [0, 0], to: [10, 0])])
        #expect(try parsed("M 3 3 A 5 5 0 0 1 3 3").subpaths.isEmpty)
    }

    @Test func movesStartSubpathsAndCloseReturnsToTheStart() throws {
        let path = try parsed("M 0 0 L 10 0 L 10 10 Z l 5 5 M 20 20 L 30 20 m 1 1 L 40 40")
        #expect(path.subpaths.count == 4)
        #expect(path.subpaths.map(\.isClosed) == [true, false, false, false])
        // After Z the current point is the subpath's start, where the next drawing starts.
        #expect(ends(path)[1] == [[0, 0], [5, 5]])
        #expect(ends(path)[3] == [[31, 21], [40, 40]])
    }

    @Test func aMoveThatDrawsNothingIsNoSubpath() throws {
        #expect(try parsed("M 1 1 M 2 2 L 3 3 M 4 4").subpaths.count == 1)
    }
}
