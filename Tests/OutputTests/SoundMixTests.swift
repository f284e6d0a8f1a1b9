import Footage
import Foundation
import Testing

@testable import Output

/// The mix computed in the host, sample by sample: any span of it is the same samples as the
/// whole; sources placed, faded, looped and stretched in samples; a part's record of it read back
/// as written. Files are "decoded" to synthetic samples here: a constant or a counter.
@Suite struct SoundMixTests {
    private let mix = SoundMix(
        sources: [
            .init(file: "/s/pad.m4a", at: 0, until: 5, volume: 0.8, fadeIn: 0.5, fadeOut: 1),
            .init(file: "/s/tap.wav", at: 2.3, until: 0.12, volume: 0.9),
            .init(file: "/s/clip.mp4", at: -0.5, from: 1, until: 3, speed: 0.2, volume: 1, loops: true),
        ], frameCount: 270, fps: 60)

    /// Each file as `seconds` of stereo samples: the left channel counts samples (k / 2^20), the
    /// right is constant 0.25.
    private static func decode(seconds: Double) -> (String) throws(FootageError) -> [Float] {
        { _ throws(FootageError) in
            let count = Int(seconds * 48_000)
            var samples = [Float](repeating: 0.25, count: 2 * count)
            for index in 0..<count { samples[2 * index] = Float(index) / Float(1 << 20) }
            return samples
        }
    }

    @Test func aSpanIsCutFromTheWholeMixBySamples() throws {
        let mixer = try SoundMixer(mix: mix, decode: Self.decode(seconds: 6))
        let whole = mixer.samples(mixer.sampleRange())
        #expect(whole.count == 2 * 216_000)
        let spans: [Range<Int>] = [0..<90, 90..<180, 180..<270]
        var parts: [Float] = []
        for span in spans { parts += mixer.samples(mixer.sampleRange(frames: span)) }
        #expect(parts == whole)
        #expect(mixer.sampleRange(frames: 90..<180) == 72_000..<144_000)
    }

    @Test func sourcesArePlacedFadedAndLoopedInSamples() throws {
        let pad = SoundMix(sources: [mix.sources[0]], frameCount: 270, fps: 60)
        let mixer = try SoundMixer(mix: pad, decode: Self.decode(seconds: 6))
        let all = mixer.samples(0..<216_000)
        let right = stride(from: 1, to: all.count, by: 2).map { Double(all[$0]) }
        // Faded in over 0.5 s (24,000 samples) and out over the last second (from 168,000).
        #expect(right[0] == 0)
        #expect(abs(right[12_000] - 0.8 * 0.25 * 0.5) < 1e-6)
        #expect(abs(right[100_000] - 0.8 * 0.25) < 1e-6)
        #expect(abs(right[192_000] - 0.8 * 0.25 * 0.5) < 1e-6)
        // The tap, delayed to 2.3 s, lasts 0.12 s; without fades, it rises over its first 96 samples
        // (2 ms) and falls over its last 96, so its cuts do not click.
        let tap = SoundMix(sources: [mix.sources[1]], frameCount: 270, fps: 60)
        let tapped = try SoundMixer(mix: tap, decode: Self.decode(seconds: 1)).samples(110_000..<120_000)
        let full = 0.9 * 0.25
        func tapAt(_ sample: Int) -> Double { Double(tapped[2 * (400 + sample) + 1]) }
        #expect(tapAt(-1) == 0 && tapAt(0) == 0)
        for (sample, gain) in [(48, 0.5), (96, 1), (5_664, 1), (5_712, 0.5), (5_759, 1.0 / 96)] {
            #expect(abs(tapAt(sample) - full * gain) < 1e-6, "sample \(sample)")
        }
        #expect(tapAt(5_760) == 0)
    }

    /// 1 s of file from 1 s at speed 1, looped, beginning 0.5 s before the video: the left channel's
    /// counter starts at file sample 72,000 and wraps every 48,000 samples.
    @Test func aLoopRepeatsItsSpanFromWhereTheVideoJoinsIt() throws {
        let loop = SoundMix(
            sources: [.init(file: "/s/l.wav", at: -0.5, from: 1, until: 2, loops: true)], frameCount: 120, fps: 30)
        let samples = try SoundMixer(mix: loop, decode: Self.decode(seconds: 3)).samples(0..<96_000)
        #expect(samples[0] == Float(72_000) / Float(1 << 20))
        #expect(samples[2 * 23_999] == Float(95_999) / Float(1 << 20))
        #expect(samples[2 * 24_000] == Float(48_000) / Float(1 << 20))
    }

    /// At a fifth of its speed, 2 s of sound last 10 s, its pitch kept: the stretch keeps a steady
    /// level steady.
    @Test func aSlowSourceIsStretchedToItsSpan() throws {
        let slow = SoundMix(sources: [.init(file: "/s/c.wav", at: 0, until: 2, speed: 0.2)], frameCount: 300, fps: 30)
        let samples = try SoundMixer(mix: slow, decode: Self.decode(seconds: 2)).samples(0..<480_000)
        let right = stride(from: 2 * 2_048 + 1, to: 2 * 470_000, by: 2).map { samples[$0] }
        #expect(right.allSatisfy { abs($0 - 0.25) < 1e-4 })
        #expect(samples[2 * 479_999 + 1] != 0)
    }

    @Test func aPartsRecordReadsBackAsWritten() throws {
        let text = mix.metadata(part: 90..<180)
        let read = try #require(SoundMix.part(metadata: text))
        #expect(read.whole == mix)
        #expect(read.frames == 90..<180)
        #expect(SoundMix.part(metadata: "{}") == nil)
        #expect(SoundMix.part(metadata: mix.metadata(part: 200..<300)) == nil)
    }
}

extension SoundMixTests {
    /// A scene whose sounds all fall outside the video still gets a sound: silence.
    @Test func noSourceIsSilence() throws {
        let mixer = try SoundMixer(mix: SoundMix(sources: [], frameCount: 30, fps: 30), decode: Self.decode(seconds: 1))
        let samples = mixer.samples(mixer.sampleRange())
        #expect(samples.count == 96_000 && samples.allSatisfy { $0 == 0 })
    }

    /// Sound that begins 0.5 s into its file's timeline: silence first, unless `from` is past it.
    @Test func aLateSoundKeepsItsOffset() throws {
        var late = SoundMix.Source(file: "/s/late.mov", at: 0, until: 3.5, volume: 1)
        late.soundStart = 0.5
        let delayed = try SoundMixer(
            mix: SoundMix(sources: [late], frameCount: 30, fps: 30), decode: Self.decode(seconds: 3)
        )
        .samples(0..<48_000)
        #expect(delayed[2 * 23_999 + 1] == 0 && delayed[2 * 24_000 + 1] == 0.25 && delayed[2 * 24_000] == 0)
        late.from = 1
        let cut = try SoundMixer(
            mix: SoundMix(sources: [late], frameCount: 30, fps: 30), decode: Self.decode(seconds: 3)
        )
        .samples(0..<48_000)
        // Past the de-click ramp of its first 2 ms.
        #expect(cut[0] == 0 && cut[2 * 96] == Float(24_096) / Float(1 << 20) && cut[2 * 96 + 1] == 0.25)
    }

    /// Two sources summing to 1.6 for 0.5 s in the middle of a 2 s mix: the mix is limited below
    /// full scale, untouched away from the overload, and any span of it is the whole one's samples.
    @Test func aMixThatWouldClipIsLimited() throws {
        let loud = SoundMix(
            sources: [
                .init(file: "/s/a.wav", at: 0, until: 2, volume: 0.6),
                .init(file: "/s/b.wav", at: 0.75, until: 0.5, volume: 1),
            ], frameCount: 60, fps: 30)
        let mixer = try SoundMixer(mix: loud) { _ throws(FootageError) in [Float](repeating: 1, count: 2 * 96_000) }
        #expect(abs(mixer.peak() - 1.6) < 1e-6)
        let whole = mixer.samples(mixer.sampleRange())
        #expect(whole.allSatisfy { $0 <= SoundMixer.ceiling })
        #expect(abs(whole[2 * 48_000] - 1.6 * 0.999 / 1.6) < 1e-6)
        #expect(whole[2 * 10_000] == 0.6 && whole[2 * 90_000] == 0.6)
        var parts: [Float] = []
        for start in stride(from: 0, to: 96_000, by: 7_001) {
            parts += mixer.samples(start..<min(start + 7_001, 96_000))
        }
        let same = parts == whole
        #expect(same, "a span of the limited mix differs from the whole one's")
    }

    /// The studio's WAV: a 44-byte header, then 16-bit samples converted as ffmpeg converts them.
    @Test func theWAVHoldsSixteenBitSamples() {
        let wav = SoundMix.wav(samples: [0, 0.5, -1, 2])
        #expect(wav.count == 44 + 8)
        #expect(String(decoding: wav[0..<4], as: UTF8.self) == "RIFF")
        let pcm = wav[44...].withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        #expect(pcm == [0, 16_384, -32_768, 32_767])
    }
}
