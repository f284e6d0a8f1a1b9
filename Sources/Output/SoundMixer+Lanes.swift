import Foundation

/// What the studio draws of each source: its own sound and its gain over the render.
extension SoundMixer {
    /// One source over the render's timeline, in `buckets` equal spans.
    public struct Lane: Sendable {
        /// `SoundMix.Source.label`.
        public let label: String
        /// The loudest sample of the source's own sound (before its gains) in each span, 0 where
        /// it does not play.
        public let peaks: [Float]
        /// The source's gain at each span's middle: its volume (animated or not), fades,
        /// crossfades and ducking; 0 where it does not play.
        public let gains: [Float]
    }

    /// Every source's lane, in the mix's order.
    public func lanes(buckets: Int) -> [Lane] {
        let total = timeline.count
        guard buckets > 0, total > 0 else { return [] }
        return mix.sources.indices.map { index in
            let source = mix.sources[index]
            let span = spans[index]
            let spanCount = span.count / 2
            let offset = offsets[index]
            var (peaks, gains) = ([Float](repeating: 0, count: buckets), [Float](repeating: 0, count: buckets))
            /// The source's own sample index at timeline sample `sample`, nil where it does not play.
            func local(_ sample: Int) -> Int? {
                let at = sample - offset
                guard at >= 0, spanCount > 0 else { return nil }
                if source.loops { return at % spanCount }
                return at < spanCount ? at : nil
            }
            for bucket in 0..<buckets {
                let (from, to) = (
                    total * bucket / buckets, max(total * (bucket + 1) / buckets, total * bucket / buckets + 1)
                )
                var peak: Float = 0
                for sample in from..<min(to, total) {
                    guard let at = local(sample) else { continue }
                    peak = max(peak, abs(span[2 * at]), abs(span[2 * at + 1]))
                }
                peaks[bucket] = min(peak, 1)
                let middle = (from + to) / 2
                if local(middle) != nil {
                    let ducked = ducking.isEmpty ? nil : ducking[index]
                    gains[bucket] = self.gains(ofSource: index, over: middle..<middle + 1, ducked: ducked)[0]
                }
            }
            return Lane(label: source.label ?? source.file, peaks: peaks, gains: gains)
        }
    }
}
