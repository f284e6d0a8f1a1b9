import CommandTestSupport
import Foundation
import Testing

/// What the studio's tracks show, in headless Chromium: a clip layer's track carries thumbnails
/// of its frames inside its box, each marked with the layer; a lane under the tracks draws the
/// waveform of the pipeline's sound; a mixer's bar names its transition.
@Suite(
    "the studio's thumbnails, waveform and mixer markers in headless Chromium",
    .enabled(
        if: StudioBrowser.available,
        "chromium, chromium-driver or python3-selenium is not installed: scripts/install-deps --test"))
struct StudioTrackContentTests {
    struct Content: Decodable {
        struct Thumb: Decodable {
            let layer: String
            let box: [Double]
            let natural: [Int]
            let seconds: Double
        }

        struct Bar: Decodable {
            let step: Int
            let text: String
            let title: String
            let box: [Double]
        }

        struct Track: Decodable {
            let layer: String
            let box: [Double]
            let thumbs: [Thumb]
            let bars: [Bar]
        }

        struct Waveform: Decodable {
            let box: [Double]
            let tracks: [Double]
            let size: [Int]
            let painted: Int
            let columns: Int
        }

        struct Sound: Decodable {
            let label: String
            let box: [Double]
            let line: [Double]
        }

        let tracks: [Track]
        let waveform: Waveform?
        let sounds: [Sound]
    }

    struct Action: Decodable {
        let content: Content?
    }

    struct Run: Decodable {
        let actions: [Action]
        let errors: [String]
    }

    @Test("a clip's track carries its thumbnails, the sound its waveform, a mixer's bar its transition")
    func tracksShowTheirContent() throws {
        let fixture = try FootageFixture()
        try fixture.standardClip()
        // A tone for the first second of two, and music whose volume falls to silence by 1 s: the
        // waveform's second half is flat.
        try fixture.ffmpeg([
            "-f", "lavfi", "-i", "aevalsrc=0.5*sin(2*PI*440*t):s=48000:d=1", "-c:a", "pcm_s16le", "tone.wav",
        ])
        try fixture.ffmpeg([
            "-f", "lavfi", "-i", "aevalsrc=0.25*sin(2*PI*330*t):s=48000:d=2", "-c:a", "pcm_s16le", "music.wav",
        ])
        let text = """
            { "version": 1,
              "canvas": { "width": 320, "height": 240, "fps": 30, "duration": 2, "background": "#204080" },
              "layers": [ { "name": "clip", "gravity": "fill", "video": "clips/a.mp4" },
                          { "name": "card", "fill": "#ffffff", "frame": [0, 0, 100, 100] },
                          { "name": "inset", "frame": [0, 0, 80, 60],
                            "video": { "file": "clips/a.mp4", "start": 1, "before": "hide" } } ],
              "audio": [ "tone.wav", { "file": "music.wav", "name": "music" } ],
              "timeline": [
                { "animate": "opacity", "target": "clip", "from": 1, "to": 0.5, "start": 0, "duration": 0.5 },
                { "mixer": "cross-dissolve", "from": "clip", "to": "card", "start": 1, "duration": 0.8 },
                { "animate": "audio.music.volume", "to": 0, "start": 0.5, "duration": 0.5, "timing": "linear" } ] }
            """
        let file = try PluginFixtures.write(text, to: "p.json", in: fixture.folder)
        let server = try PreviewServerProcess([file.path, "--edit"], scratch: fixture.folder)
        defer { server.stop() }
        let run = try StudioBrowser.run(
            server.url, [["content"], ["wheel", "ruler", "-600"], ["content"]], reportedAs: Run.self)
        #expect(run.errors.isEmpty, "\(run.errors)")
        let content = try #require(run.actions.first?.content)

        let clip = try #require(content.tracks.first { $0.layer == "clip" }, "\(content.tracks.map(\.layer))")
        #expect(clip.thumbs.count > 0)
        for thumb in clip.thumbs {
            #expect(thumb.layer == "clip", "\(thumb)")
            // Inside the track's box, as tall as it, in the clip's 4:3 aspect.
            #expect(thumb.box[0] >= clip.box[0] - 0.5 && thumb.box[0] < clip.box[2], "\(thumb.box) in \(clip.box)")
            #expect(
                thumb.box[1] >= clip.box[1] - 0.5 && thumb.box[3] <= clip.box[3] + 0.5, "\(thumb.box) in \(clip.box)")
            #expect(thumb.natural[1] == Int((thumb.box[3] - thumb.box[1]).rounded()), "\(thumb)")
            #expect(abs(Double(thumb.natural[0]) / Double(thumb.natural[1]) - 4.0 / 3) < 0.1, "\(thumb)")
        }
        let times = clip.thumbs.map(\.seconds)
        #expect(times.first == 0 && zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "\(times)")
        // The card shows no footage: no thumbnails on its track.
        let card = try #require(content.tracks.first { $0.layer == "card" })
        #expect(card.thumbs.isEmpty)
        // A clip no step acts on has a track of its own after the steps' tracks, its thumbnails
        // only where it shows (from 1 s: before, it hides).
        // A sound's volume step has a track of its own, named by its sound.
        #expect(content.tracks.map(\.layer) == ["clip", "card", "audio.music", "inset"])
        let inset = try #require(content.tracks.last)
        #expect(inset.bars.isEmpty && inset.thumbs.count > 0)
        #expect(inset.thumbs.allSatisfy { $0.layer == "inset" && $0.seconds >= 1 }, "\(inset.thumbs.map(\.seconds))")

        // The waveform lane sits under the tracks, its columns tall in its first half (the tone)
        // only: `columns` counts those taller than silence's line.
        let lane = try #require(content.waveform)
        let bottom = content.tracks.map { $0.box[3] }.max() ?? 0
        #expect(lane.box[1] >= bottom, "\(lane.box) under \(bottom)")
        #expect(lane.painted > 0 && lane.columns > 0, "\(lane)")
        let width = Double(lane.size[0])
        #expect(Double(lane.columns) > width * 0.4 && Double(lane.columns) < width * 0.6, "\(lane.columns) of \(width)")

        // Under it, a lane per sound: the music's volume line is at the top (1) until 0.5 s, half way
        // down at 0.75 s and at the bottom (silent) from 1 s, over its own waveform.
        #expect(
            content.sounds.map(\.label) == [
                "volume of audio[0] over its waveform", "volume of music over its waveform",
            ])
        let music = try #require(content.sounds.last)
        #expect(music.box[1] >= lane.box[3], "\(music.box) under \(lane.box)")
        let columns = music.line.count
        func line(at seconds: Double) -> Double { music.line[min(Int(seconds / 2 * Double(columns)), columns - 1)] }
        #expect(columns > 100 && line(at: 0.25) >= 0 && line(at: 0.25) < 0.12, "\(line(at: 0.25))")
        #expect(abs(line(at: 0.75) - 0.5) < 0.12, "\(line(at: 0.75))")
        #expect(line(at: 1.5) > 0.85, "\(line(at: 1.5))")

        // Zoomed in, the clip's thumbnails are made again for the shorter span on show: closer in time.
        let zoomed = try #require(run.actions.last?.content?.tracks.first { $0.layer == "clip" })
        let spacing = { (times: [Double]) in
            ((times.last ?? 0) - (times.first ?? 0)) / Double(max(1, times.count - 1))
        }
        let closer = zoomed.thumbs.map(\.seconds)
        #expect(closer.count > 1 && spacing(closer) < spacing(times) / 1.5, "\(times) then \(closer)")

        // The mixer's bar names its transition.
        let mixer = try #require(content.tracks.flatMap(\.bars).first { $0.step == 1 })
        #expect(mixer.text.contains("cross-dissolve") && mixer.title.contains("cross-dissolve"), "\(mixer)")
    }
}
