import CRaster
import Compositor
import Footage
import Output
import Scene

extension Pipeline {
    /// The layers that show footage (a video file or an image sequence), each by its track path
    /// (`group/clip`, as the editor's tracks name it) with its footage's size in pixels.
    public var footageLayers: [(path: String, width: Int, height: Int)] {
        let names = scene.layers.map(\.name)
        return scene.layers.indices.compactMap { index in
            guard let spec = scene.layers[index].content.footage, let source = headerImages.footage[spec] else {
                return nil
            }
            return (scene.tree.path(of: index, names: names), source.width, source.height)
        }
    }

    /// The heights in pixels `footageThumbnail` makes pictures at.
    public static let thumbnailHeights: ClosedRange<Int> = 8...360

    /// A small JPEG of the footage frame the layer at `path` (as `footageLayers` names it) shows
    /// `time` seconds into the timeline, `height` pixels tall and as wide as the footage's aspect
    /// makes it, averaged down from the decoded frame; nil when the layer shows no frame then (its
    /// footage hidden before its start or after its end). Drawn as stored: the layer's effects,
    /// transform and opacity are not applied.
    public func footageThumbnail(ofLayer path: String, at time: Double, height: Int) throws(PipelineError)
        -> [UInt8]?
    {
        guard Self.thumbnailHeights.contains(height) else {
            throw PipelineError(
                .argument,
                "a thumbnail is \(Self.thumbnailHeights.lowerBound) to \(Self.thumbnailHeights.upperBound) pixels tall, not \(height)"
            )
        }
        guard time.isFinite, time >= 0 else {
            throw PipelineError(.range, "a thumbnail's time is 0 or more, not \(time)")
        }
        let names = scene.layers.map(\.name)
        guard let index = scene.layers.indices.first(where: { scene.tree.path(of: $0, names: names) == path }) else {
            throw PipelineError(.argument, "the pipeline has no layer \"\(path)\"")
        }
        guard let spec = scene.layers[index].content.footage, let source = headerImages.footage[spec] else {
            throw PipelineError(.argument, "layer \"\(path)\" shows no video or image sequence")
        }
        guard let clipTime = spec.clipTiming.clipTime(at: time, clipEnd: source.duration) else { return nil }
        lock.lock()
        defer { lock.unlock() }
        let frame: FootageFrame
        do throws(FootageError) {
            frame = try source.frame(index: source.frameIndex(at: clipTime))
        } catch {
            throw PipelineError(.render, "layer \"\(path)\": \(error.description)")
        }
        let width = max(1, Int((Double(frame.width) * Double(height) / Double(max(1, frame.height))).rounded()))
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let status = pixels.withUnsafeMutableBufferPointer { out in
            raster_resample_area(
                frame.pixels.assumingMemoryBound(to: UInt8.self), UInt32(frame.stride), UInt32(frame.width),
                UInt32(frame.height), out.baseAddress!, UInt32(width * 4), UInt32(width), UInt32(height), 0,
                Double(frame.width) / Double(width), 0, Double(frame.height) / Double(height))
        }
        guard status == 0 else {
            throw PipelineError(.render, "not enough memory for a thumbnail of layer \"\(path)\"")
        }
        do throws(OutputError) {
            return try pixels.withUnsafeBufferPointer { buffer throws(OutputError) in
                try encodeJPEG(
                    FrameView(width: width, height: height, stride: width * 4, pixels: buffer.baseAddress!), quality: 70
                )
            }
        } catch {
            throw PipelineError(.render, error.description)
        }
    }

    /// The loudest sample of each of `buckets` equal spans of a WAV file's sound (16-bit PCM, as
    /// `soundWAV` makes it), over every channel, from 0 (silence) to 1 (full scale), and the
    /// sound's length in seconds: what a waveform is drawn from.
    public static func soundPeaks(ofWAV wav: [UInt8], buckets: Int) throws(PipelineError) -> (
        duration: Double, peaks: [Double]
    ) {
        guard buckets > 0 else {
            throw PipelineError(.argument, "a waveform needs at least one bucket, not \(buckets)")
        }
        func word(_ at: Int, _ count: Int) -> Int {
            (0..<count).reduce(0) { $0 | Int(wav[at + $1]) << (8 * $1) }
        }
        guard wav.count >= 12, wav[0..<4].elementsEqual("RIFF".utf8), wav[8..<12].elementsEqual("WAVE".utf8) else {
            throw PipelineError(.render, "the sound is not a WAV file")
        }
        var (channels, rate, bits) = (0, 0, 0)
        var data: Range<Int>?
        var at = 12
        while at + 8 <= wav.count {
            let size = word(at + 4, 4)
            let body = (at + 8)..<min(wav.count, at + 8 + size)
            if wav[at..<(at + 4)].elementsEqual("fmt ".utf8), body.count >= 16 {
                (channels, rate, bits) = (
                    word(body.lowerBound + 2, 2), word(body.lowerBound + 4, 4), word(body.lowerBound + 14, 2)
                )
            } else if wav[at..<(at + 4)].elementsEqual("data".utf8) {
                data = body
            }
            at = body.upperBound + (size & 1)
        }
        guard let data, channels > 0, rate > 0, bits == 16 else {
            throw PipelineError(.render, "the sound is not 16-bit PCM WAV")
        }
        let frames = data.count / (2 * channels)
        var peaks = [Double](repeating: 0, count: buckets)
        for frame in 0..<frames {
            let bucket = min(buckets - 1, frame * buckets / max(1, frames))
            for channel in 0..<channels {
                let offset = data.lowerBound + (frame * channels + channel) * 2
                let sample = Int16(bitPattern: UInt16(wav[offset]) | UInt16(wav[offset + 1]) << 8)
                let level = Double(abs(Int(sample))) / 32768
                if level > peaks[bucket] { peaks[bucket] = level }
            }
        }
        return (Double(frames) / Double(rate), peaks)
    }
}
