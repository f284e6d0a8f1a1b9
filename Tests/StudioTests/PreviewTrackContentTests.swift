import CommandTestSupport
import Foundation
import Testing

/// `/thumbnail` and `/waveform.json`, what the studio's tracks show: a footage layer's frame,
/// small and averaged down from the clip's picture, and the loudest level of each span of the
/// sound's mix; every parameter checked, with a message that says what is allowed.
@Suite("the preview's thumbnails and waveform")
struct PreviewTrackContentTests {
    static func object(_ body: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
    }

    /// A clip's thumbnail is its frame at that time, as the render shows it, shrunk to the height
    /// asked for in the clip's aspect.
    @Test func aClipsThumbnailIsItsFrameShrunk() async throws {
        let fixture = try FootageFixture()
        try fixture.standardClip()
        try fixture.pipeline(#""video": "clips/a.mp4""#)
        let folder = fixture.folder
        let server = try PreviewServerProcess([folder.appendingPathComponent("p.json").path], scratch: folder)
        defer { server.stop() }
        let thumbnail = try await server.get("thumbnail?layer=clip&t=1&height=30")
        try #require(thumbnail.status == 200, "\(String(decoding: thumbnail.body, as: UTF8.self))")
        #expect(Array(thumbnail.body.prefix(3)) == PreviewViewerFrameTests.jpegStart)
        let picture = try PreviewViewerFrameTests.decoded(thumbnail.body, in: folder)
        #expect(picture.width == 40 && picture.height == 30, "\(picture.width)×\(picture.height)")
        // Each thumbnail pixel's brightness is the mean of the 8 × 8 pixels of the frame it
        // covers, within JPEG's loss (its colour is halved in resolution, so brightness is compared).
        let frame = try await server.get("frame?t=1")
        let reference = try PreviewViewerFrameTests.decoded(frame.body, in: folder)
        try #require(reference.width == 320 && reference.height == 240)
        func luma(_ r: Int, _ g: Int, _ b: Int) -> Double { 0.299 * Double(r) + 0.587 * Double(g) + 0.114 * Double(b) }
        var total = 0.0
        for y in 0..<30 {
            for x in 0..<40 {
                var sum = 0.0
                for dy in 0..<8 {
                    for dx in 0..<8 {
                        let pixel = reference[x * 8 + dx, y * 8 + dy]
                        sum += luma(pixel.r, pixel.g, pixel.b)
                    }
                }
                let shown = picture[x, y]
                total += abs(luma(shown.r, shown.g, shown.b) - sum / 64)
            }
        }
        let mean = total / Double(40 * 30)
        #expect(mean < 6, "mean difference \(mean) levels")
        // A taller thumbnail is wider in the same aspect.
        let tall = try await server.get("thumbnail?layer=clip&t=1&height=90")
        let tallPicture = try PreviewViewerFrameTests.decoded(tall.body, in: folder)
        #expect(tallPicture.width == 120 && tallPicture.height == 90, "\(tallPicture.width)×\(tallPicture.height)")
    }

    /// The mean brightness of a picture, 0–255.
    static func brightness(_ image: RGBAImage) -> Double {
        var total = 0.0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image[x, y]
                total += 0.299 * Double(pixel.r) + 0.587 * Double(pixel.g) + 0.114 * Double(pixel.b)
            }
        }
        return total / Double(image.width * image.height)
    }

    /// A clip that brightens with its own time, starting 1 s into the render: the thumbnail at a
    /// time shows the clip's frame the render shows then (clip time 0 until 1 s, then 0.5 s at 1.5 s).
    @Test func aThumbnailShowsTheClipsFrameAtTheRendersTime() async throws {
        let fixture = try FootageFixture()
        try fixture.ffmpeg([
            "-f", "lavfi", "-i", "color=c=black:s=320x240:r=30:d=2,format=yuv444p,geq=lum=16+T*100:cb=128:cr=128",
            "-c:v", "libx264", "-g", "10", "-pix_fmt", "yuv420p", "clips/ramp.mp4",
        ])
        try fixture.pipeline(#""video": {"file": "clips/ramp.mp4", "start": 1}"#)
        let folder = fixture.folder
        let server = try PreviewServerProcess([folder.appendingPathComponent("p.json").path], scratch: folder)
        defer { server.stop() }
        var levels: [Double] = []
        for t in ["0.5", "1.5"] {
            let thumbnail = try await server.get("thumbnail?layer=clip&t=\(t)&height=24")
            let frame = try await server.get("frame?t=\(t)")
            try #require(thumbnail.status == 200 && frame.status == 200, "t=\(t)")
            let shown = Self.brightness(try PreviewViewerFrameTests.decoded(thumbnail.body, in: folder))
            let rendered = Self.brightness(try PreviewViewerFrameTests.decoded(frame.body, in: folder))
            #expect(abs(shown - rendered) < 6, "t=\(t): thumbnail \(shown), frame \(rendered)")
            levels.append(shown)
        }
        // Clip time 0 (black) before its start, 0.5 s (about 40) at 1.5 s.
        #expect(levels[0] < 10 && levels[1] > 25 && levels[1] < 60, "\(levels)")
    }

    /// Before a clip that hides until its start, the layer shows no frame: 204, no picture.
    @Test func aHiddenClipHasNoThumbnail() async throws {
        let fixture = try FootageFixture()
        try fixture.standardClip()
        try fixture.pipeline(#""video": {"file": "clips/a.mp4", "start": 1, "before": "hide"}"#)
        let folder = fixture.folder
        let server = try PreviewServerProcess([folder.appendingPathComponent("p.json").path], scratch: folder)
        defer { server.stop() }
        let before = try await server.get("thumbnail?layer=clip&t=0.5&height=24")
        #expect(before.status == 204 && before.body.isEmpty, "\(before.status)")
        let after = try await server.get("thumbnail?layer=clip&t=1.5&height=24")
        #expect(after.status == 200 && Array(after.body.prefix(3)) == PreviewViewerFrameTests.jpegStart)
    }

    @Test func badThumbnailRequestsAreRefusedWithTheirReason() async throws {
        let fixture = try FootageFixture()
        try fixture.standardClip()
        try fixture.pipeline(#""video": "clips/a.mp4""#, layers: ##"{ "name": "plain", "fill": "#ff0000" }"##)
        let folder = fixture.folder
        let server = try PreviewServerProcess([folder.appendingPathComponent("p.json").path], scratch: folder)
        defer { server.stop() }
        let cases = [
            ("thumbnail?t=0&height=20", "thumbnail needs ?layer=NAME"),
            ("thumbnail?layer=clip&height=20", "thumbnail needs ?t=SECONDS"),
            ("thumbnail?layer=clip&t=0", "thumbnail needs ?height=PIXELS, from 8 to 360"),
            ("thumbnail?layer=clip&t=0&height=0", #"height must be a whole number of pixels from 8 to 360, got "0""#),
            ("thumbnail?layer=clip&t=0&height=361", #"from 8 to 360, got "361""#),
            ("thumbnail?layer=clip&t=0&height=2.5", #"got "2.5""#),
            ("thumbnail?layer=clip&t=9&height=20", "t=9 is past the end"),
            ("thumbnail?layer=clip&t=0&height=20&scale=2", "/thumbnail takes layer, t and height, not scale"),
            (
                "thumbnail?layer=plain&t=0&height=20",
                #"layer "plain" shows no video or image sequence (those that do: clip)"#
            ),
            ("thumbnail?layer=nobody&t=0&height=20", #"layer "nobody" shows no video"#),
            ("waveform.json", "waveform needs ?buckets=N, from 1 to 20000"),
            ("waveform.json?buckets=0", #"buckets must be a whole number from 1 to 20000, got "0""#),
            ("waveform.json?buckets=20001", #"got "20001""#),
            ("waveform.json?buckets=ten", #"got "ten""#),
            ("waveform.json?buckets=10&t=0", "/waveform.json takes only ?buckets=N, not t"),
        ]
        for (path, message) in cases {
            let answer = try await server.get(path)
            #expect(answer.status == 400, "\(path): \(answer.status)")
            let error = try #require(try Self.object(answer.body)["error"] as? [String: Any], "\(path)")
            let text = error["message"] as? String ?? ""
            #expect(text.contains(message), "\(path): \(text)")
            #expect(error["problems"] as? [Any] != nil, "\(path): the preview's one error shape")
        }
    }

    /// A stereo tone (a mono one is panned to both sides at -3 dB) of amplitude 0.5 for a second, then a second of silence: the peaks of the first
    /// half are near 0.5, those of the second are 0.
    @Test func theWaveformsPeaksFollowTheSound() async throws {
        let fixture = try FootageFixture()
        try fixture.ffmpeg([
            "-f", "lavfi", "-i", "aevalsrc=0.5*sin(2*PI*440*t)|0.5*sin(2*PI*440*t):s=48000:d=1", "-c:a", "pcm_s16le",
            "tone.wav",
        ])
        let text = """
            { "version": 1,
              "canvas": { "width": 64, "height": 48, "fps": 10, "duration": 2, "background": "#204080" },
              "layers": [ { "name": "box", "fill": "#ff0000", "frame": [0, 0, 10, 10] } ],
              "audio": [ "tone.wav" ],
              "timeline": [ { "animator": "move-and-scale", "target": "box", "start": 0, "duration": 2,
                              "params": { "to": [20, 20, 10, 10] } } ] }
            """
        let file = try PluginFixtures.write(text, to: "p.json", in: fixture.folder)
        let server = try PreviewServerProcess([file.path], scratch: fixture.folder)
        defer { server.stop() }
        let answer = try await server.get("waveform.json?buckets=20")
        try #require(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
        let waveform = try Self.object(answer.body)
        let peaks = try #require(waveform["peaks"] as? [Double])
        let duration = try #require(waveform["duration"] as? Double)
        #expect(waveform["buckets"] as? Int == 20 && peaks.count == 20)
        #expect(abs(duration - 2) < 0.05, "\(duration) s")
        // Buckets 0–8 lie inside the tone, 11–19 after it; 9 and 10 may hold its end.
        for index in 0...8 { #expect(abs(peaks[index] - 0.5) < 0.03, "bucket \(index): \(peaks[index])") }
        for index in 11...19 { #expect(peaks[index] == 0, "bucket \(index): \(peaks[index])") }
    }

    /// Each sound's lane: its own sound's peaks (before its gains) and its gain at each span's
    /// middle, as the render mixes it: a music track whose volume falls linearly from 1 to 0.2
    /// between 0.5 s and 1.5 s, ducked by 6 dB under a voice playing its first half second.
    @Test func eachSoundsGainFollowsItsVolumeAndDucking() async throws {
        let fixture = try FootageFixture()
        try fixture.ffmpeg([
            "-f", "lavfi", "-i", "aevalsrc=0.5*sin(2*PI*440*t)|0.5*sin(2*PI*440*t):s=48000:d=2", "-c:a", "pcm_s16le",
            "music.wav",
        ])
        try fixture.ffmpeg([
            "-f", "lavfi", "-i", "aevalsrc=0.5*sin(2*PI*1000*t)|0.5*sin(2*PI*1000*t):s=48000:d=0.5", "-c:a",
            "pcm_s16le", "voice.wav",
        ])
        let text = """
            { "version": 1,
              "canvas": { "width": 64, "height": 48, "fps": 10, "duration": 2 },
              "layers": [ { "name": "box", "fill": "#ff0000" } ],
              "audio": [ { "file": "music.wav", "name": "music", "duck": { "under": ["voice"], "amount": -6,
                           "attack": 0, "release": 0 } },
                         { "file": "voice.wav", "name": "voice" } ],
              "timeline": [ { "animate": "audio.music.volume", "to": 0.2, "start": 0.5, "duration": 1,
                              "timing": "linear" } ] }
            """
        let file = try PluginFixtures.write(text, to: "p.json", in: fixture.folder)
        let server = try PreviewServerProcess([file.path], scratch: fixture.folder)
        defer { server.stop() }
        let answer = try await server.get("waveform.json?buckets=20")
        try #require(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
        let sounds = try #require(try Self.object(answer.body)["sounds"] as? [[String: Any]])
        #expect(sounds.map { $0["label"] as? String } == ["music", "voice"])
        let (peaks, gains) = (
            try #require(sounds[0]["peaks"] as? [Double]), try #require(sounds[0]["gains"] as? [Double])
        )
        #expect(peaks.count == 20 && peaks.allSatisfy { abs($0 - 0.5) < 0.03 }, "\(peaks)")
        // Span k's middle is at (k + 0.5) / 10 s: ducked by half (−6 dB) in the first half second,
        // then 1 until 0.5 s, falling by 0.8 a second to 0.2 at 1.5 s, and 0.2 after.
        let ducked = pow(10, -6.0 / 20)
        for (index, gain) in gains.enumerated() {
            let time = (Double(index) + 0.5) / 10
            let volume = time < 0.5 ? 1 : time < 1.5 ? 1 - 0.8 * (time - 0.5) : 0.2
            let expected = volume * (time < 0.5 ? ducked : 1)
            #expect(abs(gain - expected) < 0.01, "span \(index): \(gain), not \(expected)")
        }
        let voice = try #require(sounds[1]["gains"] as? [Double])
        #expect(voice[0] == 1 && voice[10] == 0, "the voice plays its half second only: \(voice)")
    }
}
