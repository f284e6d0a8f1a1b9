import Foundation
import ShapeGeometry
import Testing

private let r = 100.0
private let circle = BezierPath.ellipse(x: -r, y: -r, width: 2 * r, height: 2 * r)

/// The point at `degrees` clockwise on screen from 12 o'clock on the circle.
private func onCircle(_ degrees: Double) -> SIMD2<Double> {
    let angle = (degrees - 90) * Double.pi / 180
    return SIMD2(r * cos(angle), r * sin(angle))
}

@Suite struct TrimTests {
    @Test func strokeEndAQuarterEndsAQuarterTurnOn() throws {
        let trimmed = circle.trimmed(start: 0, end: 0.25, offsetDegrees: 0)
        let piece = try #require(trimmed.subpaths.first)
        #expect(trimmed.subpaths.count == 1)
        #expect(!piece.isClosed)
        #expect(near(piece.start, onCircle(0), 1e-9))
        #expect(near(try #require(piece.segments.last).end, onCircle(90), 1e-3 * r))
    }

    @Test func trimmedPiecesStayRound() throws {
        let piece = try #require(circle.trimmed(start: 0.1, end: 0.65, offsetDegrees: 0).subpaths.first)
        #expect(near(piece.start, onCircle(36), 1e-3 * r))
        #expect(near(piece.segments.last!.end, onCircle(234), 1e-3 * r))
        for (start, segment) in cubics(piece) {
            for t in stride(from: 0.0, through: 1.0, by: 0.1) {
                #expect(abs(distance(bernstein(start, segment, t), .zero) - r) < 3e-4 * r)
            }
        }
        // Its length is the kept fraction's.
        let path = BezierPath(subpaths: [piece])
        #expect(abs(path.length - 0.55 * circle.length) < 0.01)
    }

    @Test func startAtOrPastEndKeepsNothing() {
        #expect(circle.trimmed(start: 0.5, end: 0.5, offsetDegrees: 0).subpaths.isEmpty)
        #expect(circle.trimmed(start: 0.7, end: 0.2, offsetDegrees: 90).subpaths.isEmpty)
        // Clamped first: 1.5 and 2 are both 1.
        #expect(circle.trimmed(start: 1.5, end: 2, offsetDegrees: 0).subpaths.isEmpty)
    }

    @Test func theWholePathIsKeptAsItIs() {
        #expect(circle.trimmed(start: 0, end: 1, offsetDegrees: 0) == circle)
        #expect(circle.trimmed(start: -1, end: 3, offsetDegrees: 123) == circle)
    }

    @Test func offsetShiftsByDegreesOfTheLength() throws {
        // 90° of offset is a quarter of the length: 0…0.25 becomes 0.25…0.5.
        let piece = try #require(circle.trimmed(start: 0, end: 0.25, offsetDegrees: 90).subpaths.first)
        #expect(near(piece.start, onCircle(90), 1e-3 * r))
        #expect(near(piece.segments.last!.end, onCircle(180), 1e-3 * r))
        let negative = try #require(circle.trimmed(start: 0.5, end: 0.75, offsetDegrees: -90).subpaths.first)
        #expect(near(negative.start, onCircle(90), 1e-3 * r))
    }

    @Test func wrappingPastTheEndOfAnOpenPathGivesTwoPieces() throws {
        let line = try PathData.parse("M 0 0 H 100")
        // 0.6…0.9 shifted by 0.3 (108°) is 0.9…1.2: 90…100, then 0…20.
        let trimmed = line.trimmed(start: 0.6, end: 0.9, offsetDegrees: 108)
        #expect(trimmed.subpaths.count == 2)
        #expect(near(trimmed.subpaths[0].start, [90, 0], 1e-6))
        #expect(near(trimmed.subpaths[0].segments.last!.end, [100, 0], 1e-6))
        #expect(near(trimmed.subpaths[1].start, [0, 0], 1e-6))
        #expect(near(trimmed.subpaths[1].segments.last!.end, [20, 0], 1e-6))
    }

    @Test func wrappingPastTheStartOfAClosedPathIsOnePiece() throws {
        // 0.8…1.1 of a circle runs through 12 o'clock, 288° to 36°, one open piece as Lottie draws it.
        let trimmed = circle.trimmed(start: 0.5, end: 0.8, offsetDegrees: 108)
        #expect(trimmed.subpaths.count == 1)
        let piece = trimmed.subpaths[0]
        #expect(!piece.isClosed)
        #expect(near(piece.start, onCircle(288), 1e-3 * r))
        #expect(near(piece.segments.last!.end, onCircle(36), 1e-3 * r))
        #expect(abs(BezierPath(subpaths: [piece]).length - 0.3 * circle.length) < 0.01)
    }

    @Test func closingLinesAreTrimmedToo() throws {
        // A 30-40-50 triangle: 30 along, 40 down, the closing diagonal of 50 back to (0,0); 120 in all.
        let triangle = try PathData.parse("M 0 0 H 30 V 40 Z")
        func onDiagonal(_ along: Double) -> SIMD2<Double> { SIMD2<Double>(30, 40) * (1 - along / 50) }
        // 0.75…0.9 is 90…108: 20…38 along the closing line.
        let piece = try #require(triangle.trimmed(start: 0.75, end: 0.9, offsetDegrees: 0).subpaths.first)
        #expect(near(piece.start, onDiagonal(20), 1e-6))
        #expect(near(piece.segments.last!.end, onDiagonal(38), 1e-6))
        #expect(piece.segments.count == 1)
        // 0.5…0.9 is 60…108: from (30, 30) down the right edge, then along the closing line.
        let longer = try #require(triangle.trimmed(start: 0.5, end: 0.9, offsetDegrees: 0).subpaths.first)
        #expect(near(longer.start, [30, 30], 1e-6))
        #expect(longer.segments.count == 2)
        #expect(near(longer.segments[0].end, [30, 40], 1e-9))
        #expect(near(longer.segments[1].end, onDiagonal(38), 1e-6))
    }

    @Test func piecesAcrossSubpaths() throws {
        let path = try PathData.parse("M 0 0 H 100 M 0 50 H 100 M 0 100 H 100")
        // 0.25…0.75 of 300: from 75 on the first to 25 on the third.
        let trimmed = path.trimmed(start: 0.25, end: 0.75, offsetDegrees: 0)
        #expect(trimmed.subpaths.count == 3)
        #expect(near(trimmed.subpaths[0].start, [75, 0], 1e-6))
        #expect(trimmed.subpaths[1].start == [0, 50] && trimmed.subpaths[1].segments.last!.end == [100, 50])
        #expect(near(trimmed.subpaths[2].segments.last!.end, [25, 100], 1e-6))
    }

    @Test func keptLengthsSumToTheKeptFraction() throws {
        let path = try PathData.parse(
            "M 0 0 C 50 -80 120 80 200 0 Q 250 -60 300 0 A 40 20 30 1 1 260 60 Z M 10 10 L 20 30")
        let lengths = path.lengths
        for (start, end, offset) in [(0.1, 0.4, 0.0), (0.3, 0.95, 200.0), (0.0, 0.5, -30.0), (0.2, 0.21, 359.0)] {
            let kept = path.trimmed(start: start, end: end, offsetDegrees: offset, lengths: lengths)
            #expect(abs(kept.length - (end - start) * lengths.total) < 0.01, "\(start)…\(end) +\(offset)°")
        }
    }
}
