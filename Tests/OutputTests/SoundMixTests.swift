import Foundation
import Testing

@testable import Output

/// The mix as ffmpeg runs it: counted in samples, so any span of it is the same samples as the
/// whole; a part's record of it read back as written.
@Suite struct SoundMixTests {
    private let mix = SoundMix(
        sources: [
            .init(file: "/s/pad.m4a", at: 0, until: 5, volume: 0.8, fadeIn: 0.5, fadeOut: 1),
            .init(file: "/s/tap.wav", at: 2.3, until: 0.12, volume: 0.9),
            .init(file: "/s/clip.mp4", at: -0.5, from: 1, until: 3, speed: 0.2, volume: 1, loops: true),
        ], frameCount: 270, fps: 60)

    @Test func aSpanIsCutFromTheWholeMixBySamples() {
        let whole = mix.filterGraph()
        let part = mix.filterGraph(frames: 90..<180)
        #expect(whole.contains("apad=whole_len=216000,atrim=start_sample=0:end_sample=216000"))
        #expect(part.contains("apad=whole_len=144000,atrim=start_sample=72000:end_sample=144000"))
        // Everything before the cut is the same graph.
        #expect(whole.components(separatedBy: "amix")[0] == part.components(separatedBy: "amix")[0])
    }

    @Test func sourcesArePlacedFadedAndLoopedInSamples() {
        let graph = mix.filterGraph()
        #expect(graph.contains("[2:a]") && graph.contains("adelay=delays=110400S:all=1"))
        // Faded out over the last second of the 4.5 s video: samples 168000 to 216000.
        #expect(graph.contains("afade=t=in:ss=0:ns=24000,afade=t=out:ss=168000:ns=48000"))
        // 2 s of clip at a fifth of its speed is 10 s of video, repeated; it began 0.5 s before the video.
        #expect(graph.contains("atempo=0.500000000,atempo=0.500000000,atempo=0.800000000"))
        #expect(graph.contains("aloop=loop=-1:size=480000"))
        #expect(graph.contains("atrim=start_sample=24000,asetpts=PTS-STARTPTS[s2]"))
    }

    @Test(
        arguments: [(1.0, []), (2, [2]), (0.5, [0.5]), (0.3, [0.5, 0.6]), (250, [100, 2.5])] as [(Double, [Double])])
    func tempoStaysWithinWhatATempoTakes(speed: Double, factors: [Double]) {
        let chain = SoundMix.tempo(speed)
        #expect(chain.count == factors.count)
        for (a, b) in zip(chain, factors) { #expect(abs(a - b) < 1e-12) }
        #expect(abs(chain.reduce(1, *) - speed) < 1e-12)
    }

    @Test func aPartsRecordReadsBackAsWritten() throws {
        let text = mix.metadata(part: 90..<180)
        let read = try #require(SoundMix.part(metadata: text))
        #expect(read.mix == mix)
        #expect(read.frames == 90..<180)
        #expect(SoundMix.part(metadata: "{}") == nil)
        #expect(SoundMix.part(metadata: mix.metadata(part: 200..<300)) == nil)
    }
}

extension SoundMixTests {
    /// A scene whose sounds all fall outside the video still gets a sound stream: silence.
    @Test func noSourceIsSilence() {
        let graph = SoundMix(sources: [], frameCount: 30, fps: 30).filterGraph()
        #expect(graph.hasPrefix("anullsrc=r=48000:cl=stereo,atrim=start_sample=0:end_sample=48000"))
        #expect(graph.hasSuffix("[mix]"))
    }

    /// Sound that begins 0.5 s into its file's timeline: silence first, unless `from` is past it.
    @Test func aLateSoundKeepsItsOffset() {
        var late = SoundMix.Source(file: "/s/late.mov", at: 0, until: 3.5, volume: 1)
        late.soundStart = 0.5
        #expect(SoundMix(sources: [late], frameCount: 30, fps: 30).filterGraph().contains("adelay=delays=24000S:all=1"))
        late.from = 1
        #expect(!SoundMix(sources: [late], frameCount: 30, fps: 30).filterGraph().contains("adelay"))
    }
}
