import Testing

@testable import Footage

/// Which clip time shows at each render time, for a clip that ends at 4 s.
@Suite("Clip timing")
struct ClipTimingTests {
    private let end = 4.0

    @Test("from start on, the clip plays from `from` at `speed`")
    func playing() {
        #expect(ClipTiming().clipTime(at: 1.5, clipEnd: end) == 1.5)
        #expect(ClipTiming(start: 1, from: 0.5).clipTime(at: 2, clipEnd: end) == 1.5)
        #expect(ClipTiming(start: 1, from: 0.5, speed: 2).clipTime(at: 2, clipEnd: end) == 2.5)
        #expect(ClipTiming(start: 1, from: 0.5, speed: 0.5).clipTime(at: 2, clipEnd: end) == 1)
        #expect(ClipTiming(start: 1, from: 0.5).clipTime(at: 1, clipEnd: end) == 0.5)
    }

    @Test("before start: the frame at `from`, or nothing")
    func beforeStart() {
        #expect(ClipTiming(start: 1, from: 0.5).clipTime(at: 0, clipEnd: end) == 0.5)
        #expect(ClipTiming(start: 1, from: 0.5, speed: 2).clipTime(at: 0.99, clipEnd: end) == 0.5)
        #expect(ClipTiming(start: 1, from: 0.5, before: .hide).clipTime(at: 0.99, clipEnd: end) == nil)
        #expect(ClipTiming(start: 1, from: 0.5, before: .hide).clipTime(at: 1, clipEnd: end) == 0.5)
    }

    @Test("after the end: hold the last frame")
    func hold() {
        let timing = ClipTiming(start: 1, speed: 2)
        #expect(timing.clipTime(at: 2.99, clipEnd: end)! < end)
        #expect(timing.clipTime(at: 3, clipEnd: end) == end)
        #expect(timing.clipTime(at: 100, clipEnd: end) == end)
        #expect(ClipTiming(speed: 0.5).clipTime(at: 7.5, clipEnd: end) == 3.75)
        #expect(ClipTiming(speed: 0.5).clipTime(at: 9, clipEnd: end) == end)
    }

    @Test("after the end: hide")
    func hide() {
        let timing = ClipTiming(start: 1, speed: 2, end: .hide)
        #expect(timing.clipTime(at: 2.5, clipEnd: end) == 3)
        #expect(timing.clipTime(at: 3, clipEnd: end) == nil)
        #expect(ClipTiming(speed: 0.5, end: .hide).clipTime(at: 8, clipEnd: end) == nil)
    }

    @Test("after the end: loop within [from, end)")
    func loop() {
        let timing = ClipTiming(start: 1, from: 1, end: .loop)
        #expect(timing.clipTime(at: 3.5, clipEnd: end) == 3.5)
        #expect(timing.clipTime(at: 4, clipEnd: end) == 1)
        #expect(timing.clipTime(at: 4.5, clipEnd: end) == 1.5)
        #expect(timing.clipTime(at: 7.25, clipEnd: end) == 1.25)
        #expect(ClipTiming(from: 1, speed: 2, end: .loop).clipTime(at: 2, clipEnd: end) == 2)
        #expect(ClipTiming(speed: 0.5, end: .loop).clipTime(at: 9, clipEnd: end) == 0.5)
        // Before start the loop has not begun: the frame at `from`.
        #expect(timing.clipTime(at: 0, clipEnd: end) == 1)
    }

    @Test("a `from` outside the clip is refused, naming the clip")
    func fromPastEnd() throws {
        #expect(throws: Never.self) { try ClipTiming(from: 3.9).check(clipEnd: end, path: "clips/a.mp4") }
        #expect(throws: FootageError.fromPastEnd(path: "clips/a.mp4", from: 4, clipEnd: end)) {
            try ClipTiming(from: 4).check(clipEnd: end, path: "clips/a.mp4")
        }
        #expect(
            FootageError.fromPastEnd(path: "clips/a.mp4", from: 5, clipEnd: end).description
                == "from 5.000 s lies outside clips/a.mp4, which is 4.000 s long: "
                + "it must be at least 0 and less than 4.000 s")
    }

    @Test("render frame k of a 30 fps render shows clip frame k at speed 1, exactly")
    func frameExact() {
        let times = (0..<300).map { Double($0) / 30 }
        let timing = ClipTiming(start: 0.5, from: 0.2)
        for k in 15..<200 {
            let clipTime = timing.clipTime(at: Double(k) / 30, clipEnd: 10)!
            let shown = times.lastIndex { $0 <= clipTime + 1e-9 }!
            #expect(shown == k - 15 + 6)
        }
    }
}
