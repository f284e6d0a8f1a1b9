import CommandTestSupport
import Foundation
import Testing

/// The 3D examples: flip-from-left (the home screen turns away about its vertical axis while
/// the compose screen turns in from behind) and cube (the two screens as two faces of a cube).
@Suite final class ExampleTurnTests {
    let examples: ExampleFolder
    init() throws { examples = try ExampleFolder() }
    deinit { examples.cleanUp() }

    static let black = Pixel(0, 0, 0)

    /// The compose screen is blue; home is light grey or white.
    static func isCompose(_ pixel: Pixel) -> Bool { pixel.r <= 60 && pixel.b >= 120 }
    static func isHome(_ pixel: Pixel) -> Bool { pixel.r >= 200 && pixel.g >= 200 && pixel.b >= 200 }

    /// How many rows of column `x` are not the black background.
    static func height(of frame: RGBAImage, at x: Int) -> Int {
        (0..<frame.height).filter { frame[x, $0] != black }.count
    }

    @Test func halfWayThroughTheFlipBothScreensAreEdgeOn() throws {
        let frame = try examples.still("flip-from-left", at: 0.3)
        let columns = (0..<frame.width).filter { x in Self.height(of: frame, at: x) > 0 }
        #expect(columns.count <= 2, "only the background, but for the edge: \(columns)")
    }

    @Test func theFlipTurnsTheLeftEdgeTowardTheEye() throws {
        let frame = try examples.still("flip-from-left", at: 0.15)
        let columns = (0..<frame.width).filter { x in Self.height(of: frame, at: x) > 0 }
        let (left, right) = (columns.first! + 3, columns.last! - 3)
        #expect(Self.height(of: frame, at: left) == 667, "the near edge spills past the screen's top and bottom")
        #expect(
            Self.height(of: frame, at: right) < 640, "the far edge is shorter: \(Self.height(of: frame, at: right))")
        #expect(Self.isHome(frame[left + 20, 333]), "still the home screen: \(frame[left + 20, 333])")
    }

    @Test func theFlipEndsOnTheComposeScreenNotMirrored() throws {
        let frame = try examples.still("flip-from-left", at: 0.6)
        let compose = try examples.asset("compose")
        #expect(frame.differences(from: compose, tolerance: 1).count == 0)
    }

    @Test func halfWayThroughTheCubeBothFacesShowSideBySide() throws {
        let frame = try examples.still("cube", at: 0.35)
        #expect(Self.isHome(frame[40, 333]), "home on the left: \(frame[40, 333])")
        #expect(Self.isCompose(frame[330, 333]), "compose on the right: \(frame[330, 333])")
        // Each face's outer edge is the farther one: shorter than the edge they share.
        let columns = (0..<frame.width).filter { x in Self.height(of: frame, at: x) > 0 }
        let shared = (columns.first!...columns.last!).max {
            Self.height(of: frame, at: $0) < Self.height(of: frame, at: $1)
        }!
        #expect(Self.height(of: frame, at: columns.first! + 2) < Self.height(of: frame, at: shared))
        #expect(Self.height(of: frame, at: columns.last! - 2) < Self.height(of: frame, at: shared))
    }

    @Test func theCubeEndsOnTheComposeScreen() throws {
        let frame = try examples.still("cube", at: 0.7)
        #expect(frame.differences(from: try examples.asset("compose"), tolerance: 1).count == 0)
    }
}
