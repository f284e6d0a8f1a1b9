import CommandTestSupport
import Foundation
import Testing

/// The mixer examples, home screen to compose screen: cross-dissolve (article 003), and the C
/// mixers noise-dissolve and soft-wipe. Each starts exactly on `from` and ends exactly on `to`.
@Suite final class ExampleMixerTests {
    let examples: ExampleFolder
    let home: RGBAImage, compose: RGBAImage
    init() throws {
        examples = try ExampleFolder()
        (home, compose) = (try examples.asset("home"), try examples.asset("compose"))
    }
    deinit { examples.cleanUp() }

    @Test(arguments: [("cross-dissolve", 0.5), ("noise-dissolve", 0.8), ("soft-wipe", 0.6)])
    func endpointsAreTheTwoScreens(_ name: String, duration: Double) throws {
        let start = try examples.still(name, at: 0).differences(from: home, tolerance: 1)
        #expect(start.count == 0, "\(name) t=0: \(start.count) pixels differ from home, by up to \(start.largest)")
        let end = try examples.still(name, at: duration).differences(from: compose, tolerance: 1)
        #expect(
            end.count == 0, "\(name) t=\(duration): \(end.count) pixels differ from compose, by up to \(end.largest)")
    }

    @Test func crossDissolveMidpointIsTheAverage() throws {
        // Linear timing: at 0.25 s of 0.5 s each channel is half-way between the two screens.
        let middle = try examples.still("cross-dissolve", at: 0.25)
        var average = home.bytes
        for i in average.indices { average[i] = UInt8((Int(home.bytes[i]) + Int(compose.bytes[i]) + 1) / 2) }
        let expected = RGBAImage(width: home.width, height: home.height, bytes: average)
        let (count, largest) = middle.differences(from: expected, tolerance: 1)
        #expect(count == 0, "\(count) pixels differ from the average, by up to \(largest)")
    }

    @Test func noiseDissolveTurnsPixelsOverOneByOne() throws {
        let middle = try examples.still("noise-dissolve", at: 0.4)
        let distinct = (0..<home.height).flatMap { y in (0..<home.width).map { (x: $0, y: y) } }
            .filter { home[$0.x, $0.y].distance(to: compose[$0.x, $0.y]) > 100 }
        let turned = distinct.filter { middle[$0.x, $0.y].distance(to: compose[$0.x, $0.y]) <= 2 }.count
        let kept = distinct.filter { middle[$0.x, $0.y].distance(to: home[$0.x, $0.y]) <= 2 }.count
        // Half-way (ease-in-out), about half of the pixels have turned and half not yet.
        #expect(
            Double(turned) / Double(distinct.count) > 0.25 && Double(kept) / Double(distinct.count) > 0.25,
            "of \(distinct.count) pixels: \(turned) turned, \(kept) kept")
    }

    @Test func softWipeRisesFromTheBottom() throws {
        // Direction up, linear, 80 px soft band: at 0.3 s the band's lead is at 0.5 × (667 + 80) px.
        let middle = try examples.still("soft-wipe", at: 0.3)
        let lead = 667 - Int(0.5 * (667 + 80))
        let below = middle.differences(from: compose, tolerance: 1, in: { _, y in y > lead + 80 })
        let above = middle.differences(from: home, tolerance: 1, in: { _, y in y < lead })
        #expect(below.count == 0 && above.count == 0, "below the band: \(below), above it: \(above)")
    }
}
