import CommandTestSupport
import Foundation
import Testing

/// Playing in the studio follows the sound's clock: every frame the viewer paints, read back
/// from the number burned into its pixels (not from the page's own read-out), is the frame of
/// the sound's time when it is painted. A frame that is not ready by its time is skipped, never
/// shown late, so this holds however fast the machine is. How many frames a second a machine
/// paints is measured by `scripts/bench-footage --rows studio`, not here.
@Suite(
    "playing in the studio",
    .enabled(
        if: StudioBrowser.available,
        "chromium, chromium-driver or python3-selenium is not installed: scripts/install-deps --test"))
struct StudioPlaybackTests {
    /// What `studio.py paint` reports: each change of the number in the viewer's pixels.
    struct Report: Decodable {
        struct Action: Decodable {
            struct Painted: Decodable {
                struct Frame: Decodable {
                    let number: Int
                    let sound: Double
                    let playing: Bool
                    let at: Double
                    let width: Int
                }

                let frames: [Frame]
                let fps: Double
                let note: String
            }

            let painted: Painted?
        }

        let actions: [Action]
        let errors: [String]
    }

    /// Three 720p30 clips, each 2.5 s, one after another, the second hue-rotated, over a tone:
    /// frame i of the render carries i in its top ninth, as 16 blocks across, block k white
    /// when bit k is set (hue-rotate keeps white and black as they are).
    /// With `slow`, an animator plugin that takes 80 ms over every frame moves the badge: no
    /// machine makes more than 12 frames a second of it.
    static func playbackStudio(slow: Bool = false) throws -> StudioBrowserTests.Studio {
        try StudioBrowserTests.Studio(
            """
            {
              "version": 1,
              "canvas": { "width": 1280, "height": 720, "fps": 30, "duration": 7.5 },
              "layers": [
                { "name": "a", "video": "clip0.mp4" },
                { "name": "b", "video": { "file": "clip1.mp4", "start": 2.5, "before": "hide" },
                  "filters": [ { "effect": "hue-rotate", "params": { "angle": 90 } } ] },
                { "name": "c", "video": { "file": "clip2.mp4", "start": 5, "before": "hide" } },
                { "name": "badge", "frame": [1100, 600, 120, 60], "fill": "#ff8800", "opacity": 0 }
              ],
              "timeline": [
                { "animate": "opacity", "target": "badge", "from": 0, "to": 1, "start": 1, "duration": 1 }
                \(slow ? #", { "animator": "slow-nudge", "target": "badge", "duration": 7.5 }"# : "")
              ],
              "audio": [ { "file": "tone.wav" } ]
            }

            """, name: "playback.json"
        ) { folder in
            if slow { try PluginFixtures.compile(slowNudge, to: folder.appendingPathComponent("plugins/slow.so")) }
            for clip in 0..<3 {
                let bits = "255*mod(floor((N+\(clip * 75))/pow(2,floor(X/80))),2)"
                try ffmpeg(
                    [
                        "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30:duration=2.5", "-vf",
                        "geq=lum='if(lt(Y,80),\(bits),lum(X,Y))':cb='if(lt(Y,80),128,cb(X,Y))':cr='if(lt(Y,80),128,cr(X,Y))'",
                        "-c:v", "libx264", "-preset", "ultrafast", "-g", "30", "-pix_fmt", "yuv420p", "clip\(clip).mp4",
                    ], in: folder)
            }
            try ffmpeg(
                ["-f", "lavfi", "-i", "sine=frequency=440:duration=7.5", "-ar", "48000", "tone.wav"], in: folder)
        }
    }

    static let slowNudge = """
        #define _POSIX_C_SOURCE 200809L
        #include "animator.h"
        #include <time.h>

        static bool nudge_apply(const anim_apply_args_t *args, anim_layer_t *target, char *error, uint32_t size) {
            (void)error, (void)size;
            struct timespec pause = {0, 80000000};
            nanosleep(&pause, NULL);
            target->translation.x -= 10 * args->progress;
            return true;
        }

        static const anim_animator_desc_t nudge = {
            .struct_size = sizeof(anim_animator_desc_t), .name = "slow-nudge", .version = "1.0.0",
            .doc = "Moves the layer left, slowly", .apply = nudge_apply,
        };

        static bool nudge_init(const anim_host_t *host) { return host->register_animator(host, &nudge); }

        ANIM_EXPORT const anim_entry_t ANIM_ENTRY = {
            ANIM_ABI_MAJOR, ANIM_ABI_MINOR, sizeof(anim_entry_t), 0, "org.example.slow-nudge", "1.0.0",
            "A slow animator", nudge_init, NULL,
        };
        """

    static func ffmpeg(_ arguments: [String], in folder: URL) throws {
        let result = try CLI.runProgram("/usr/bin/env", ["ffmpeg", "-v", "error", "-y"] + arguments, in: folder)
        try #require(result.status == 0, "ffmpeg \(arguments): \(result.stderr)")
    }

    @Test("each frame the viewer paints while the sound plays is the frame of the sound's time")
    func paintedFramesFollowTheSound() throws {
        let studio = try Self.playbackStudio()
        defer { studio.stop() }
        // Five seconds at 30 frames a second. A machine loaded past its cores paints fewer, so the
        // page plays again until 30 frames were painted while the sound played: the verdict rests
        // on as many frames however busy the machine is.
        var heardInAll = 0
        var late: [String] = []
        var plays = 0
        while heardInAll < 30 && plays < 10 {
            plays += 1
            let run = try StudioBrowser.run(studio.server.url, [["paint", "5"]], reportedAs: Report.self)
            #expect(run.errors.isEmpty, "\(run.errors)")
            let painted = try #require(run.actions.first?.painted)
            late += Self.lateFrames(painted)
            heardInAll += painted.frames.filter(\.playing).count
        }
        #expect(heardInAll >= 30, "\(heardInAll) frames painted while the sound played, in \(plays) plays")
        #expect(late.count * 10 <= heardInAll, "\(late.count) of \(heardInAll) out of step: \(late)")
    }

    /// The frames one play painted while the sound played that were read out of step, described;
    /// each within a quarter of a second of the sound's time, forwards only, at full scale unless
    /// the page said it dropped to a draft.
    static func lateFrames(_ painted: Report.Action.Painted) -> [String] {
        let heard = painted.frames.filter(\.playing)
        // In step: the sound within the frame's span [n, n + 1) / fps widened by a frame either
        // side. The page reads the sound's time and shows the frame, and the reading here follows
        // in the same animation frame, but a machine loaded past its cores may stop the browser
        // between the two for longer than a frame: one frame in ten may be read late, none by a
        // quarter of a second. (A page that shows late frames, or follows another clock, has most
        // of its frames out of step.)
        let period = 1 / painted.fps
        let late = heard.filter { frame in
            let start = Double(frame.number) * period
            return frame.sound < start - period || frame.sound > start + 2 * period
        }
        let described = late.map { "frame \($0.number) (\(Double($0.number) * period) s) at \($0.sound) s" }
        #expect(
            heard.allSatisfy { abs($0.sound - (Double($0.number) + 0.5) * period) < 0.25 },
            "a frame a quarter of a second out of step: \(described)")
        // Forwards only: no frame painted after a later one (the render is longer than the play).
        let numbers = heard.map(\.number)
        #expect(numbers == numbers.sorted(), "\(numbers)")
        // Full scale, unless the page said it dropped to a draft.
        if painted.note.isEmpty {
            #expect(heard.allSatisfy { $0.width == 1280 }, "\(heard.map(\.width))")
        } else {
            #expect(painted.note.contains("% scale"), "\(painted.note)")
        }
        return described
    }

    @Test(
        "frames that cannot be made in time are played at a draft scale, said on the page, still on the sound's clock")
    func slowFramesDropToADraftScale() throws {
        let studio = try Self.playbackStudio(slow: true)
        defer { studio.stop() }
        let run = try StudioBrowser.run(studio.server.url, [["paint", "6"]], reportedAs: Report.self)
        #expect(run.errors.isEmpty, "\(run.errors)")
        let painted = try #require(run.actions.first?.painted)
        #expect(painted.note.contains("% scale"), "the page said: \(painted.note)")
        let heard = painted.frames.filter(\.playing)
        #expect(heard.contains { $0.width < 1280 }, "\(heard.map(\.width))")
        // On the sound's clock as in `lateFrames`, with the slack a machine busy with the slow render
        // itself needs (it loads the browser that reads the frames): up to a quarter of the
        // frames may be read late, none a quarter of a second out of step. A page on another
        // clock has most of its frames out of step.
        let period = 1 / painted.fps
        let late = heard.filter { frame in
            let start = Double(frame.number) * period
            return frame.sound < start - period || frame.sound > start + 2 * period
        }
        #expect(late.count * 4 <= heard.count, "\(late.count) of \(heard.count) out of step: \(late)")
        #expect(
            heard.allSatisfy { abs($0.sound - (Double($0.number) + 0.5) * period) < 0.25 },
            "a frame a quarter of a second out of step: \(late)")
    }

    /// A long play keeps a window of frames, not every frame it fetched: app-preview is 270
    /// frames at 60 fps, and six seconds of playing go round it more than once.
    @Test("playing keeps at most 240 frames, those near the playhead")
    func playingKeepsAWindowOfFrames() throws {
        let studio = try StudioBrowserTests.Studio(example: "app-preview")
        defer { studio.stop() }
        let run = try StudioBrowser.run(studio.server.url, [["play", "6"]])
        #expect(run.errors.isEmpty, "\(run.errors)")
        let playing = try #require(run.actions.first?.playing)
        #expect(playing.framesKept > 0 && playing.framesKept <= 240, "\(playing.framesKept) frames kept")
    }
}
