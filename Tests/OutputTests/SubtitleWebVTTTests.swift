import Foundation
import Output
import Testing

/// A track's WebVTT text for the frames of a video: cues clipped to them and timed from the
/// first, those wholly outside left out, the text plain and escaped.
@Suite struct SubtitleWebVTTTests {
    /// 10 frames at 10 fps: frame i shows render time i / 10.
    let subtitles = Subtitles(
        tracks: [
            Subtitles.Track(
                title: "talk",
                cues: [
                    .init(start: 0, end: 0.3, text: "before"),
                    .init(start: 0.25, end: 0.55, text: "across <the> start & more"),
                    .init(start: 0.6, end: 0.65, text: "inside\n\nwith a blank line"),
                    .init(start: 0.65, end: 2, text: "across the end"),
                    .init(start: 0.7, end: 0.8, text: "after"),
                ])
        ], frameCount: 10, fps: 10)

    @Test func cuesAreClippedToTheFramesAndTimedFromTheFirst() {
        // Frames 3 to 6: render time 0.3 to 0.7 s.
        #expect(
            subtitles.webVTT(subtitles.tracks[0], frames: 3..<7) == """
                WEBVTT

                00:00:00.000 --> 00:00:00.250
                across &lt;the&gt; start &amp; more

                00:00:00.300 --> 00:00:00.350
                inside
                with a blank line

                00:00:00.350 --> 00:00:00.400
                across the end

                """)
    }

    @Test func theWholeRenderKeepsItsTimes() {
        let cues = subtitles.cues(of: subtitles.tracks[0], frames: 0..<10)
        #expect(cues.map(\.start) == [0, 0.25, 0.6, 0.65, 0.7])
        #expect(cues.map(\.end) == [0.3, 0.55, 0.65, 1, 0.8])
    }

    @Test func aPartsRecordReadsBack() throws {
        let record = try #require(Subtitles.part(metadata: subtitles.metadata(part: 3..<7)))
        #expect(record.whole == subtitles && record.frames == 3..<7)
        #expect(Subtitles.part(metadata: subtitles.metadata(part: 3..<11)) == nil)
    }
}
