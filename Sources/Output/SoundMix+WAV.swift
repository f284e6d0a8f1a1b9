import Foundation

/// The mix alone, as a WAV file (16-bit PCM, 48 kHz stereo): what the studio plays beside the
/// frames. It is made by the same mixer (`SoundMixer`) as a video's sound, so it sounds the same.
extension SoundMix {
    /// The mix as WAV bytes; `name` is what messages call it.
    public func wav(name: String) throws(OutputError) -> Data {
        let mixer: SoundMixer
        do {
            mixer = try SoundMixer(mix: self)
        } catch {
            throw OutputError("cannot mix the sound of \(name): \(error.description)")
        }
        return Self.wav(samples: mixer.samples(mixer.sampleRange()))
    }

    /// Interleaved stereo float samples as a 16-bit WAV file, each sample converted as ffmpeg
    /// converts float to 16 bits (scaled by 32768, rounded, clipped).
    static func wav(samples: [Float]) -> Data {
        var data = Data()
        func append<T: FixedWidthInteger>(_ value: T) {
            withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
        }
        let bytes = UInt32(samples.count * 2)
        data.append(contentsOf: Array("RIFF".utf8))
        append(UInt32(36) + bytes)
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        append(UInt32(16))
        append(UInt16(1))
        append(UInt16(2))
        append(UInt32(sampleRate))
        append(UInt32(sampleRate * 4))
        append(UInt16(4))
        append(UInt16(16))
        data.append(contentsOf: Array("data".utf8))
        append(bytes)
        var pcm = [Int16](repeating: 0, count: samples.count)
        for (index, sample) in samples.enumerated() {
            pcm[index] = Int16(max(min((sample * 32768).rounded(), 32767), -32768))
        }
        pcm.withUnsafeBytes { data.append(contentsOf: $0) }
        return data
    }
}
