import Scene

/// The mix as an ffmpeg filter graph. Input 0 is the silent video; source k is input k + 1.
///
/// Each source is cut to `from`…`until`, resampled to 48 kHz stereo float, sped up or slowed down
/// (`atempo`, which keeps the pitch), padded or cut to exactly its span in samples, repeated
/// (`aloop`) when it loops, scaled by its volume, faded, and delayed to `at` (or, for a source
/// that began before the video, cut where the video begins). The sources are
/// summed (`amix` without normalisation), padded with silence to the end of the span wanted, and
/// that span cut out: the whole render, or the frames of the joined parts. Everything is counted
/// in samples, so a mix is the same to the sample whichever span of it is made.
extension SoundMix {
    /// The graph whose output `[mix]` is the sound of `frames` (the whole render by default).
    func filterGraph(frames: Range<Int>? = nil) -> String {
        let frames = frames ?? 0..<frameCount
        let rate = Self.sampleRate
        let (first, end) = (sample(atFrame: frames.lowerBound), sample(atFrame: frames.upperBound))
        guard !sources.isEmpty else {
            return "anullsrc=r=\(rate):cl=stereo,atrim=start_sample=\(first):end_sample=\(end),asetpts=PTS-STARTPTS,"
                + "aformat=sample_fmts=fltp[mix]"
        }
        var chains = sources.enumerated().map { index, source in
            "[\(index + 1):a]" + chain(source).joined(separator: ",") + "[s\(index)]"
        }
        let inputs = sources.indices.map { "[s\($0)]" }.joined()
        chains.append(
            inputs + "amix=inputs=\(sources.count):normalize=0:dropout_transition=0,"
                + "apad=whole_len=\(end),atrim=start_sample=\(first):end_sample=\(end),asetpts=PTS-STARTPTS,"
                + "aformat=sample_rates=\(rate):channel_layouts=stereo[mix]")
        return chains.joined(separator: ";")
    }

    private func chain(_ source: Source) -> [String] {
        let rate = Double(Self.sampleRate)
        func samples(_ seconds: Double) -> Int { max(Int((seconds * rate).rounded()), 0) }
        var filters = [
            "atrim=start=\(number(source.from)):end=\(number(source.until))", "asetpts=PTS-STARTPTS",
            "aresample=\(Self.sampleRate)", "aformat=sample_fmts=fltp:channel_layouts=stereo",
        ]
        // Timestamps before the sound's first sample are silence (counted in the file's time).
        if source.soundStart > source.from {
            filters.append("adelay=delays=\(samples(source.soundStart - source.from))S:all=1")
        }
        filters += Self.tempo(source.speed).map { "atempo=\(number($0))" }
        let span = max(samples(source.span), 1)
        filters += ["apad=whole_len=\(span)", "atrim=end_sample=\(span)"]
        if source.loops { filters.append("aloop=loop=-1:size=\(span)") }
        filters.append("volume=\(number(source.volume))")
        if source.fadeIn > 0 { filters.append("afade=t=in:ss=0:ns=\(max(samples(source.fadeIn), 1))") }
        if source.fadeOut > 0 {
            let length = source.stop(videoDuration: duration) - source.at
            let fade = min(samples(source.fadeOut), samples(length))
            filters.append("afade=t=out:ss=\(samples(length) - fade):ns=\(max(fade, 1))")
        }
        if source.at > 0 { filters.append("adelay=delays=\(samples(source.at))S:all=1") }
        if source.at < 0 { filters += ["atrim=start_sample=\(samples(-source.at))", "asetpts=PTS-STARTPTS"] }
        return filters
    }

    /// `atempo` takes factors from 0.5 to 100: a slower speed is a chain of halvings.
    static func tempo(_ speed: Double) -> [Double] {
        guard speed != 1 else { return [] }
        var (factors, rest) = ([Double](), speed)
        while rest < 0.5 {
            factors.append(0.5)
            rest /= 0.5
        }
        while rest > 100 {
            factors.append(100)
            rest /= 100
        }
        return factors + [rest]
    }

    /// A number as ffmpeg's option parser reads it, with no exponent.
    private func number(_ value: Double) -> String {
        String(format: "%.9f", value)
    }
}
