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

    /// An animator whose `apply` fails with `Err` for a negative distance and panics past 500.
    static let strictNudge = #"""
        use pipeline_animator::{animator_plugin, param, Animator, Layer, Params};

        #[derive(Default)]
        struct StrictNudge;

        impl Animator for StrictNudge {
            const NAME: &'static core::ffi::CStr = c"strict-nudge";
            const DOC: &'static core::ffi::CStr = c"Moves the layer right, refusing to go left";
            const PARAMS: &'static [param::Desc] =
                &[param::number(c"distance").unit(c"px").range(-1000.0, 1000.0).default(10.0)];
            fn apply(&self, p: f64, params: &Params, layer: &mut Layer) -> Result<(), String> {
                let distance = params.number("distance");
                if distance < 0.0 {
                    return Err(format!("distance {distance} points left"));
                }
                assert!(distance <= 500.0, "distance {distance} is out of reach");
                layer.translation.x += distance * p;
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
        let project = folder.appendingPathComponent("strict")
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("src"), withIntermediateDirectories: true)
        try PluginFixtures.write(
            """
            [package]
            name = "strict"
            version = "0.1.0"
            edition = "2021"

            [lib]
            crate-type = ["cdylib"]

            [dependencies]
            pipeline-animator = { path = "\(Self.bindings.path)" }
            """, to: "Cargo.toml", in: project)
        try PluginFixtures.write(Self.strictNudge, to: "src/lib.rs", in: project)
        let target = folder.appendingPathComponent("target")
        let built = try Self.runCargo(cargo, ["build", "--offline", "--release"], in: project, target: target)
        try #require(built.status == 0, "cargo build failed:\n\(built.stderr)")
        let plugins = folder.appendingPathComponent("plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: target.appendingPathComponent("release/libstrict.so"), to: plugins.appendingPathComponent("strict.so"))

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
