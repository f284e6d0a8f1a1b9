import Foundation

/// Ducking: a source's gain lowered while the sources it gives way to play (a side-chain on
/// their level). The gain is computed once over the whole render's timeline, from its first
/// sample, so any span of the mix (a shard's) is ducked exactly as the whole mix is there.
extension SoundMixer {
    /// Samples over which the side-chain's level is measured (10 ms): long enough to hold a
    /// period of a voice's lowest tones, short enough to follow its syllables.
    public static let duckBlock = 480

    /// Each ducked source's gain, as a factor, at each block boundary of the timeline (block b
    /// starts at sample b · `duckBlock`); nil for a source that does not duck. The gain at a
    /// boundary follows the level of the block before it: in dB, it moves towards `amount` while
    /// that block is above the threshold and back towards 0 otherwise, by at most the block's
    /// share of the attack or release. `contribution` adds a source's samples over a range, with
    /// its own gains, to a buffer.
    static func duckGains(
        sources: [SoundMix.Source], timeline: Range<Int>, contribution: (Int, Range<Int>, inout [Float]) -> Void
    ) -> [[Float]?] {
        sources.map { source in
            guard let duck = source.duck, !duck.under.isEmpty else { return nil }
            let blocks = (timeline.count + duckBlock - 1) / duckBlock
            let blockSeconds = Double(duckBlock) / Double(rate)
            let fall = duck.attack > 0 ? -duck.amount * blockSeconds / duck.attack : .infinity
            let rise = duck.release > 0 ? -duck.amount * blockSeconds / duck.release : .infinity
            // Mean square of both channels above which a block counts as playing.
            let threshold = pow(10, duck.threshold / 10)
            var gains = [Float](repeating: 1, count: blocks + 1)
            var gain = 0.0
            var buffer: [Float] = []
            // A second of the side-chain at a time.
            let chunk = (Self.rate / duckBlock) * duckBlock
            var start = timeline.lowerBound
            while start < timeline.upperBound {
                let end = min(start + chunk, timeline.upperBound)
                buffer = [Float](repeating: 0, count: 2 * (end - start))
                for index in duck.under where sources.indices.contains(index) {
                    contribution(index, start..<end, &buffer)
                }
                var blockStart = start
                while blockStart < end {
                    let blockEnd = min(blockStart + duckBlock, end)
                    var squares = 0.0
                    for at in 2 * (blockStart - start)..<2 * (blockEnd - start) {
                        squares += Double(buffer[at]) * Double(buffer[at])
                    }
                    let playing = squares / Double(2 * (blockEnd - blockStart)) > threshold
                    gain = playing ? max(gain - fall, duck.amount) : min(gain + rise, 0)
                    gains[(blockStart - timeline.lowerBound) / duckBlock + 1] = Float(pow(10, gain / 20))
                    blockStart = blockEnd
                }
                start = end
            }
            return gains
        }
    }

    /// The ducking gain of a source with block gains `gains` at sample `sample` of the timeline:
    /// linear between the boundaries around it (a block is 10 ms, so the dB ramp is followed
    /// within a hundredth of a dB).
    @inline(__always)
    static func duckFactor(_ gains: [Float], at sample: Int) -> Float {
        let block = sample / duckBlock
        guard block + 1 < gains.count, sample >= 0 else { return gains.last ?? 1 }
        let (a, b) = (gains[block], gains[block + 1])
        guard a != b else { return a }
        return a + (b - a) * Float(sample - block * duckBlock) / Float(duckBlock)
    }
}
