import CommandTestSupport
import Foundation
import Testing

/// The Rust bindings in `bindings/rust`: their layout test against `animator.h` passes, and a
/// plugin written with them builds with cargo alone, loads, and animates a layer as a C one does.
@Suite struct RustPluginTests {
    static let bindings = CLI.repositoryRoot.appendingPathComponent("bindings/rust")

    /// Where cargo is: `$CARGO`, the `PATH`, or rustup's default `~/.cargo/bin`. Records an issue
    /// when there is none, so a machine without cargo does not pass these tests silently.
    static func cargo() -> String? {
        let environment = ProcessInfo.processInfo.environment
        var candidates = [environment["CARGO"]].compactMap { $0 }
        candidates += (environment["PATH"] ?? "").split(separator: ":").map { "\($0)/cargo" }
        candidates.append(FileManager.default.homeDirectoryForCurrentUser.path + "/.cargo/bin/cargo")
        if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) { return found }
        Issue.record(
            "cargo is not installed (looked in $CARGO, $PATH and ~/.cargo/bin): the Rust bindings are untested")
        return nil
    }

    /// Builds a plugin crate of one file, `source` as its `src/lib.rs`, depending on the bindings
    /// by path, with cargo offline in `folder`; returns the folder `NAME.so` was copied into.
    static func buildCrate(named name: String, source: String, cargo: String, in folder: URL) throws -> URL {
        let project = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("src"), withIntermediateDirectories: true)
        try PluginFixtures.write(
            """
            [package]
            name = "\(name)"
            version = "0.1.0"
            edition = "2021"

            [lib]
            crate-type = ["cdylib"]

            [dependencies]
            pipeline-animator = { path = "\(bindings.path)" }
            """, to: "Cargo.toml", in: project)
        try PluginFixtures.write(source, to: "src/lib.rs", in: project)
        let target = folder.appendingPathComponent("target")
        let built = try runCargo(cargo, ["build", "--offline", "--release"], in: project, target: target)
        try #require(built.status == 0, "cargo build failed:\n\(built.stderr)")
        let plugins = folder.appendingPathComponent("plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: target.appendingPathComponent("release/lib\(name).so"), to: plugins.appendingPathComponent("\(name).so")
        )
        return plugins
    }

    /// Runs `cargo arguments…` in `directory` with its build output in `target`.
    static func runCargo(_ cargo: String, _ arguments: [String], in directory: URL, target: URL) throws -> CLI.Result {
        try CLI.runProgram(cargo, arguments, in: directory, environment: ["CARGO_TARGET_DIR": target.path])
    }

    /// A white 20×20 square at x = 10 on black, moved by `step` for 0.4 s; returns row y = 20 of
    /// the frame at 0.4 s (its red channel: white and black are all the picture has).
    static func renderRow(step: String, plugins: URL, in folder: URL) throws -> (CLI.Result, [UInt8]) {
        try PluginFixtures.write(
            """
            { "version": 1, "canvas": { "width": 64, "height": 64, "fps": 10, "duration": 0.5, "background": "#000000" },
              "layers": [ { "name": "card", "frame": [10, 10, 20, 20], "fill": "#ffffff" } ],
              "timeline": [ \(step) ] }
            """, to: "nudge.json", in: folder)
        let still = try CLI.run(
            ["frame", "nudge.json", "--at", "0.4", "-o", "end.png", "--plugins", plugins.path], in: folder)
        guard still.status == 0 else { return (still, []) }
        let end = try RGBAImage.read(folder.appendingPathComponent("end.png"))
        return (still, (0..<end.width).map { UInt8(end[$0, 20].r) })
    }

    @Test func theLayoutTestAgainstTheHeaderPasses() throws {
        guard let cargo = Self.cargo() else { return }
        let target = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: target) }
        let tested = try Self.runCargo(cargo, ["test", "--offline"], in: Self.bindings, target: target)
        #expect(tested.status == 0, "cargo test failed:\n\(tested.stdout)\(tested.stderr)")
        #expect(tested.stdout.contains("test every_struct_and_field_matches_the_c_header ... ok"), "\(tested.stdout)")
    }

    @Test func theExamplePluginBuildsLoadsAndMovesALayer() throws {
        guard let cargo = Self.cargo() else { return }
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("target")
        let built = try Self.runCargo(
            cargo, ["build", "--offline", "--release", "--example", "nudge"], in: Self.bindings, target: target)
        try #require(built.status == 0, "cargo build failed:\n\(built.stderr)")
        let plugins = folder.appendingPathComponent("plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: target.appendingPathComponent("release/examples/libnudge.so"),
            to: plugins.appendingPathComponent("nudge-rs.so"))

        let listing = try CLI.run(["plugins", "--plugins", plugins.path])
        #expect(listing.status == 0, "\(listing.stderr)")
        #expect(listing.stdout.contains("nudge-rs 1.0.0 — Moves the layer right by a distance"), "\(listing.stdout)")
        #expect(listing.stdout.contains("distance: number -1000...1000 px, default 10"), "\(listing.stdout)")

        // Nudged 20 px right, at the end of its step the square's left edge is at x = 30.
        let (still, row) = try Self.renderRow(
            step: #"{ "animator": "nudge-rs", "target": "card", "duration": 0.4, "params": { "distance": 20 } }"#,
            plugins: plugins, in: folder)
        try #require(still.status == 0, "\(still.stderr)")
        #expect(row.count == 64)
        #expect(row[29] < 16, "left of the moved square is background")
        #expect(row[31] > 240, "the moved square starts at x = 30")
    }

    /// Builds `examples/shake.rs` with cargo and `examples/shake.c` with the documented build line
    /// (`-std=c11 -D_DEFAULT_SOURCE`, with `-Werror`) into `folder/plugins`, as shake-rs.so and
    /// shake.so.
    static func buildShakes(_ cargo: String, in folder: URL) throws -> URL {
        let target = folder.appendingPathComponent("target")
        let built = try Self.runCargo(
            cargo, ["build", "--offline", "--release", "--example", "shake"], in: Self.bindings, target: target)
        try #require(built.status == 0, "cargo build failed:\n\(built.stderr)")
        let plugins = folder.appendingPathComponent("plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: target.appendingPathComponent("release/examples/libshake.so"),
            to: plugins.appendingPathComponent("shake-rs.so"))
        let compiled = try CLI.runProgram(
            "/usr/bin/env",
            [
                "cc", "-std=c11", "-D_DEFAULT_SOURCE", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC",
                "-I", CLI.header, Self.bindings.appendingPathComponent("examples/shake.c").path,
                "-o", plugins.appendingPathComponent("shake.so").path, "-lm",
            ])
        try #require(compiled.status == 0, "cc failed:\n\(compiled.stderr)")
        return plugins
    }

    /// The centre of the white in `image` (the mean position of its pixels, weighted by red).
    static func centre(_ image: RGBAImage) -> (x: Double, y: Double) {
        var (sum, x, y) = (0.0, 0.0, 0.0)
        for row in 0..<image.height {
            for column in 0..<image.width {
                let weight = Double(image[column, row].r)
                (sum, x, y) = (sum + weight, x + weight * Double(column), y + weight * Double(row))
            }
        }
        return (x / sum + 0.5, y / sum + 0.5)
    }

    /// The Rust shake (`examples/shake.rs`: hertz, decay per second and an enumeration, from the
    /// step's progress and duration) and the C one (`examples/shake.c`) draw the same frames: at
    /// every time the square's centre lies within 1 px of the other's, and where the formula
    /// puts it, amplitude × e^(−decay × t) × sin(2π × frequency × t) off its rest on both axes.
    @Test func theRustShakeDrawsTheFramesOfTheCOne() throws {
        guard let cargo = Self.cargo() else { return }
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plugins = try Self.buildShakes(cargo, in: folder)

        let listing = try CLI.run(["plugins", "--plugins", plugins.path])
        #expect(listing.status == 0, "\(listing.stderr)")
        for name in ["shake", "shake-rs"] {
            #expect(
                listing.stdout.contains("\(name) 1.0.0 — Shakes the layer along an axis, dying away"),
                "\(listing.stdout)")
        }

        // A white 20×20 square centred at (32, 32) on black, shaken for 1 s from t = 0.
        func render(_ animator: String, at time: Double) throws -> RGBAImage {
            try PluginFixtures.write(
                """
                { "version": 1, "canvas": { "width": 64, "height": 64, "fps": 20, "duration": 1, "background": "#000000" },
                  "layers": [ { "name": "card", "frame": [22, 22, 20, 20], "fill": "#ffffff" } ],
                  "timeline": [ { "animator": "\(animator)", "target": "card", "duration": 1,
                                  "params": { "amplitude": 12, "frequency": 3, "decay": 1.5, "axis": "both" } } ] }
                """, to: "\(animator).json", in: folder)
            let file = "\(animator)-\(time).png"
            let still = try CLI.run(
                ["frame", "\(animator).json", "--at", "\(time)", "-o", file, "--plugins", plugins.path], in: folder)
            try #require(still.status == 0, "\(still.stderr)")
            return try RGBAImage.read(folder.appendingPathComponent(file))
        }
        for time in [0.05, 0.1, 0.2, 0.3, 0.45, 0.6, 0.8] {
            let (c, rust) = (Self.centre(try render("shake", at: time)), Self.centre(try render("shake-rs", at: time)))
            let offset = 12 * exp(-1.5 * time) * sin(2 * Double.pi * 3 * time)
            #expect(abs(c.x - rust.x) <= 1 && abs(c.y - rust.y) <= 1, "at \(time) s: C \(c), Rust \(rust)")
            #expect(abs(rust.x - (32 + offset)) <= 1, "at \(time) s the Rust shake's x \(rust.x), 32 + \(offset)")
            #expect(abs(rust.y - (32 + offset)) <= 1, "at \(time) s the Rust shake's y \(rust.y), 32 + \(offset)")
        }
    }

    /// One of each kind: an animator that reports every parameter type's value (and the step's
    /// time and duration) as its error, an animator that slides by 20 px, a mixer that shows `to`
    /// alone, a timing curve that jumps from 0 to 1 at `at`, the "about" extension and a
    /// requirement the host offers.
    static let everyKind = #"""
        use core::ffi::CStr;
        use pipeline_animator::abi::ANIM_SERVICE_LOG;
        use pipeline_animator::*;

        #[derive(Default)]
        struct Report;

        impl Animator for Report {
            const NAME: &'static CStr = c"report";
            const DOC: &'static CStr = c"Fails with the values it was given";
            const PARAMS: &'static [param::Desc] = &[
                param::integer(c"count").range(0.0, 10.0).default(3.0),
                param::boolean(c"flag"),
                param::color(c"tint").default_color([1.0, 0.5, 0.0, 1.0]),
                param::point(c"at").range(-100.0, 100.0).accepts_layer(),
                param::size(c"size").range(0.0, 100.0).default_pair([6.0, 7.0]),
                param::rect(c"box").range(-100.0, 100.0).default_rect([1.0, 2.0, 3.0, 4.0]),
                param::string(c"label").default_string(c"none"),
                param::choice(c"axis", c"x|y|both").default_string(c"x"),
                param::layer(c"other"),
            ];
            fn apply(&self, step: &Step, p: &Params, _: &mut Layer) -> Result<(), String> {
                let (c, at, size, r) = (p.color("tint"), p.point("at"), p.size("size"), p.rect("box"));
                let other = p.layer("other").map(|l| l.frame);
                Err(format!(
                    concat!(
                        "count {} flag {} tint {} {} {} {} at {} {} from {:?} size {}x{} box {} {} {} {} ",
                        "label {} axis {} {} other {:?} {:?} time {:.2} duration {}"
                    ),
                    p.integer("count"), p.boolean("flag"), c.r, c.g, c.b, c.a, at.x, at.y,
                    p.layer("at").and_then(|l| l.name()), size.width, size.height, r.x, r.y, r.width, r.height,
                    p.string("label"), p.choice("axis"), p.choice_index("axis"), p.layer_name("other"),
                    other.map(|f| (f.x, f.y, f.width, f.height)), step.time, step.duration
                ))
            }
        }

        #[derive(Default)]
        struct SlideRs;

        impl Animator for SlideRs {
            const NAME: &'static CStr = c"slide-rs";
            const DOC: &'static CStr = c"Moves the layer right by 20 px";
            fn apply(&self, step: &Step, _: &Params, layer: &mut Layer) -> Result<(), String> {
                layer.translation.x += 20.0 * step.progress;
                Ok(())
            }
        }

        #[derive(Default)]
        struct ShowTo;

        impl Mixer for ShowTo {
            const NAME: &'static CStr = c"show-to";
            const DOC: &'static CStr = c"Shows the second layer alone";
            fn mix(&self, _: &MixArgs, _: &Image, to: &Image, out: &mut RowsMut) -> Result<(), String> {
                for y in out.rows() {
                    out.row_mut(y).copy_from_slice(to.row(y));
                }
                Ok(())
            }
        }

        struct Jump;

        impl Curve for Jump {
            const NAME: &'static CStr = c"jump";
            const DOC: &'static CStr = c"0 before `at`, 1 from there on";
            const ARG_NAMES: &'static CStr = c"at";
            const ARG_DEFAULTS: Option<&'static [f64]> = Some(&[0.5]);
            fn value(t: f64, args: &[f64]) -> f64 {
                if t < args[0] { 0.0 } else { 1.0 }
            }
        }

        animator_plugin! {
            id: "org.example.every", version: "0.1.0", description: "One of every kind",
            animators: [Report, SlideRs],
            mixers: [ShowTo],
            curves: [Jump],
            requires: [(ANIM_SERVICE_LOG, 1)],
            about: about(Some(c"Ada Lovelace"), None, Some(c"MIT")),
        }
        """#

    /// The safe layer reaches everything the header has: every parameter type arrives as the
    /// pipeline wrote it (a layer's name too), with the step's time and duration; a mixer, a
    /// timing curve with an argument, the "about" extension and a requirement all work as they do
    /// from C.
    @Test func everyKindAndParameterTypeWorksThroughTheHost() throws {
        guard let cargo = Self.cargo() else { return }
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plugins = try Self.buildCrate(named: "every", source: Self.everyKind, cargo: cargo, in: folder)

        let listing = try CLI.run(["plugins", "--plugins", plugins.path])
        #expect(listing.status == 0, "\(listing.stderr)")
        for expected in ["report 1.0.0", "slide-rs 1.0.0", "show-to 1.0.0", "jump", "by Ada Lovelace; MIT"] {
            #expect(listing.stdout.contains(expected), "\(expected) in:\n\(listing.stdout)")
        }

        func render(_ timeline: String, at time: Double) throws -> (CLI.Result, RGBAImage?) {
            try PluginFixtures.write(
                """
                { "version": 1, "canvas": { "width": 64, "height": 64, "fps": 10, "duration": 1, "background": "#000000" },
                  "layers": [ { "name": "card", "frame": [10, 10, 20, 20], "fill": "#ffffff" },
                              { "name": "blue", "frame": [0, 40, 64, 24], "fill": "#0000ff" } ],
                  "timeline": [ \(timeline) ] }
                """, to: "every.json", in: folder)
            let still = try CLI.run(
                ["frame", "every.json", "--at", "\(time)", "-o", "every.png", "--plugins", plugins.path], in: folder)
            guard still.status == 0 else { return (still, nil) }
            return (still, try RGBAImage.read(folder.appendingPathComponent("every.png")))
        }

        let (reported, _) = try render(
            #"""
            { "animator": "report", "target": "card", "duration": 0.8,
              "params": { "count": 5, "flag": true, "tint": "#ff000080", "at": "blue", "size": [8, 9],
                          "box": [5, 6, 7, 8], "label": "héllo", "axis": "both", "other": "blue" } }
            """#, at: 0.3)
        #expect(reported.status == 2, "\(reported.stderr)")
        let values =
            "count 5 flag true tint 1 0 0 0.5019607843137255 at 32 52 from Some(\"blue\") size 8x9 box 5 6 7 8 "
            + "label héllo axis both 2 other Some(\"blue\") Some((0.0, 40.0, 64.0, 24.0)) time 0.30 duration 0.8"
        #expect(reported.stderr.contains(values), "\(reported.stderr)")
        let (defaults, _) = try render(#"{ "animator": "report", "target": "card", "duration": 1 }"#, at: 0)
        #expect(
            defaults.stderr.contains(
                "count 3 flag false tint 1 0.5 0 1 at 0 0 from None size 6x7 box 1 2 3 4 label none axis x 0 other None None"
            ), "\(defaults.stderr)")

        // The curve holds the slide at 0 until t = 0.5 of its 1 s, then jumps to its end, 20 px on.
        let slide =
            #"{ "animator": "slide-rs", "target": "card", "duration": 1, "timing": { "curve": "jump", "args": [0.5] } }"#
        let (before, early) = try render(slide, at: 0.3)
        let (after, late) = try render(slide, at: 0.7)
        try #require(before.status == 0 && after.status == 0, "\(before.stderr)\(after.stderr)")
        #expect(early.map { $0[12, 20].r } == 255 && early.map { $0[32, 20].r } == 0, "not moved yet at 0.3 s")
        #expect(late.map { $0[12, 20].r } == 0 && late.map { $0[32, 20].r } == 255, "moved 20 px at 0.7 s")

        // The mixer draws `blue` alone in place of both layers while it runs.
        let (mixed, picture) = try render(
            #"{ "mixer": "show-to", "from": "card", "to": "blue", "duration": 1 }"#, at: 0.5)
        try #require(mixed.status == 0, "\(mixed.stderr)")
        #expect(picture.map { $0[20, 20] } == Pixel(0, 0, 0), "the card is gone")
        #expect(picture.map { $0[20, 50] } == Pixel(0, 0, 255), "blue shows")
    }

    /// An animator whose `apply` fails with `Err` for a negative distance and panics past 500.
    static let strictNudge = #"""
        use pipeline_animator::{animator_plugin, param, Animator, Layer, Params, Step};

        #[derive(Default)]
        struct StrictNudge;

        impl Animator for StrictNudge {
            const NAME: &'static core::ffi::CStr = c"strict-nudge";
            const DOC: &'static core::ffi::CStr = c"Moves the layer right, refusing to go left";
            const PARAMS: &'static [param::Desc] =
                &[param::number(c"distance").unit(c"px").range(-1000.0, 1000.0).default(10.0)];
            fn apply(&self, step: &Step, params: &Params, layer: &mut Layer) -> Result<(), String> {
                let distance = params.number("distance");
                if distance < 0.0 {
                    return Err(format!("distance {distance} points left"));
                }
                assert!(distance <= 500.0, "distance {distance} is out of reach");
                layer.translation.x += distance * step.progress;
                Ok(())
            }
        }

        animator_plugin! { id: "org.example.strict", version: "0.1.0", description: "Strict nudges",
                           animators: [StrictNudge] }
        """#

    /// An `Err` and a panic in `apply` both stop the render with the plugin's message: the panic
    /// does not unwind into the host or kill it.
    @Test func anErrorOrAPanicInApplyBecomesTheRenderError() throws {
        guard let cargo = Self.cargo() else { return }
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plugins = try Self.buildCrate(named: "strict", source: Self.strictNudge, cargo: cargo, in: folder)

        func render(distance: Int) throws -> CLI.Result {
            let step = #"{ "animator": "strict-nudge", "target": "card", "duration": 0.4, "params": { "distance": "#
            return try Self.renderRow(step: step + "\(distance) } }", plugins: plugins, in: folder).0
        }
        let moved = try render(distance: 20)
        #expect(moved.status == 0, "\(moved.stderr)")
        let refused = try render(distance: -20)
        #expect(!refused.crashed)
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderr.contains("distance -20 points left"), "\(refused.stderr)")
        let panicked = try render(distance: 600)
        #expect(!panicked.crashed)
        #expect(panicked.status == 2, "\(panicked.stderr)")
        #expect(
            panicked.stderr.contains("strict-nudge panicked: distance 600 is out of reach"), "\(panicked.stderr)")
    }
}
