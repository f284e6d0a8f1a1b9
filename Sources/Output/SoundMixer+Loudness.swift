import CEBUR128
import CSoundLimiter
import Foundation
import Scene
import Synchronization

/// What bringing a mix to its `SoundMix.loudness` does: the gain that takes the whole mix's EBU
/// R128 integrated loudness (libebur128) to the target, the ceiling of the true-peak limiter
/// that follows it, and what the result measures.
public struct LoudnessAnalysis: Sendable, Equatable {
    public let target: LoudnessTarget
    /// The gain applied to the sum of the sources, before the limiter (linear).
    public let gain: Float
    /// The ceiling the limiter keeps every true-peak estimate under (linear).
    public let ceiling: Float
    /// The result's integrated loudness (LUFS), loudness range (LU) and true peak (dBTP), as
    /// libebur128 measures them; nil for a silent mix (below the absolute gate).
    public let integrated: Double?
    public let range: Double
    public let truePeak: Double
    /// Whether the limiter lowers the gain anywhere.
    public let limited: Bool

    /// One line for the run's messages.
    public var summary: String {
        guard let integrated else {
            return "loudness: the mix is silent, so it is not brought to \(Self.number(target.integrated, 0)) LUFS"
        }
        var line =
            "loudness: \(Self.number(integrated, 1)) LUFS integrated (gain \(Self.signed(20 * log10(Double(gain)))) dB), "
            + "range \(Self.number(range, 1)) LU, true peak \(Self.number(truePeak, 1)) dBTP"
        if limited { line += " (limited under \(Self.number(20 * log10(Double(ceiling)), 1)))" }
        return line
    }

    private static func number(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value == 0 ? 0 : value)
    }

    private static func signed(_ value: Double) -> String { String(format: "%+.1f", abs(value) < 0.05 ? 0 : value) }
}

/// The loudness analysis of one mixer, made once, the first time it is asked for.
final class LoudnessCache: Sendable {
    let analysis = Mutex<LoudnessAnalysis??>(nil)

    /// The last few analyses this process made, by mix: what a run reports once its video's sound
    /// is written (`SoundMixer.measuredLoudness(of:)`), and what another mixer of the same mix
    /// reuses when its every file carries its content hash (the same files, so the same result).
    static let recent = Mutex<[(mix: SoundMix, analysis: LoudnessAnalysis)]>([])
}

/// Loudness normalisation (`SoundMix.loudness`, EBU R128). The whole mix is measured first, so
/// every span of it (a part of a sharded render, the joined parts) takes the same gain: its sum
/// is scaled by the gain that brings the whole to the target's integrated loudness, then a
/// true-peak limiter keeps it under the target's true peak less `encoderMargin`. The limiter's
/// detector estimates the signal between samples (4× oversampled, `sound_true_peaks`), and its
/// gain at a sample depends only on the samples within a fixed reach of it, computed in
/// integers (`sound_limiter_gains`), so a span is limited exactly as the whole is. The result's
/// true peak is measured with libebur128: where the gain alone keeps the detector's estimates
/// under the ceiling, in the loudest seconds only (`verifiedReach`, `verifiedSeconds`), and the
/// limiter is left out unless they pass it; otherwise the limited mix is measured whole, a true peak still over the ceiling lowers the
/// ceiling by as much, and loudness the limiter took away is given back by raising the gain (by
/// at most `mostRaise`), each measured again, up to `passes` times in all.
extension SoundMixer {
    /// dB left under the target's true peak for a lossy encoder (AAC, Opus), whose decoded
    /// sound can overshoot the samples it was given by a few tenths of a dB.
    public static let encoderMargin = 0.5
    /// Most measurements of the limited mix.
    static let passes = 6
    /// How far under the target (LU) the limited mix's loudness may end before the gain rises.
    static let loudnessTolerance = 0.1
    /// The most the gain rises (dB) to give back loudness the limiter took away.
    static let mostRaise = 12.0

    /// The analysis of the whole mix, or nil when it asks for no loudness.
    public func loudness() -> LoudnessAnalysis? {
        guard let target = mix.loudness else { return nil }
        return loudnessCache.analysis.withLock { cached in
            if let cached { return cached }
            let reusable = mix.sources.allSatisfy { $0.contentHash != nil }
            if reusable, let known = LoudnessCache.recent.withLock({ $0.first { $0.mix == mix }?.analysis }) {
                cached = known
                return known
            }
            let analysis = analyse(target)
            cached = analysis
            LoudnessCache.recent.withLock { recent in
                recent = [(mix, analysis)] + recent.filter { $0.mix != mix }.prefix(3)
            }
            return analysis
        }
    }

    /// The analysis a mixer of `mix` made last in this process; nil when none did.
    public static func measuredLoudness(of mix: SoundMix) -> LoudnessAnalysis? {
        LoudnessCache.recent.withLock { $0.first { $0.mix == mix }?.analysis }
    }

    /// Measures the sum, chooses the gain, and verifies the result: where the detector finds no
    /// peak over the ceiling at that gain, libebur128 measures the true peak of the seconds whose
    /// estimate comes within `verifiedReach` of the loudest (the others cannot hold the peak), and
    /// the limiter is left out unless that finds one; otherwise the limited mix is measured whole.
    private func analyse(_ target: LoudnessTarget) -> LoudnessAnalysis {
        let limit = Float(pow(10, (target.truePeak - Self.encoderMargin) / 20))
        var secondPeaks: [Float] = []
        let raw = measure(truePeak: false) { range in
            let wide = max(range.lowerBound - Int(SOUND_PEAK_REACH), 0)..<range.upperBound + Int(SOUND_PEAK_REACH)
            var sum = summed(wide)
            var peaks = [Float](repeating: 0, count: wide.count)
            secondPeaks.append(sound_true_peaks(&sum, wide.count, 1, &peaks))
            let first = 2 * (range.lowerBound - wide.lowerBound)
            return Array(sum[first..<first + 2 * range.count])
        }
        guard let integrated = raw.integrated else {
            return LoudnessAnalysis(
                target: target, gain: 1, ceiling: limit, integrated: nil, range: raw.range, truePeak: -.infinity,
                limited: false)
        }
        var gain = Float(pow(10, (target.integrated - integrated) / 20))
        let detected = secondPeaks.max() ?? 0
        if gain * detected <= limit {
            let loud = Float(pow(10, -Self.verifiedReach / 20)) * detected
            let seconds = secondPeaks.indices.filter { secondPeaks[$0] >= loud }
                .sorted { (secondPeaks[$0], $1) > (secondPeaks[$1], $0) }.prefix(Self.verifiedSeconds).sorted()
            let truePeak = measuredTruePeak(ofSeconds: seconds) { range in summed(range).map { $0 * gain } }
            if Float(pow(10, truePeak / 20)) <= limit {
                return LoudnessAnalysis(
                    target: target, gain: gain, ceiling: limit, integrated: integrated + 20 * log10(Double(gain)),
                    range: raw.range, truePeak: truePeak, limited: false)
            }
        }
        var ceiling = limit
        var result = raw
        // The gain (dB) and the loudness it gave at the last pass that kept the ceiling: the
        // next gain follows the line through it and the current one (the limiter flattens it).
        var previous: (gain: Double, loudness: Double)?
        let ceilingGain = 20 * log10(Double(gain)) + Self.mostRaise
        for pass in 1...Self.passes {
            result = measure { range in normalised(range, gain: gain, ceiling: ceiling) }
            let peak = Float(pow(10, result.truePeak / 20))
            guard pass < Self.passes else { break }
            if peak > limit {
                ceiling *= limit / peak
                continue
            }
            guard let measured = result.integrated, measured < target.integrated - Self.loudnessTolerance else { break }
            let current = 20 * log10(Double(gain))
            var slope = 1.0
            if let previous, current != previous.gain {
                slope = min(max((measured - previous.loudness) / (current - previous.gain), 0.05), 1)
            }
            let next = min(current + (target.integrated - measured) / slope, ceilingGain)
            guard next > current else { break }
            previous = (current, measured)
            gain = Float(pow(10, next / 20))
        }
        return LoudnessAnalysis(
            target: target, gain: gain, ceiling: ceiling, integrated: result.integrated, range: result.range,
            truePeak: result.truePeak, limited: true)
    }

    /// dB under the loudest second's peak estimate within which `analyse` measures a second's
    /// true peak with libebur128: more than two 4× oversampled estimates of a peak differ by.
    static let verifiedReach = 1.0
    /// The most seconds `analyse` measures so, the loudest by the detector's estimate: a mix whose
    /// every second peaks alike (a steady tone, a bed of noise) peaks alike in any of them.
    static let verifiedSeconds = 8
    /// Frames measured before and after each second `measuredTruePeak` measures, so that its
    /// interpolator (49 taps at 48 kHz) starts and ends on the mix's own samples.
    static let truePeakContext = 64

    /// libebur128's true peak (dBTP, the louder channel's) of the timeline's `seconds` (indices of
    /// whole seconds), each measured alone from the samples `chunk` gives: with
    /// `truePeakContext` frames on either side, the first of them fed in a call of their own
    /// whose peak is left out (their start is preceded by silence the mix does not have).
    private func measuredTruePeak(ofSeconds seconds: [Int], _ chunk: (Range<Int>) -> [Float]) -> Double {
        var peak = 0.0
        for second in seconds {
            let start = timeline.lowerBound + second * Self.rate
            let lower = max(start - Self.truePeakContext, timeline.lowerBound)
            let upper = min(start + Self.rate + Self.truePeakContext, timeline.upperBound)
            guard lower < upper, let state = ebur128_init(2, UInt(Self.rate), Int32(EBUR128_MODE_TRUE_PEAK.rawValue))
            else { continue }
            defer {
                var owned: UnsafeMutablePointer<ebur128_state>? = state
                ebur128_destroy(&owned)
            }
            let samples = chunk(lower..<upper)
            let lead = start - lower
            samples.withUnsafeBufferPointer { buffer in
                if lead > 0 { _ = ebur128_add_frames_float(state, buffer.baseAddress, lead) }
                _ = ebur128_add_frames_float(state, buffer.baseAddress! + 2 * lead, upper - start)
            }
            for channel in 0..<2 {
                var channelPeak = 0.0
                _ = ebur128_prev_true_peak(state, UInt32(channel), &channelPeak)
                peak = max(peak, channelPeak)
            }
        }
        return 20 * log10(peak)
    }

    /// libebur128's integrated loudness (nil below the absolute gate), loudness range and, with
    /// `truePeak`, true peak (dBTP, the louder channel's) of the samples `chunk` gives for each
    /// second of the timeline in turn.
    private func measure(truePeak: Bool = true, _ chunk: (Range<Int>) -> [Float]) -> (
        integrated: Double?, range: Double, truePeak: Double
    ) {
        let mode =
            EBUR128_MODE_I.rawValue | EBUR128_MODE_LRA.rawValue | (truePeak ? EBUR128_MODE_TRUE_PEAK.rawValue : 0)
        guard let state = ebur128_init(2, UInt(Self.rate), Int32(mode)) else { return (nil, 0, -.infinity) }
        defer {
            var owned: UnsafeMutablePointer<ebur128_state>? = state
            ebur128_destroy(&owned)
        }
        var start = timeline.lowerBound
        while start < timeline.upperBound {
            let end = min(start + Self.rate, timeline.upperBound)
            let samples = chunk(start..<end)
            _ = samples.withUnsafeBufferPointer { ebur128_add_frames_float(state, $0.baseAddress, end - start) }
            start = end
        }
        var (integrated, range, peak) = (-Double.infinity, 0.0, 0.0)
        _ = ebur128_loudness_global(state, &integrated)
        _ = ebur128_loudness_range(state, &range)
        for channel in 0..<2 where truePeak {
            var channelPeak = 0.0
            _ = ebur128_true_peak(state, UInt32(channel), &channelPeak)
            peak = max(peak, channelPeak)
        }
        return (integrated.isFinite ? integrated : nil, range.isFinite ? range : 0, 20 * log10(peak))
    }

    /// The samples `range` of the whole mix brought to its loudness (`analysis`). Where the
    /// analysis found the limiter would change nothing (every peak the detector estimates at the
    /// gain under the ceiling), the sum times the gain is what it would give, without the detector.
    func normalised(_ range: Range<Int>, by analysis: LoudnessAnalysis) -> [Float] {
        guard analysis.limited else {
            var samples = summed(range)
            for index in samples.indices { samples[index] *= analysis.gain }
            return samples
        }
        return normalised(range, gain: analysis.gain, ceiling: analysis.ceiling)
    }

    /// The samples `range` of the sum times `gain`, limited to `ceiling`: computed over every
    /// sample the limiter's gain in `range` depends on (its reach and the detector's, within the
    /// timeline), then cut to `range`.
    func normalised(_ range: Range<Int>, gain: Float, ceiling: Float) -> [Float] {
        let margin = 3 * Self.limiterReach / 2 + Int(SOUND_PEAK_REACH)
        let lower = max(range.lowerBound - margin, timeline.lowerBound)
        let upper = max(min(range.upperBound + margin, timeline.upperBound), range.upperBound)
        let wide = lower..<upper
        var raw = summed(wide)
        for index in raw.indices { raw[index] *= gain }
        var peaks = [Float](repeating: 0, count: wide.count)
        _ = sound_true_peaks(&raw, wide.count, 1, &peaks)
        var gains = [Float](repeating: 1, count: wide.count)
        let limits = sound_limiter_gains(&peaks, wide.count, ceiling, Int32(Self.limiterReach), &gains) != 0
        let first = range.lowerBound - wide.lowerBound
        guard limits else { return Array(raw[2 * first..<2 * (first + range.count)]) }
        var output = [Float](repeating: 0, count: 2 * range.count)
        for index in 0..<range.count {
            let gain = gains[first + index]
            output[2 * index] = raw[2 * (first + index)] * gain
            output[2 * index + 1] = raw[2 * (first + index) + 1] * gain
        }
        return output
    }
}
