import Footage
import Foundation

/// The mix computed in the host, sample by sample: each source's file decoded once (libavcodec)
/// and resampled to 48 kHz stereo float (libswresample), placed on the whole render's clock by
/// sample index, scaled by its gain and summed. A span of the mix (a part's frames, the joined
/// parts of a sharded render) is cut from that one timeline, so any span holds exactly the
/// samples the whole mix holds there: `samples(_:)` of two adjoining spans, one after the other,
/// are `samples(_:)` of both.
///
/// Everything is counted in samples and computed in the same order on every run, so the same
/// mix gives the same bytes on every machine and every shard.
public struct SoundMixer: Sendable {
    public let mix: SoundMix
    /// Each source's sound over its own span (`Source.span` in samples), stereo interleaved:
    /// cut from the file, delayed past a late first sound, stretched to its speed.
    let spans: [[Float]]
    /// The sample of the render's timeline at which each source's span begins.
    let offsets: [Int]
    /// Each source's fades in samples of its own timeline: the fade in's length, and where the
    /// fade out starts and how long it lasts (0 for none).
    private let fades: [(in: Int, outStart: Int, out: Int)]
    /// Samples of the short linear ramp that keeps a cut from clicking: a source that starts or
    /// stops within the video without a fade rises from 0 over its first 2 ms, and falls to 0 over
    /// its last 2 ms.
    static let declick = 96
    /// Each source's envelope: its points' samples on the render's timeline (rising) and gains;
    /// the gain is linear between points, the first point's before them and the last's after.
    /// Nil for a source without one.
    private let envelopes: [(samples: [Int], gains: [Double])?]
    /// Each ducked source's gain at each block boundary of the timeline (`duckGains`); nil for
    /// a source that does not duck.
    private(set) var ducking: [[Float]?] = []
    /// The loudness analysis of the whole mix, made once when `mix.loudness` asks for one (`loudness()`).
    let loudnessCache = LoudnessCache()

    static let rate = SoundMix.sampleRate

    /// Decodes every file the mix plays (each once); `decode` gives a file's samples (for tests).
    public init(
        mix: SoundMix,
        decode: (String) throws(FootageError) -> [Float] = { path throws(FootageError) in
            try SoundCost.measureDecoding { () throws(FootageError) in
                try AudioFile.decoded(path: path, sampleRate: SoundMix.sampleRate)
            }
        }
    ) throws(FootageError) {
        self.mix = mix
        var files: [String: [Float]] = [:]
        var spans: [[Float]] = []
        for source in mix.sources {
            if files[source.file] == nil { files[source.file] = try decode(source.file) }
            spans.append(Self.span(of: source, in: files[source.file] ?? []))
        }
        self.spans = spans
        offsets = mix.sources.map { Self.samples($0.at, allowingNegative: true) }
        envelopes = mix.sources.map { source in
            source.envelope.flatMap { points in
                points.isEmpty
                    ? nil : (points.map { Self.samples($0.time, allowingNegative: true) }, points.map(\.gain))
            }
        }
        let duration = mix.duration
        fades = mix.sources.map { source in
            let fadeIn = source.fadeIn > 0 ? Self.samples(source.fadeIn) : source.at >= 0 ? Self.declick : 0
            guard source.fadeOut > 0 else {
                // A cut within the video, where the source's span ends.
                guard !source.loops, source.at + source.span < duration else { return (fadeIn, 0, 0) }
                let length = max(Self.samples(source.span), 1)
                let ramp = min(Self.declick, length)
                return (fadeIn, length - ramp, ramp)
            }
            let length = Self.samples(source.stop(videoDuration: mix.duration) - source.at)
            let fade = max(min(Self.samples(source.fadeOut), length), 1)
            return (fadeIn, length - fade, fade)
        }
        let mixer = self
        ducking = Self.duckGains(sources: mix.sources, timeline: timeline) { index, range, buffer in
            mixer.add(source: index, over: range, to: &buffer)
        }
    }

    /// Seconds as a count of samples, rounded; negative only when allowed.
    static func samples(_ seconds: Double, allowingNegative: Bool = false) -> Int {
        let count = Int((seconds * Double(rate)).rounded())
        return allowingNegative ? count : max(count, 0)
    }

    /// The source's `from`…`until` of the decoded file, silence before its first sound, played at
    /// its speed (the pitch kept), padded or cut to exactly its span.
    static func span(of source: SoundMix.Source, in file: [Float]) -> [Float] {
        let length = samples(source.until - source.from)
        let first = samples(source.from - source.soundStart, allowingNegative: true)
        // The whole file is the span's sound as it is (shared, not copied); else the file's
        // samples that fall within the span are copied at once.
        var cut = first == 0 && 2 * length == file.count ? file : [Float](repeating: 0, count: 2 * length)
        let (lower, upper) = (max(first, 0), min(first + length, file.count / 2))
        if lower < upper, first != 0 || 2 * length != file.count {
            cut.withUnsafeMutableBufferPointer { cut in
                file.withUnsafeBufferPointer { file in
                    let source = UnsafeRawBufferPointer(
                        rebasing: UnsafeRawBufferPointer(file)[
                            (2 * lower * 4)..<(2 * upper * 4)])
                    UnsafeMutableRawBufferPointer(cut).baseAddress!.advanced(by: 2 * (lower - first) * 4)
                        .copyMemory(from: source.baseAddress!, byteCount: source.count)
                }
            }
        }
        let span = max(samples(source.span), 1)
        var played = source.speed == 1 ? cut : stretch(cut, speed: source.speed)
        // Padded with silence or cut to exactly the span.
        if played.count > 2 * span {
            played.removeLast(played.count - 2 * span)
        } else if played.count < 2 * span {
            played.append(contentsOf: repeatElement(0, count: 2 * span - played.count))
        }
        return played
    }

    /// Window length of the time stretch, in samples (about 43 ms).
    static let stretchWindow = 2048

    /// `sound` played `speed` times as fast with its pitch kept: Hann-windowed grains, half a
    /// window apart in the output (where their windows sum to 1), each taken from the input about
    /// its own centre's time times `speed`, and overlapped.
    static func stretch(_ sound: [Float], speed: Double) -> [Float] {
        let count = sound.count / 2
        let outCount = Int((Double(count) / speed).rounded())
        let window = stretchWindow
        let hop = window / 2
        var output = [Float](repeating: 0, count: 2 * outCount)
        let hann = (0..<window).map { Float(0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(window))) }
        var grain = 0
        while grain * hop - hop < outCount {
            let outStart = grain * hop - hop
            // The grain's centre is taken from where the input is at that moment; a grain never
            // reads past either end of the input.
            let centre = Int((Double(outStart + hop) * speed).rounded()) - hop
            let inStart = max(min(centre, count - window), 0)
            for index in 0..<window {
                let (out, input) = (outStart + index, inStart + index)
                guard out >= 0, out < outCount, input >= 0, input < count else { continue }
                output[2 * out] += sound[2 * input] * hann[index]
                output[2 * out + 1] += sound[2 * input + 1] * hann[index]
            }
            grain += 1
        }
        return output
    }

    /// The highest sample of the mix can reach: about −0.01 dBFS.
    public static let ceiling: Float = 0.999
    /// Half the span, in samples, over which the limiter's gain falls before a peak and rises
    /// after it (5 ms).
    static let limiterReach = 240

    /// The render's samples: its video's length.
    var timeline: Range<Int> { 0..<mix.sample(atFrame: mix.frameCount) }

    /// The stereo samples `range` of the whole render's mix, interleaved, limited to the ceiling:
    /// where the sum would pass it, the gain falls smoothly to keep it there and rises again after
    /// (`limited`).
    public func samples(_ range: Range<Int>) -> [Float] {
        if let analysis = loudness() { return normalised(range, by: analysis) }
        // Every sample the limiter's gain over `range` depends on, within the timeline.
        let margin = 3 * Self.limiterReach / 2
        let lower = max(range.lowerBound - margin, timeline.lowerBound)
        let upper = max(min(range.upperBound + margin, timeline.upperBound), range.upperBound)
        let wide = lower..<upper
        let raw = summed(wide)
        return Self.limited(raw, of: wide, to: range)
    }

    /// The highest absolute sample of the mix before it is limited.
    public func peak() -> Float {
        var (peak, start) = (Float(0), timeline.lowerBound)
        while start < timeline.upperBound {
            let end = min(start + Self.rate, timeline.upperBound)
            for sample in summed(start..<end) { peak = max(peak, abs(sample)) }
            start = end
        }
        return peak
    }

    /// `raw`, the sum over `wide`, limited and cut to `range`. Each sample's own gain is what brings
    /// its louder channel to the ceiling (1 where it is below); the gain applied is the least own
    /// gain within `limiterReach` samples on either side, averaged over the `limiterReach` samples
    /// around. Every value in that average comes from a window holding the sample itself, so no
    /// sample passes the ceiling. The gain at a sample depends only on the mix around it (windows
    /// cut at the timeline's ends, where `wide` ends), so any span of the mix is limited as the
    /// whole is.
    static func limited(_ raw: [Float], of wide: Range<Int>, to range: Range<Int>) -> [Float] {
        let count = wide.count
        var own = [Float](repeating: 1, count: count)
        var over = false
        for index in 0..<count {
            let peak = max(abs(raw[2 * index]), abs(raw[2 * index + 1]))
            if peak > ceiling {
                own[index] = ceiling / peak
                over = true
            }
        }
        let first = 2 * (range.lowerBound - wide.lowerBound)
        guard over else { return Array(raw[first..<first + 2 * range.count]) }
        let reach = limiterReach
        // The least own gain within `reach` on either side (a window cut at `wide`'s ends, which
        // are the timeline's wherever a window reaches past them).
        var least = [Float](repeating: 1, count: count)
        for index in 0..<count where own[index] < 1 {
            for other in max(index - reach, 0)...min(index + reach, count - 1) where own[index] < least[other] {
                least[other] = own[index]
            }
        }
        var output = [Float](repeating: 0, count: 2 * range.count)
        for sample in range {
            let index = sample - wide.lowerBound
            let window = max(index - reach / 2, 0)...min(index + reach / 2, count - 1)
            // Where every value is 1 the average is exactly 1.
            var (sum, reduced) = (Float(0), false)
            for other in window {
                sum += least[other]
                reduced = reduced || least[other] < 1
            }
            let gain = reduced ? min(sum / Float(window.count), own[index]) : 1
            let at = 2 * (sample - range.lowerBound)
            output[at] = raw[2 * index] * gain
            output[at + 1] = raw[2 * index + 1] * gain
        }
        return output
    }

    /// The plain sum of the sources over `range`, interleaved, each ducked where it gives way.
    func summed(_ range: Range<Int>) -> [Float] {
        var output = [Float](repeating: 0, count: 2 * range.count)
        for index in mix.sources.indices {
            add(source: index, over: range, to: &output, ducked: ducking.isEmpty ? nil : ducking[index])
        }
        return output
    }

    /// Adds source `index`'s samples over `range` of the timeline, with its gains (and the
    /// ducking gains `ducked`, when given), to `output` (interleaved, from `range`'s start).
    func add(source index: Int, over range: Range<Int>, to output: inout [Float], ducked: [Float]? = nil) {
        let source = mix.sources[index]
        let span = spans[index]
        let spanCount = span.count / 2
        let offset = offsets[index]
        // Where in `range` the source plays.
        let start = max(range.lowerBound, offset)
        let end = source.loops ? range.upperBound : min(range.upperBound, offset + spanCount)
        guard start < end, spanCount > 0 else { return }
        let gains = self.gains(ofSource: index, over: start..<end, ducked: ducked)
        output.withUnsafeMutableBufferPointer { out in
            span.withUnsafeBufferPointer { sound in
                gains.withUnsafeBufferPointer { gains in
                    var local = (start - offset) % spanCount
                    var at = 2 * (start - range.lowerBound)
                    for gain in gains {
                        if gain != 0 {
                            out[at] += sound[2 * local] * gain
                            out[at + 1] += sound[2 * local + 1] * gain
                        }
                        at += 2
                        local += 1
                        if local == spanCount { local = 0 }
                    }
                }
            }
        }
    }

    /// The gain of source `index` at every sample of `range` of the timeline: its volume, its
    /// linear fades or de-click ramps (as ffmpeg's `afade` counts them), its envelope (linear
    /// between its points, walked forwards) and the ducking gains `ducked`, when given.
    func gains(ofSource index: Int, over range: Range<Int>, ducked: [Float]?) -> [Float] {
        let volume = mix.sources[index].volume
        let fade = fades[index]
        let offset = offsets[index]
        let envelope = envelopes[index]
        // Neither a fade, an envelope nor ducking: the volume throughout.
        let fadesWithin =
            range.lowerBound - offset < fade.in || (fade.out > 0 && range.upperBound - 1 - offset >= fade.outStart)
        if !fadesWithin, envelope == nil, ducked == nil {
            return [Float](repeating: Float(volume), count: range.count)
        }
        var result = [Float](repeating: 0, count: range.count)
        // The envelope's point at or before the sample (walked forwards).
        var low = 0
        /// The gain at every sample of `block` when it is one number there: no fade within it, the
        /// envelope level (before its first point, after its last, or between two points of the
        /// same gain) and the ducking level (a ducking block whose two ends are the same); nil
        /// otherwise. The arithmetic is the per-sample one's, whose terms are then the same.
        func constant(over block: Range<Int>) -> Float? {
            let (first, last) = (block.lowerBound - offset, block.upperBound - 1 - offset)
            guard first >= fade.in, !(fade.out > 0 && last >= fade.outStart) else { return nil }
            var gain = volume
            if let (samples, gains) = envelope {
                if block.upperBound - 1 <= samples[0] {
                    gain *= gains[0]
                } else if block.lowerBound >= samples[samples.count - 1] {
                    gain *= gains[gains.count - 1]
                } else {
                    guard block.lowerBound > samples[0] else { return nil }
                    while samples[low + 1] <= block.lowerBound { low += 1 }
                    guard block.upperBound - 1 < samples[low + 1], gains[low] == gains[low + 1] else { return nil }
                    gain *= gains[low]
                }
            }
            var value = Float(gain)
            if let ducked {
                let at = (block.lowerBound - timeline.lowerBound) / Self.duckBlock
                if at + 1 < ducked.count {
                    guard ducked[at] == ducked[at + 1] else { return nil }
                    value *= ducked[at]
                } else {
                    value *= ducked.last ?? 1
                }
            }
            return value
        }
        result.withUnsafeMutableBufferPointer { result in
            // Block by block, each within one ducking block of the timeline.
            var start = range.lowerBound
            while start < range.upperBound {
                let end = min(
                    timeline.lowerBound + ((start - timeline.lowerBound) / Self.duckBlock + 1) * Self.duckBlock,
                    range.upperBound)
                if let gain = constant(over: start..<end) {
                    for position in start - range.lowerBound..<end - range.lowerBound { result[position] = gain }
                    start = end
                    continue
                }
                for sample in start..<end {
                    let local = sample - offset
                    var gain = volume
                    if local < fade.in { gain *= Double(local) / Double(fade.in) }
                    if fade.out > 0, local >= fade.outStart {
                        gain *= min(max(Double(fade.out - (local - fade.outStart)) / Double(fade.out), 0), 1)
                    }
                    if let (samples, gains) = envelope {
                        if sample <= samples[0] {
                            gain *= gains[0]
                        } else if sample >= samples[samples.count - 1] {
                            gain *= gains[gains.count - 1]
                        } else {
                            while samples[low + 1] <= sample { low += 1 }
                            let (from, to) = (samples[low], samples[low + 1])
                            gain *=
                                gains[low] + (gains[low + 1] - gains[low]) * Double(sample - from) / Double(to - from)
                        }
                    }
                    var value = Float(gain)
                    if let ducked { value *= Self.duckFactor(ducked, at: sample - timeline.lowerBound) }
                    result[sample - range.lowerBound] = value
                }
                start = end
            }
        }
        return result
    }

    /// The samples of the render's `frames` (the whole render by default).
    public func sampleRange(frames: Range<Int>? = nil) -> Range<Int> {
        let frames = frames ?? 0..<mix.frameCount
        return mix.sample(atFrame: frames.lowerBound)..<mix.sample(atFrame: frames.upperBound)
    }

    /// Writes the samples of `frames` as raw 32-bit little-endian floats, stereo interleaved, a
    /// second at a time.
    public func writeFloats(frames: Range<Int>? = nil, to handle: FileHandle) throws {
        let range = sampleRange(frames: frames)
        var start = range.lowerBound
        while start < range.upperBound {
            let end = min(start + Self.rate, range.upperBound)
            let chunk = samples(start..<end)
            try handle.write(contentsOf: chunk.withUnsafeBytes { Data($0) })
            start = end
        }
    }
}
