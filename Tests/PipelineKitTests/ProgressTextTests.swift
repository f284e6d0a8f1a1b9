import PipelineKit
import TerminalProgress
import Testing

/// The progress line of a render: the frame count always; the rate and the time left only once
/// enough frames are done and enough time has passed for them to mean something.
@Suite struct ProgressTextTests {
    @Test func theFirstFramesShowNoRateAndNoEstimate() {
        // 1 frame in 2 ms would otherwise claim 500 fps and an estimate from it.
        #expect(RenderProgressText.text(done: 1, total: 900, elapsed: 0.002) == "frame 1/900")
        #expect(RenderProgressText.text(done: 4, total: 900, elapsed: 30) == "frame 4/900")
    }

    @Test func aQuickStartShowsNoEstimateBeforeASecond() {
        #expect(RenderProgressText.text(done: 60, total: 900, elapsed: 0.5) == "frame 60/900")
    }

    @Test func enoughFramesAndTimeShowTheRateAndTheTimeLeft() {
        #expect(RenderProgressText.text(done: 5, total: 900, elapsed: 1) == "frame 5/900  5.0 fps  eta 179.0s")
        #expect(
            RenderProgressText.text(done: 300, total: 900, elapsed: 10) == "frame 300/900  30.0 fps  eta 20.0s")
    }

    @Test func theLastLineGivesTheWholeRendersRate() {
        #expect(RenderProgressText.text(done: 20, total: 20, elapsed: 0.4) == "frame 20/20  50.0 fps")
        #expect(RenderProgressText.text(done: 900, total: 900, elapsed: 30) == "frame 900/900  30.0 fps")
    }
}
