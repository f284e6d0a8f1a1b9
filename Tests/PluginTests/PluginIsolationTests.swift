import CommandTestSupport
import Foundation
import Testing

/// `run --isolate`: plugin code runs in child processes, so a plugin that crashes, hangs or
/// exits fails its step with a message naming it, the step and the frame; the frames before
/// it stay complete and pipeline exits with status 2, never by a signal.
@Suite final class PluginIsolationTests {
    @Test func aCrashAtFrame30KeepsFrames0To29() throws {
        let fixture = try CrashingPluginFixture(misbehave: CrashingPluginFixture.segfault)
        defer { fixture.remove() }
        // Four threads: frames 28–31 render together, and 31 may finish before 30 crashes.
        let run = try fixture.run(["--isolate", "--threads", "4", "--format", "png,mp4"])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(!run.crashed)
        #expect(
            run.stderr.contains(
                #"error: plugin \#(fixture.plugin.path) (id \#(CrashingPluginFixture.pluginID)): animator "crasher" crashed with SIGSEGV at frame 30 (timeline[0])"#
            ),
            "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "frames 0–29 are complete; frame 30 and later were not written; unfinished videos were removed"),
            "\(run.stderr)")
        #expect(try fixture.frameFiles() == (0..<30).map { String(format: "frame_%04d.png", $0) })
        for index in 0..<30 {
            let image = try RGBAImage.read(fixture.frame(index))
            #expect(image.width == 48 && image.height == 32)
        }
    }

    @Test func aStillWithIsolateNamesTheFrame() throws {
        let fixture = try CrashingPluginFixture(misbehave: CrashingPluginFixture.segfault)
        defer { fixture.remove() }
        let still = try CLI.run(
            ["frame", "pipeline.json", "--at", "3.0", "-o", "still.png", "--isolate"], in: fixture.folder,
            environment: ["PIPELINE_CACHE_DIR": fixture.folder.appendingPathComponent("cache").path])
        #expect(still.status == 2, "\(still.stderr)")
        #expect(!still.crashed)
        #expect(
            still.stderr.contains(#"animator "crasher" crashed with SIGSEGV at frame 30 (timeline[0])"#),
            "\(still.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.folder.appendingPathComponent("still.png").path))
    }

    @Test func aHangFailsAfterTheCallLimit() throws {
        let fixture = try CrashingPluginFixture(misbehave: "for (;;) pause();")
        defer { fixture.remove() }
        let run = try fixture.run(["--isolate"], environment: ["PIPELINE_CALL_TIMEOUT": "1"])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(!run.crashed)
        #expect(
            run.stderr.contains(
                #"animator "crasher" did not return within 1 s (the limit is PIPELINE_CALL_TIMEOUT) at frame 30 (timeline[0])"#
            ),
            "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: fixture.frame(29).path))
        #expect(!FileManager.default.fileExists(atPath: fixture.frame(30).path))
    }

    @Test func anExitFailsTheStep() throws {
        let fixture = try CrashingPluginFixture(misbehave: "exit(7);")
        defer { fixture.remove() }
        let run = try fixture.run(["--isolate", "--threads", "2"])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(
            run.stderr.contains(#"animator "crasher" exited with status 7 at frame 30 (timeline[0])"#), "\(run.stderr)")
        #expect(try fixture.frameFiles().count == 30)
    }

    /// An animator, a plugin timing curve (back-out) and a mixer, rendered in child processes:
    /// the same bytes as in this process, whatever the thread count.
    @Test func isolatedFramesAreTheSameBytes() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PluginFixtures.write(
            """
            { "version": 1,
              "canvas": { "width": 64, "height": 48, "fps": 20, "duration": 1, "background": "#202030" },
              "layers": [
                { "name": "from", "fill": { "gradient": { "colors": ["#3366ff", "#ff3366"], "start": [0, 0], "end": [1, 1] } } },
                { "name": "to", "fill": "#20c080" },
                { "name": "card", "fill": "#ff9500", "frame": [6, 6, 24, 16], "cornerRadius": 4 }
              ],
              "timeline": [
                { "mixer": "noise-dissolve", "from": "from", "to": "to", "duration": 1 },
                { "animator": "move-and-scale", "target": "card", "duration": 1,
                  "timing": { "curve": "back-out", "args": [1.4] }, "params": { "to": [30, 26, 30, 18] } }
              ]
            }
            """, to: "mixed.json", in: folder)
        let render = { (name: String, extra: [String]) throws -> URL in
            let out = folder.appendingPathComponent(name)
            let result = try CLI.run(
                ["run", "mixed.json", "--out", out.path, "--format", "png", "--quiet"] + extra, in: folder)
            #expect(result.status == 0, "\(name): \(result.stderr)")
            return out
        }
        let reference = try render("in-process", ["--threads", "2"])
        let names = try SmallPipeline.contents(of: reference)
        #expect(names == SmallPipeline.frameNames(20))
        for threads in [1, 3] {
            let isolated = try render("isolated-\(threads)", ["--isolate", "--threads", String(threads)])
            #expect(try SmallPipeline.contents(of: isolated) == names)
            for name in names {
                #expect(
                    try Data(contentsOf: isolated.appendingPathComponent(name))
                        == Data(contentsOf: reference.appendingPathComponent(name)),
                    "\(threads) threads: \(name)")
            }
        }
    }

    @Test func aCrashingMixerFailsItsStep() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plugin = folder.appendingPathComponent("plugins/shatter.so")
        try PluginFixtures.compile(Self.crashingMixer, to: plugin)
        try PluginFixtures.write(
            """
            { "version": 1,
              "canvas": { "width": 32, "height": 32, "fps": 10, "duration": 1 },
              "layers": [ { "name": "a", "fill": "#ff0000" }, { "name": "b", "fill": "#0000ff" } ],
              "timeline": [ { "mixer": "shatter", "from": "a", "to": "b", "duration": 1, "timing": "linear" } ],
              "output": { "dir": "out", "formats": ["png"] }
            }
            """, to: "pipeline.json", in: folder)
        let run = try CLI.run(
            ["run", "pipeline.json", "--isolate"], in: folder,
            environment: ["PIPELINE_CACHE_DIR": folder.appendingPathComponent("cache").path])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(!run.crashed)
        #expect(
            run.stderr.contains(
                #"plugin \#(plugin.path) (id org.example.shatter): mixer "shatter" crashed with SIGABRT at frame 4 (timeline[0])"#
            ),
            "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/frame_0003.png").path))
    }

    /// A mixer that copies `to` until progress passes 0.35 (frame 4 of 10), then aborts.
    static let crashingMixer = """
        #include "animator.h"
        #include <stdlib.h>
        #include <string.h>

        static bool shatter_mix(const anim_mix_args_t *args, char *error, uint32_t error_size) {
            (void)error, (void)error_size;
            if (args->progress > 0.35) abort();
            for (uint32_t row = args->row_begin; row < args->row_end; row++)
                memcpy(args->out->pixels + row * args->out->stride, args->to->pixels + row * args->to->stride, args->out->width * 4u);
            return true;
        }

        static const anim_mixer_desc_t shatter = {
            .struct_size = sizeof(anim_mixer_desc_t), .name = "shatter", .version = "1.0.0",
            .doc = "Aborts part way", .mix = shatter_mix,
        };

        static bool shatter_init(const anim_host_t *host) { return host->register_mixer(host, &shatter); }

        ANIM_EXPORT const anim_entry_t ANIM_ENTRY = {
            ANIM_ABI_MAJOR, ANIM_ABI_MINOR, sizeof(anim_entry_t), 0, "org.example.shatter", "1.0.0", "A test fixture",
            shatter_init, NULL,
        };
        """
}
