import CommandTestSupport
import Foundation
import Testing

/// A plugin value the renderer cannot draw (NaN, an infinity, a negative size, opacity outside
/// 0...1, a curve returning NaN) is replaced by the property's value before the step, reported
/// once per step and property, and the render finishes with every file written and exit 2.
@Suite struct ValueSubstitutionTests {
    /// A plugin with a good animator, "shove" (moves the layer 20 px right), and animators that
    /// shove too but also write something unusable, from frame `from` on.
    private static func plugin(badFrom from: Double = 0) -> String {
        let animator = { (name: String, extra: String) in
            """
            static bool \(name.replacingOccurrences(of: "-", with: "_"))(const anim_apply_args_t *args, anim_layer_t *target, char *error, uint32_t size) {
                (void)error, (void)size;
                target->translation.x += 20 * args->progress;
                if (args->time >= \(from)) { \(extra) }
                return true;
            }
            static const anim_animator_desc_t \(name.replacingOccurrences(of: "-", with: "_"))_desc = {
                .struct_size = sizeof(anim_animator_desc_t), .name = "\(name)", .version = "1.0.0", .doc = "Shoves",
                .apply = \(name.replacingOccurrences(of: "-", with: "_")),
            };
            """
        }
        return """
            #include "animator.h"
            \(animator("shove", ""))
            \(animator("shove-nan", "target->opacity = 0.0 / 0.0; target->frame.width = -5;"))
            \(animator("shove-inf", "target->translation.y = -1.0 / 0.0;"))
            static double always_nan(double t) { return t - t + 0.0 / 0.0; }
            static const anim_curve_desc_t nan_curve = {
                .struct_size = sizeof(anim_curve_desc_t), .name = "nan-curve", .doc = "NaN", .signature = "d(d)",
                .function = (anim_function_t)always_nan,
            };
            static bool init(const anim_host_t *host) {
                return host->register_animator(host, &shove_desc) && host->register_animator(host, &shove_nan_desc)
                    && host->register_animator(host, &shove_inf_desc) && host->register_curve(host, &nan_curve);
            }
            ANIM_EXPORT const anim_entry_t ANIM_ENTRY = {
                ANIM_ABI_MAJOR, ANIM_ABI_MINOR, sizeof(anim_entry_t), 0, "org.example.shover", "1.0.0", "Shoves", init, NULL,
            };
            """
    }

    /// A fade to 0.5 on the box, then `animator` over the same span; `frames` at 10 fps.
    private static func pipeline(_ animator: String, timing: String = "linear", frames: Int = 5) -> String {
        """
        { "version": 1,
          "canvas": { "width": 64, "height": 64, "fps": 10, "duration": \(Double(frames) / 10), "background": "#000000" },
          "layers": [ { "name": "box", "fill": "#ff0000", "frame": [8, 8, 16, 16] } ],
          "timeline": [
            { "animator": "fade", "target": "box", "start": 0, "duration": \(Double(frames) / 10), "params": { "to": 0.5 } },
            { "animator": "\(animator)", "target": "box", "start": 0, "duration": \(Double(frames) / 10), "timing": "\(timing)" }
          ],
          "output": { "dir": "out-\(animator)-\(timing)", "formats": ["png"] }
        }
        """
    }

    private struct Workspace {
        let folder: URL
        init(badFrom: Double = 0) throws {
            folder = try CLI.temporaryDirectory()
            try PluginFixtures.compile(
                ValueSubstitutionTests.plugin(badFrom: badFrom), to: folder.appendingPathComponent("plugins/shover.so"))
        }
        func run(_ animator: String, timing: String = "linear", frames: Int = 5, threads: Int = 2) throws -> CLI.Result
        {
            try PluginFixtures.write(
                ValueSubstitutionTests.pipeline(animator, timing: timing, frames: frames),
                to: "\(animator)-\(timing).json", in: folder)
            let result = try CLI.run(
                ["run", "\(animator)-\(timing).json", "--threads", "\(threads)", "--plugins", "plugins"], in: folder,
                environment: ["PIPELINE_CACHE_DIR": CLI.sharedCache])
            #expect(!result.crashed, "\(result.stderr)")
            return result
        }
        func frame(_ animator: String, timing: String = "linear", _ index: Int) throws -> RGBAImage {
            try RGBAImage.read(
                folder.appendingPathComponent(String(format: "out-\(animator)-\(timing)/frame_%04d.png", index)))
        }
        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    @Test func badPropertiesKeepTheirValueBeforeTheStepAndGoodOnesApply() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let good = try workspace.run("shove")
        #expect(good.status == 0, "\(good.stderr)")
        let bad = try workspace.run("shove-nan")
        #expect(bad.status == 2, "\(bad.stderr)")
        for index in 0..<5 {
            // Opacity is the fade's (before the step), the width the pipeline's, the shove applies.
            let (expected, actual) = (try workspace.frame("shove", index), try workspace.frame("shove-nan", index))
            #expect(
                actual.differences(from: expected, tolerance: 0).count == 0,
                "frame \(index) differs from the render without bad values")
        }
        // At the last frame (progress 0.8) the fade is at opacity 0.6 and the shove at 16 px: the box is at x = 24.
        let last = try workspace.frame("shove-nan", 4)
        #expect(last.bounds(differingFrom: { _, _ in Pixel(0, 0, 0) }, by: 10) == [24, 8, 16, 16])
        #expect(last[30, 14].distance(to: Pixel(153, 0, 0)) <= 8, "\(last[30, 14])")
    }

    @Test func eachStepAndPropertyIsReportedOnceAcrossFramesAndThreads() throws {
        let workspace = try Workspace(badFrom: 0.75)
        defer { workspace.remove() }
        let result = try workspace.run("shove-nan", frames: 40, threads: 4)
        #expect(result.status == 2)
        let opacity = PluginFixtures.lines(result.stderr, mentioning: "wrote opacity")
        #expect(
            opacity == [
                #"warning: plugin shover.so: animator "shove-nan" (timeline[1]) wrote opacity = nan at frame 8 (and 31 later frames); the value before the step was drawn instead"#
            ],
            "\(result.stderr)")
        let width = PluginFixtures.lines(result.stderr, mentioning: "wrote frame.width")
        #expect(
            width == [
                #"warning: plugin shover.so: animator "shove-nan" (timeline[1]) wrote frame.width = -5.0 at frame 8 (and 31 later frames); the value before the step was drawn instead"#
            ],
            "\(result.stderr)")
        // The same report whatever the thread count: it does not depend on which frame rendered first.
        let serial = try workspace.run("shove-nan", frames: 40, threads: 1)
        #expect(
            PluginFixtures.lines(serial.stderr, mentioning: "warning:")
                == PluginFixtures.lines(result.stderr, mentioning: "warning:"))
    }

    @Test func theRenderFinishesWritesEveryFileAndExitsTwo() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try workspace.run("shove-inf")
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                #"animator "shove-inf" (timeline[1]) wrote translation.y = -inf at frame 0 (and 4 later frames)"#),
            "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(
            lines.last
                == "error: the outputs were written with substituted values for what plugins got wrong (see the warnings above)",
            "\(result.stderr)")
        #expect(lines.contains { $0.hasPrefix("wrote ") && $0.contains("out-shove-inf-linear") }, "\(result.stderr)")
        for index in 0..<5 { _ = try workspace.frame("shove-inf", index) }
    }

    @Test func aCurveReturningNaNFallsBackToLinearProgress() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        #expect(try workspace.run("shove").status == 0)
        let result = try workspace.run("shove", timing: "nan-curve")
        #expect(result.status == 2)
        let reports = PluginFixtures.lines(result.stderr, mentioning: "timing curve")
        #expect(
            reports == [
                #"warning: plugin shover.so: timing curve "nan-curve" (timeline[1]) returned nan at frame 0 (and 4 later frames); the step's linear progress was used instead"#
            ],
            "\(result.stderr)")
        for index in 0..<5 {
            let (expected, actual) = (
                try workspace.frame("shove", index), try workspace.frame("shove", timing: "nan-curve", index)
            )
            #expect(
                actual.differences(from: expected, tolerance: 0).count == 0,
                "frame \(index) differs from the linear render")
        }
    }

    @Test(arguments: [
        (["frame", "still.json", "--at", "0.2", "-o", "still.png"], "at frame 2;"),
        (["sheet", "still.json", "--times", "0.1,0.3", "-o", "still.png"], "at frame 1 (and 1 later frame);"),
    ])
    func stillsAndSheetsWithSubstitutedValuesAreWrittenAndExitTwo(arguments: [String], firstSeen: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try PluginFixtures.write(Self.pipeline("shove-nan"), to: "still.json", in: workspace.folder)
        let result = try CLI.run(
            arguments + ["--plugins", "plugins"], in: workspace.folder,
            environment: ["PIPELINE_CACHE_DIR": CLI.sharedCache])
        #expect(!result.crashed)
        #expect(result.status == 2)
        #expect(result.stderr.contains("wrote opacity = nan \(firstSeen)"), "\(result.stderr)")
        #expect(result.stderr.contains("substituted values"))
        _ = try RGBAImage.read(workspace.folder.appendingPathComponent("still.png"))
    }
}
