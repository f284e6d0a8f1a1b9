import Testing

@testable import Footage

/// A sound too short to play, or a `from` too late in it, is refused with what the file holds
/// (its samples and rate) and what would be right, to the sample rather than to the millisecond.
@Suite struct SoundTooShortTests {
    static func info(samples: Int, rate: Int) -> AudioInfo {
        AudioInfo(duration: Double(samples) / Double(rate), sampleRate: rate, channels: 1, codec: "pcm_s16le")
    }

    @Test func aFileUnderAMillisecondSaysHowManySamplesItHolds() {
        #expect(
            FootageError.soundTooShort(path: "beep.wav", info: Self.info(samples: 47, rate: 48_000)).description
                == "beep.wav holds 47 samples at 48000 Hz (0.98 ms), too short to play: a sound plays 1 ms at least "
                + "(48 samples at 48000 Hz); give a longer file")
        #expect(
            FootageError.soundTooShort(path: "tick.wav", info: Self.info(samples: 1, rate: 44_100)).description
                == "tick.wav holds 1 sample at 44100 Hz (0.02 ms), too short to play: a sound plays 1 ms at least "
                + "(45 samples at 44100 Hz); give a longer file")
    }

    @Test func aFromTooLateNamesTheLatestThatPlays() {
        let info = Self.info(samples: 800, rate: 8000)
        #expect(
            FootageError.soundFromPastEnd(path: "beep.wav", from: 0.0995, info: info).description
                == "from 0.0995 s leaves less than 1 ms of beep.wav to play, which holds 800 samples at 8000 Hz "
                + "(0.100 s): it must be at least 0 and at most 0.099 s, so that 1 ms at least plays")
        #expect(
            FootageError.soundFromPastEnd(path: "beep.wav", from: 2, info: info).description.hasPrefix(
                "from 2 s lies outside beep.wav, which holds 800 samples"))
    }
}
