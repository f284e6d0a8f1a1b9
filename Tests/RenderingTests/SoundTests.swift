import CommandTestSupport
import Foundation
import Testing

/// Sound under the video: the `audio` tracks, a step's `sound` and a clip's own sound, mixed in
/// the host and encoded by ffmpeg into MP4 (AAC), WebM (Opus) and MOV (PCM); the same in a sharded render joined with
/// `pipeline concat` as in a whole one; formats without sound say so.
@Suite final class SoundTests {
    let fixture: FootageFixture
    init() throws {
        fixture = try FootageFixture()
        try FileManager.default.createDirectory(
            at: fixture.folder.appendingPathComponent("sounds"), withIntermediateDirectories: true)
    }

    /// sounds/music.wav: 3 s of 440 Hz, mono, 44.1 kHz; sounds/tap.wav: 0.2 s of 1 kHz, stereo, 48 kHz.
    private func sounds() throws {
        try fixture.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=3", "sounds/music.wav"])
        try fixture.ffmpeg([
            "-f", "lavfi", "-i", "sine=frequency=1000:sample_rate=48000:duration=0.2", "-ac", "2", "sounds/tap.wav",
        ])
    }

    /// Two seconds of a still layer, a fade starting at 0.8 s that plays the tap, and the music
    /// at half volume faded in over 0.25 s and out over the last 0.5 s.
    private func pipeline(formats: String = #"["mp4"]"#, loudness: String? = nil) throws {
        let text = """
            { "version": 1, "canvas": { "width": 64, "height": 48, "fps": 30, "duration": 2 },
              "layers": [ { "name": "card", "frame": [8, 8, 48, 32], "fill": "#ff8000" } ],
              "timeline": [ { "animator": "fade", "target": "card", "start": 0.8, "duration": 0.5,
                              "sound": { "file": "sounds/tap.wav", "volume": 0.8 } } ],
              "audio": [ { "file": "sounds/music.wav", "volume": 0.5, "fadeIn": 0.25, "fadeOut": 0.5 } ],
              "output": { "dir": "out", "formats": \(formats)\(loudness.map { #", "loudness": "# + $0 } ?? "") } }
            """
        try text.write(to: fixture.folder.appendingPathComponent("p.json"), atomically: true, encoding: .utf8)
    }

    /// `pipeline run p.json` with `arguments`; notes are wanted, so not `--quiet`.
    private func run(_ arguments: [String]) throws -> CLI.Result {
        try CLI.run(["run", "p.json"] + arguments, in: fixture.folder)
    }

    /// The first sound stream of `file` decoded to 48 kHz stereo float samples, interleaved.
    private func samples(_ file: String) throws -> [Float] {
        let raw = "pcm-\(UUID().uuidString).f32"
        defer { try? FileManager.default.removeItem(at: fixture.folder.appendingPathComponent(raw)) }
        try fixture.ffmpeg(["-i", file, "-map", "0:a:0", "-ar", "48000", "-ac", "2", "-f", "f32le", raw])
        let data = try Data(contentsOf: fixture.folder.appendingPathComponent(raw))
        return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    }

    /// The codec of each stream of `file`, as ffprobe names it ("h264", "aac").
    func codecs(_ file: String) throws -> [String] {
        let result = try CLI.runProgram(
            "/usr/bin/env",
            ["ffprobe", "-v", "error", "-show_entries", "stream=codec_name", "-of", "csv=p=0", file],
            in: fixture.folder)
        return result.stdout.split(separator: "\n").map { String($0) }
    }

    private static func rms(_ a: ArraySlice<Float>, _ b: ArraySlice<Float>) -> Double {
        let squares = zip(a, b).reduce(0.0) { $0 + Double($1.0 - $1.1) * Double($1.0 - $1.1) }
        return (squares / Double(max(min(a.count, b.count), 1))).squareRoot()
    }

    @Test func theMP4sSoundIsTheMixOfItsTracksAndSteps() throws {
        try sounds()
        try pipeline()
        let result = try run([])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try codecs("out/p.mp4") == ["h264", "aac"])
        // The same mix written with ffmpeg's own filters: volume, fades, delay, sum. The tap, cut
        // without fades, rises over its first 2 ms (96 samples) and falls over its last 2 ms.
        let graph =
            "[0:a]volume=0.5,afade=t=in:st=0:d=0.25,afade=t=out:st=1.5:d=0.5[m];"
            + "[1:a]volume=0.8,afade=t=in:ss=0:ns=96,afade=t=out:ss=9504:ns=96,adelay=800:all=1[t];"
            + "[m][t]amix=inputs=2:normalize=0,atrim=end=2,aformat=sample_rates=48000:channel_layouts=stereo"
        try fixture.ffmpeg([
            "-i", "sounds/music.wav", "-i", "sounds/tap.wav", "-filter_complex", graph, "-f", "f32le",
            "-c:a", "pcm_f32le", "reference.f32",
        ])
        let reference = try Data(contentsOf: fixture.folder.appendingPathComponent("reference.f32")).withUnsafeBytes {
            Array($0.bindMemory(to: Float.self))
        }
        let mixed = try samples("out/p.mp4")
        #expect(reference.count == 2 * 96_000)
        #expect(mixed.count >= reference.count)
        let error = Self.rms(mixed[..<reference.count], reference[...])
        #expect(error < 1e-3, "RMS difference from the reference mix: \(error)")
        // The tap is there: at 0.9 s the mix is louder than the music alone.
        let loud = mixed[(2 * 43_200)..<(2 * 43_700)].map { abs($0) }.max() ?? 0
        #expect(loud > 0.1)
    }

    /// Without a loudness, and brought to one loud enough that the limiter works on the tap: the
    /// gain comes from the whole mix in both, so the parts take the whole render's.
    @Test(arguments: [nil, #"{ "integrated": -6, "truePeak": -1 }"#])
    func aShardedRenderJoinedSoundsAsTheWholeRender(loudness: String?) throws {
        try sounds()
        try pipeline(loudness: loudness)
        #expect(try run([]).status == 0)
        for shard in 1...3 {
            let result = try run(["--shard", "\(shard)/3", "--out", "parts"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("carries no sound of its own"), "\(result.stderr)")
        }
        let part = try FileManager.default.contentsOfDirectory(
            atPath: fixture.folder.appendingPathComponent("parts").path
        )
        .filter { $0.hasSuffix(".mp4") }.sorted()
        #expect(part.count == 3)
        #expect(try codecs("parts/\(part[0])") == ["h264"])
        let joined = try CLI.run(["concat", "joined.mp4", "parts"], in: fixture.folder)
        #expect(joined.status == 0, "\(joined.stderr)")
        #expect(joined.stderr.contains("with their render's sound"))
        let (whole, parts) = (try samples("out/p.mp4"), try samples("joined.mp4"))
        #expect(whole.count == parts.count)
        #expect(whole == parts, "the joined render's sound differs from the whole render's")
    }

    @Test func concatRefusesASoundFileChangedSinceThePartsWereRendered() throws {
        try sounds()
        try pipeline()
        for shard in 1...2 { #expect(try run(["--shard", "\(shard)/2", "--out", "parts", "--quiet"]).status == 0) }
        try fixture.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=220:sample_rate=44100:duration=3", "sounds/music.wav"])
        let changed = try CLI.run(["concat", "joined.mp4", "parts"], in: fixture.folder)
        #expect(changed.status == 1, "\(changed.stderr)")
        #expect(changed.stderr.contains("sounds/music.wav changed since the parts were rendered"), "\(changed.stderr)")
        try FileManager.default.removeItem(at: fixture.folder.appendingPathComponent("sounds/music.wav"))
        let missing = try CLI.run(["concat", "joined.mp4", "parts"], in: fixture.folder)
        #expect(missing.status == 1, "\(missing.stderr)")
        #expect(missing.stderr.contains("sounds/music.wav, which is missing or unreadable here"), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.folder.appendingPathComponent("joined.mp4").path))
    }

    /// A recording whose sound starts 0.5 s after its picture: as a track, the tone sounds from
    /// 0.5 s to 1.5 s of the video, not from its start.
    @Test func aRecordingWhoseSoundStartsLateKeepsItsOffset() throws {
        try fixture.ffmpeg([
            "-f", "lavfi", "-i", "testsrc2=size=64x48:rate=30:duration=2", "-itsoffset", "0.5", "-f", "lavfi", "-i",
            "sine=frequency=500:sample_rate=48000:duration=1", "-c:v", "libx264", "-c:a", "pcm_s16le",
            "sounds/late.mov",
        ])
        try sounds()
        try pipeline(formats: #"["mov"]"#)
        let text = try String(contentsOf: fixture.folder.appendingPathComponent("p.json"), encoding: .utf8)
            .replacingOccurrences(
                of: #"{ "file": "sounds/music.wav", "volume": 0.5, "fadeIn": 0.25, "fadeOut": 0.5 }"#,
                with: #""sounds/late.mov""#
            ).replacingOccurrences(of: #", "volume": 0.8"#, with: #", "volume": 0"#)
        try text.write(to: fixture.folder.appendingPathComponent("p.json"), atomically: true, encoding: .utf8)
        let result = try run(["--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        let pcm = try samples("out/p.mov")
        let loud = stride(from: 0, to: pcm.count, by: 2).filter { abs(pcm[$0]) > 0.05 }.map { Double($0 / 2) / 48_000 }
        #expect(abs((loud.first ?? -1) - 0.5) < 0.005, "the tone starts at \(loud.first ?? -1) s")
        #expect(abs((loud.last ?? -1) - 1.5) < 0.005, "the tone ends at \(loud.last ?? -1) s")
    }

    @Test func webmCarriesOpusAndMOVCarriesPCM() throws {
        try sounds()
        try pipeline(formats: #"["webm", "mov"]"#)
        let result = try run([])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try codecs("out/p.webm") == ["vp9", "opus"])
        #expect(try codecs("out/p.mov") == ["prores", "pcm_s24le"])
        let pcm = try samples("out/p.mov")
        #expect(pcm.count == 2 * 96_000)
    }

    @Test func formatsWithoutSoundSaySoOnce() throws {
        try sounds()
        try pipeline(formats: #"["png", "gif", "mp4"]"#)
        let result = try run([])
        #expect(result.status == 0, "\(result.stderr)")
        let note = "the sound is left out of png and gif"
        #expect(result.stderr.components(separatedBy: note).count == 2, "\(result.stderr)")
        #expect(try codecs("out/p.mp4") == ["h264", "aac"])
    }

    /// A clip whose sound has a burst at clip time 1 s: with `start` 0.5 it sounds at 1.5 s of
    /// the video, and at speed 2 at 0.5 s.
    @Test(arguments: [
        (#"{"file": "clips/s.mp4", "audio": true, "start": 0.5}"#, 1.5),
        (#"{"file": "clips/s.mp4", "audio": true, "speed": 2}"#, 0.5),
    ])
    func aClipsOwnSoundFollowsItsTiming(video: String, burst: Double) throws {
        try fixture.ffmpeg([
            "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30", "-f", "lavfi", "-i",
            "aevalsrc=if(between(t\\,1\\,1.2)\\,0.5*sin(2*PI*1000*t)\\,0):s=48000:d=2",
            "-t", "2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "pcm_s16le", "clips/s.mov",
        ])
        try fixture.ffmpeg(["-i", "clips/s.mov", "-c:v", "copy", "-c:a", "aac", "-b:a", "256k", "clips/s.mp4"])
        try fixture.pipeline(#""video": \#(video)"#)
        let result = try fixture.render(["--format", "mov"])
        #expect(result.status == 0, "\(result.stderr)")
        let pcm = try samples("out/p.mov")
        // The first stereo sample louder than -30 dB.
        let first = stride(from: 0, to: pcm.count, by: 2).first { abs(pcm[$0]) > 0.03 }
        let onset = first.map { Double($0 / 2) / 48_000 } ?? -1
        // atempo's overlapping windows soften an onset by a few milliseconds: within a frame.
        #expect(abs(onset - burst) < 1.0 / 30, "the burst sounds at \(onset) s")
    }

    @Test func aSoundThatCannotBeDecodedStopsTheRunBeforeAFrame() throws {
        try sounds()
        try pipeline()
        try Data("not a sound".utf8).write(to: fixture.folder.appendingPathComponent("sounds/music.wav"))
        let result = try run([])
        #expect(result.status == 1)
        #expect(result.stderr.contains("audio track 1"), "\(result.stderr)")
        #expect(result.stderr.contains("sounds/music.wav"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.folder.appendingPathComponent("out").path))
        let validate = try CLI.run(["validate", "p.json"], in: fixture.folder)
        #expect(validate.status == 1)
        #expect(validate.stderr.contains("sounds/music.wav"), "\(validate.stderr)")
    }

    @Test func fromPastTheSoundsEnd() throws {
        try sounds()
        try pipeline()
        let text = try String(contentsOf: fixture.folder.appendingPathComponent("p.json"), encoding: .utf8)
            .replacingOccurrences(of: #""volume": 0.5, "fadeIn""#, with: #""from": 4, "volume": 0.5, "fadeIn""#)
        try text.write(to: fixture.folder.appendingPathComponent("p.json"), atomically: true, encoding: .utf8)
        let result = try run([])
        #expect(result.status == 1)
        #expect(result.stderr.contains("from 4 s lies outside"), "\(result.stderr)")
        #expect(result.stderr.contains("at most 2.999 s"), "\(result.stderr)")
    }

    @Test func aSilentClipAskedForItsSound() throws {
        try fixture.standardClip()
        try fixture.pipeline(#""video": {"file": "clips/a.mp4", "audio": true}"#)
        let result = try fixture.render(["--format", "mp4"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("clips/a.mp4 has no sound"), "\(result.stderr)")
        #expect(result.stderr.contains("layer \"clip\""), "\(result.stderr)")
    }

    @Test func resumeRefusesAChangedSound() throws {
        try sounds()
        try pipeline()
        #expect(try run([]).status == 0)
        try fixture.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=220:sample_rate=44100:duration=3", "sounds/music.wav"])
        let result = try run(["--resume"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("sounds/music.wav changed"), "\(result.stderr)")
    }
}

extension SoundTests {
    /// SIGTERM after the last frame, while ffmpeg finishes the video and its sound: pipeline says at
    /// once that it heard, the video is finished first, and neither a hidden file, nor the sound's
    /// raw samples, nor an ffmpeg is left behind. The ffmpeg run is a wrapper that, once the real one has written the video,
    /// says so in a file and waits for the test before it exits: the stop arrives in that moment
    /// however fast or slow the machine.
    @Test func aStopWhileTheVideoIsFinishedWaitsForIt() throws {
        let folder = fixture.folder
        try fixture.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=2", "tone.wav"])
        let text = """
            { "version": 1, "canvas": { "width": 32, "height": 32, "fps": 10, "duration": 3 },
              "layers": [ { "name": "card", "fill": "#ff8000" } ],
              "audio": [ { "file": "tone.wav", "loop": true } ],
              "output": { "dir": "out", "formats": ["mp4"] } }
            """
        try text.write(to: folder.appendingPathComponent("long.json"), atomically: true, encoding: .utf8)
        let real = try CLI.runProgram("/usr/bin/env", ["sh", "-c", "command -v ffmpeg"]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(!real.isEmpty, "no ffmpeg on PATH")
        let wrapper = folder.appendingPathComponent("ffmpeg-holding")
        let script = """
            #!/bin/sh
            "\(real)" "$@"
            status=$?
            case "$*" in *rawvideo*)
                : > "\(folder.path)/finishing"
                while [ ! -e "\(folder.path)/go" ]; do sleep 0.02; done ;;
            esac
            exit $status
            """
        try script.write(to: wrapper, atomically: true, encoding: .utf8)
        chmod(wrapper.path, 0o755)
        let temporary = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.executable)
        process.arguments = ["run", "long.json"]
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["PIPELINE_FFMPEG": wrapper.path, "TMPDIR": temporary.path]) { $1 }
        let log = folder.appendingPathComponent("stderr.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        // Neither the render nor the wrapper is left waiting by a failed expectation.
        defer {
            _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("go").path, contents: nil)
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        let finishing = folder.appendingPathComponent("finishing").path
        while !FileManager.default.fileExists(atPath: finishing), process.isRunning { usleep(20_000) }
        try #require(FileManager.default.fileExists(atPath: finishing), "ffmpeg never finished the video")
        let encoder = Self.child(of: process.processIdentifier, running: "rawvideo")
        kill(process.processIdentifier, SIGTERM)
        // ffmpeg ends once pipeline has said it heard the stop (or, failing that, after a minute,
        // which no signal takes to be handled).
        var heard = false
        let deadline = Date().addingTimeInterval(60)
        while !heard, process.isRunning, Date() < deadline {
            heard = (try? String(contentsOf: log, encoding: .utf8))?.contains("ask again to stop at once") == true
            if !heard { usleep(20_000) }
        }
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("go").path, contents: nil)
        #expect(heard, "pipeline did not say at once that it heard the stop")
        process.waitUntilExit()
        let stderr = try String(contentsOf: log, encoding: .utf8)
        #expect(process.terminationReason == .exit && process.terminationStatus == 0, "\(stderr)")
        #expect(stderr.contains("they were finished first"), "\(stderr)")
        if let encoder { #expect(kill(encoder, 0) != 0, "the ffmpeg outlived pipeline") }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path)
        #expect(names.filter { !$0.hasPrefix(".pipeline-run") } == ["long.mp4"], "\(names)")
        #expect(try codecs("out/long.mp4") == ["h264", "aac"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
    }

    /// A child of `parent` whose command line contains `argument`.
    private static func child(of parent: Int32, running argument: String) -> Int32? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = Int32(entry),
                let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, Int32(fields[1]) == parent,
                let line = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline")),
                String(decoding: line, as: UTF8.self).contains(argument)
            else { continue }
            return pid
        }
        return nil
    }
}
