import CommandTestSupport
import Foundation
import Testing

/// `pipeline new-animator`: the projects it writes build with their own build files, as an
/// outside author builds them, and the plugins they make load and render. An effect project
/// (`--kind effect`) is also loaded by `EffectHarness` the way a host of each ABI loads it: a 1.2
/// host applies it to known pixels, a 1.1 host must refuse it.
@Suite struct NewAnimatorTests {
    static let listedParameter =
        "angle: number -3600...3600 deg, default 90 — how far the layer turns by the end, clockwise"

    /// One 64×64 frame: a white 48×8 bar across the centre, turned by the animator `name` by 90°
    /// at once (a zero-length step is at its end from its start), so it stands upright.
    static func bar(turnedBy name: String) -> String {
        """
        {
          "version": 1,
          "canvas": { "width": 64, "height": 64, "fps": 10, "duration": 0.1, "background": "#000000" },
          "layers": [ { "name": "bar", "frame": [8, 28, 48, 8], "fill": "#ffffff" } ],
          "timeline": [ { "animator": "\(name)", "target": "bar", "duration": 0, "params": { "angle": 90 } } ],
          "output": { "dir": "out", "formats": ["png"] }
        }
        """
    }

    /// `pipeline check-plugin` on a built plugin finds nothing, as the project's README promises
    /// (no time budget: what a call takes depends on the machine).
    static func expectCheckPasses(_ plugin: URL) throws {
        let checked = try CLI.run(["check-plugin", "--budget-ms", CLI.unhurriedBudget, plugin.path])
        #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        #expect(checked.stdout.contains("no problems"), "\(checked.stdout)")
    }

    /// Renders the bar of `bar(turnedBy:)` with the plugins of `plugins` and checks that it stands
    /// upright: it covers x 28..<36, y 8..<56 (across, it covered x 8..<56, y 28..<36).
    static func expectBarTurned(by name: String, plugins: URL, in folder: URL) throws {
        try PluginFixtures.write(Self.bar(turnedBy: name), to: "bar.json", in: folder)
        let rendered = try CLI.run(["run", "bar.json", "--plugins", plugins.path], in: folder)
        #expect(!rendered.crashed)
        try #require(rendered.status == 0, "\(rendered.stderr)")
        let frame = try RGBAImage.read(folder.appendingPathComponent("out/frame_0000.png")).bytes
        func red(x: Int, y: Int) -> UInt8 { frame[(y * 64 + x) * 4] }
        #expect(red(x: 32, y: 12) == 255 && red(x: 32, y: 50) == 255, "\(name) turned the bar upright")
        #expect(red(x: 12, y: 32) == 0 && red(x: 50, y: 32) == 0)
    }

    @Test func aCProjectBuildsWithMakeAndLoads() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("wobble-x")
        let created = try CLI.run(["new-animator", "wobble-x", "--lang", "c", project.path])
        #expect(created.status == 0, "\(created.stderr)")
        #expect(try SmallPipeline.contents(of: project) == ["Makefile", "README.md", "wobble-x.c"])

        let built = try CLI.runProgram("/usr/bin/env", ["make", "-C", project.path])
        try #require(built.status == 0, "make failed: \(built.stdout)\(built.stderr)")
        let listing = try CLI.run(["plugins", "--plugins", project.path])
        #expect(listing.stdout.contains("wobble-x 0.1.0 — Turns the layer by `angle` degrees"), "\(listing.stdout)")
        #expect(listing.stdout.contains(Self.listedParameter), "\(listing.stdout)")

        // The README's last step: the plugin it describes passes the check it names.
        let readme = try String(contentsOf: project.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("pipeline check-plugin plugins/wobble-x.so"))
        let checked = try CLI.run([
            "check-plugin", "--budget-ms", CLI.unhurriedBudget, project.appendingPathComponent("wobble-x.so").path,
        ])
        #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
    }

    /// The flags of a C++ project's Makefile, and -Werror: the template compiles without a warning.
    static let strictCPlusPlus = "CXXFLAGS=-std=c++20 -Wall -Wextra -Wno-missing-field-initializers -Werror -O2"

    @Test(arguments: ["c++", "cpp", "cxx"]) func aCPlusPlusProjectBuildsWithMakeAndRenders(lang: String) throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("plugins")
        let created = try CLI.run(["new-animator", "sway-x", "--lang", lang, project.path])
        #expect(created.status == 0, "\(created.stderr)")
        #expect(try SmallPipeline.contents(of: project) == ["Makefile", "README.md", "sway-x.cpp"])
        let readme = try String(contentsOf: project.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("in C++") && readme.contains("make\n") && !readme.contains("{{"), "\(readme)")

        let built = try CLI.runProgram("/usr/bin/env", ["make", "-C", project.path, Self.strictCPlusPlus])
        try #require(built.status == 0, "make failed: \(built.stdout)\(built.stderr)")
        #expect(built.stdout.contains("-fvisibility=hidden"), "only the entry is exported: \(built.stdout)")
        let listing = try CLI.run(["plugins", "--plugins", project.path])
        #expect(listing.stdout.contains("sway-x 0.1.0 — Turns the layer by `angle` degrees"), "\(listing.stdout)")
        #expect(listing.stdout.contains(Self.listedParameter), "\(listing.stdout)")
        try Self.expectBarTurned(by: "sway-x", plugins: project, in: folder)
        try Self.expectCheckPasses(project.appendingPathComponent("sway-x.so"))
    }

    /// A C++ effect: blurs as a 1.2 host calls it (and a 1.1 host refuses it), renders through
    /// `pipeline run` in and out of the sandbox (which must open the C++ runtime it needs), and
    /// passes `check-plugin`.
    @Test func aCPlusPlusEffectProjectBuildsWithMakeAndBlursInAndOutOfTheSandbox() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("plugins")
        let created = try CLI.run(["new-animator", "soft-en", "--kind", "effect", "--lang", "c++", project.path])
        #expect(created.status == 0, "\(created.stderr)")
        #expect(try SmallPipeline.contents(of: project) == ["Makefile", "README.md", "soft-en.cpp"])
        let source = try String(contentsOf: project.appendingPathComponent("soft-en.cpp"), encoding: .utf8)
        #expect(source.contains("{ANIM_SERVICE_EFFECTS, 1, 0}"), "\(source)")
        try Self.expectEffectReadme(in: project, name: "soft-en", build: "make\n")

        let built = try CLI.runProgram("/usr/bin/env", ["make", "-C", project.path, Self.strictCPlusPlus])
        try #require(built.status == 0, "make failed: \(built.stdout)\(built.stderr)")
        let plugin = project.appendingPathComponent("soft-en.so")
        let checked = try #require(try EffectHarness.run(plugin, radius: 3, renderScale: 2, in: folder))
        EffectHarness.expectBlur(checked, name: "soft-en", pluginID: "org.example.soft-en")
        try Self.expectCheckPasses(plugin)

        // A white 8×8 square on black, blurred by 2: its corner pixel is the mean of a 5×5 box of
        // which 3×3 is white, 255 × 9 / 25 = 92 (rounded); its centre stays white.
        try PluginFixtures.write(
            """
            { "version": 1,
              "canvas": { "width": 32, "height": 32, "fps": 10, "duration": 0.1, "background": "#000000" },
              "layers": [ { "name": "square", "frame": [12, 12, 8, 8], "fill": "#ffffff",
                            "filters": [ { "effect": "soft-en", "params": { "radius": 2 } } ] } ],
              "output": { "dir": "out", "formats": ["png"] } }
            """, to: "square.json", in: folder)
        var frames: [[UInt8]] = []
        for sandbox in [false, true] {
            let out = sandbox ? "sandboxed" : "plain"
            let rendered = try CLI.run(
                ["run", "square.json", "--plugins", project.path, "--out", out] + (sandbox ? ["--sandbox"] : []),
                in: folder)
            #expect(!rendered.crashed)
            try #require(rendered.status == 0, "\(rendered.stderr)")
            let frame = try RGBAImage.read(folder.appendingPathComponent("\(out)/frame_0000.png")).bytes
            func red(x: Int, y: Int) -> UInt8 { frame[(y * 32 + x) * 4] }
            #expect(red(x: 12, y: 12) == 92 && red(x: 16, y: 16) == 255, "blurred corner and centre")
            #expect(red(x: 10, y: 16) > 0 && red(x: 9, y: 16) == 0, "spread 2 px past the edge, not 3")
            frames.append(frame)
        }
        #expect(frames[0] == frames[1], "the same frame in the sandbox")
    }

    /// The slow one: a release build of a Swift package (once).
    @Test func aSwiftProjectBuildsWithSwiftPMAndRenders() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("spin")
        let created = try CLI.run(["new-animator", "spin-it", "--lang", "swift", project.path])
        #expect(created.status == 0, "\(created.stderr)")

        let built = try CLI.runProgram("/usr/bin/env", ["swift", "build", "-c", "release"], in: project)
        try #require(built.status == 0, "swift build failed: \(built.stdout)\(built.stderr)")
        // As the project's README says: the library renamed after the animator, in a plugins folder.
        let plugins = folder.appendingPathComponent("plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: project.appendingPathComponent(".build/release/libSpinIt.so"),
            to: plugins.appendingPathComponent("spin-it.so"))

        let listing = try CLI.run(["plugins", "--plugins", plugins.path])
        #expect(
            listing.stdout.contains("spin-it 0.1.0 — Turns the layer by `angle` degrees"),
            "\(listing.stdout)\(listing.stderr)")
        #expect(listing.stdout.contains(Self.listedParameter))

        try Self.expectBarTurned(by: "spin-it", plugins: plugins, in: folder)
    }

    @Test func aRustProjectBuildsWithCargoAndRenders() throws {
        guard let cargo = RustPluginTests.cargo() else { return }
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("tilt")
        let created = try CLI.run(["new-animator", "tilt-it", "--lang", "rust", project.path])
        #expect(created.status == 0, "\(created.stderr)")
        #expect(try SmallPipeline.contents(of: project) == ["Cargo.toml", "README.md", "src"])
        let manifest = try String(contentsOf: project.appendingPathComponent("Cargo.toml"), encoding: .utf8)
        #expect(manifest.contains("pipeline-animator = { path = \"\(RustPluginTests.bindings.path)\" }"), "\(manifest)")

        let target = folder.appendingPathComponent("target")
        let built = try RustPluginTests.runCargo(
            cargo, ["build", "--offline", "--release"], in: project, target: target)
        try #require(built.status == 0, "cargo build failed: \(built.stderr)")
        let plugins = folder.appendingPathComponent("plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: target.appendingPathComponent("release/libtilt_it.so"), to: plugins.appendingPathComponent("tilt-it.so")
        )

        let listing = try CLI.run(["plugins", "--plugins", plugins.path])
        #expect(listing.stdout.contains("tilt-it 0.1.0 — Turns the layer by `angle` degrees"), "\(listing.stdout)")
        #expect(listing.stdout.contains(Self.listedParameter), "\(listing.stdout)")

        try Self.expectBarTurned(by: "tilt-it", plugins: plugins, in: folder)
    }

    @Test(arguments: ["Wobble", "1up", "wob_ble", "wob.ble", "wöbble"])
    func anInvalidNameIsRefused(name: String) throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["new-animator", name, "--lang", "c", folder.appendingPathComponent("project").path])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "invalid animator name \"\(name)\": expected a lowercase letter, then lowercase letters, digits or '-'"),
            "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("project").path))
    }

    @Test func aFolderWithFilesIsLeftAlone() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PluginFixtures.write("mine", to: "Makefile", in: folder)
        let result = try CLI.run(["new-animator", "wobble", "--lang", "swift", folder.path])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains("\(folder.path) is not empty (it holds Makefile…): give a new or empty folder"),
            "\(result.stderr)")
        #expect(try SmallPipeline.contents(of: folder) == ["Makefile"])
        #expect(try String(contentsOf: folder.appendingPathComponent("Makefile"), encoding: .utf8) == "mine")
    }

    @Test func anEmptyFolderIsUsed() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["new-animator", "wobble", "--lang", "c", folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        let readme = try String(contentsOf: folder.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(
            readme.contains("make\n") && readme.contains("pipeline plugins --plugins ."),
            "the README says how to build and use it")
        let makefile = try String(contentsOf: folder.appendingPathComponent("Makefile"), encoding: .utf8)
        #expect(
            makefile.contains("PIPELINE_INCLUDE ?= \(CLI.header)"),
            "defaults to the header of the pipeline that wrote it")
    }

    @Test func helpShowsAnExample() throws {
        let result = try CLI.run(["new-animator", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("pipeline new-animator wobble --lang c wobble"), "\(result.stdout)")
        #expect(
            result.stdout.contains("pipeline new-animator soften --kind effect --lang c soften"), "\(result.stdout)")
        #expect(result.stdout.contains("--kind <kind>"), "\(result.stdout)")
    }

    // MARK: Effects

    /// The README of an effect project says how to build it and how a layer's filters use it.
    static func expectEffectReadme(in project: URL, name: String, build: String) throws {
        let readme = try String(contentsOf: project.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains(build), "the README says how to build it: \(readme)")
        #expect(readme.contains(#""filters": [{ "effect": "\#(name)", "params": { "radius": 6 } }]"#), "\(readme)")
        #expect(readme.contains("render_scale") && readme.contains("\"effects\" service"), "\(readme)")
        #expect(!readme.contains("{{"), "every placeholder is filled: \(readme)")
    }

    @Test func aCEffectProjectBuildsWithMakeAndBlursAsAHostCallsIt() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("soften")
        let created = try CLI.run(["new-animator", "soft-en", "--kind", "effect", "--lang", "c", project.path])
        #expect(created.status == 0, "\(created.stderr)")
        #expect(try SmallPipeline.contents(of: project) == ["Makefile", "README.md", "soft-en.c"])
        let source = try String(contentsOf: project.appendingPathComponent("soft-en.c"), encoding: .utf8)
        #expect(source.contains("{ANIM_SERVICE_EFFECTS, 1, 0}"), "\(source)")
        #expect(source.contains("ANIM_HAS_FIELD(host, anim_host_t, register_effect)"), "\(source)")
        try Self.expectEffectReadme(in: project, name: "soft-en", build: "make\n")
        let makefile = try String(contentsOf: project.appendingPathComponent("Makefile"), encoding: .utf8)
        #expect(makefile.contains("the soft-en effect plugin"), "\(makefile)")

        // -Werror on top of the Makefile's -Wall -Wextra: the template compiles without a warning.
        let built = try CLI.runProgram(
            "/usr/bin/env", ["make", "-C", project.path, "CFLAGS=-std=c11 -D_DEFAULT_SOURCE -Wall -Wextra -Werror -O2"])
        try #require(built.status == 0, "make failed: \(built.stdout)\(built.stderr)")
        let checked = try #require(
            try EffectHarness.run(
                project.appendingPathComponent("soft-en.so"), radius: 3, renderScale: 2, in: folder))
        EffectHarness.expectBlur(checked, name: "soft-en", pluginID: "org.example.soft-en")
        try Self.expectCheckPasses(project.appendingPathComponent("soft-en.so"))
    }

    /// The slow one: a release build of a Swift package (once).
    @Test func aSwiftEffectProjectBuildsWithSwiftPMAndBlursAsAHostCallsIt() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("soften")
        let created = try CLI.run(["new-animator", "soft-en", "--kind", "effect", "--lang", "swift", project.path])
        #expect(created.status == 0, "\(created.stderr)")
        #expect(try SmallPipeline.contents(of: project) == ["Package.swift", "README.md", "Sources"])
        let logic = try String(
            contentsOf: project.appendingPathComponent("Sources/SoftEn/SoftEn.swift"), encoding: .utf8)
        #expect(logic.contains(#"@_cdecl("soft_en_apply")"#) && logic.contains(#"@_cdecl("soft_en_reach")"#))
        try Self.expectEffectReadme(in: project, name: "soft-en", build: "swift build -c release\n")

        let built = try CLI.runProgram("/usr/bin/env", ["swift", "build", "-c", "release"], in: project)
        try #require(built.status == 0, "swift build failed: \(built.stdout)\(built.stderr)")
        let checked = try #require(
            try EffectHarness.run(
                project.appendingPathComponent(".build/release/libSoftEn.so"), radius: 3, renderScale: 2,
                in: folder))
        EffectHarness.expectBlur(checked, name: "soft-en", pluginID: "org.example.soft-en")
        try Self.expectCheckPasses(project.appendingPathComponent(".build/release/libSoftEn.so"))
    }

    @Test func aRustEffectProjectBuildsWithCargoAndBlursAsAHostCallsIt() throws {
        guard let cargo = RustPluginTests.cargo() else { return }
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("soften")
        let created = try CLI.run(["new-animator", "soft-en", "--kind", "effect", "--lang", "rust", project.path])
        #expect(created.status == 0, "\(created.stderr)")
        #expect(try SmallPipeline.contents(of: project) == ["Cargo.toml", "README.md", "src"])
        let source = try String(contentsOf: project.appendingPathComponent("src/lib.rs"), encoding: .utf8)
        #expect(source.contains("impl Effect for SoftEn") && source.contains("effects: [SoftEn]"), "\(source)")
        try Self.expectEffectReadme(in: project, name: "soft-en", build: "cargo build --offline --release\n")

        let target = folder.appendingPathComponent("target")
        let built = try RustPluginTests.runCargo(
            cargo, ["build", "--offline", "--release"], in: project, target: target)
        try #require(built.status == 0, "cargo build failed: \(built.stderr)")
        #expect(!built.stderr.contains("warning"), "\(built.stderr)")
        let checked = try #require(
            try EffectHarness.run(
                target.appendingPathComponent("release/libsoft_en.so"), radius: 3, renderScale: 2, in: folder))
        EffectHarness.expectBlur(checked, name: "soft-en", pluginID: "org.example.soft-en")
        #expect(
            checked.stdout.contains("log 3: this host predates ABI 1.2 and cannot register effects\n"),
            "the bindings say why init fails on a 1.1 host: \(checked.stdout)")
        try Self.expectCheckPasses(target.appendingPathComponent("release/libsoft_en.so"))
    }

    @Test(arguments: ["mixer", "Effect", ""]) func anUnknownKindIsRefusedNamingTheChoices(kind: String) throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("project")
        let result = try CLI.run(["new-animator", "wobble", "--kind", kind, "--lang", "c", project.path])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "The value '\(kind)' is invalid for '--kind <kind>'. Please provide one of 'animator' and 'effect'."),
            "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: project.path))
    }

    @Test func anInvalidEffectNameIsRefusedAsAnEffectName() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("project")
        let result = try CLI.run(["new-animator", "Soft", "--kind", "effect", "--lang", "rust", project.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("invalid effect name \"Soft\": expected a lowercase letter"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: project.path))
    }

    @Test func theKindDefaultsToAnAnimatorAndCanBeSaidSo() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let implicit = folder.appendingPathComponent("implicit")
        let explicit = folder.appendingPathComponent("explicit")
        #expect(try CLI.run(["new-animator", "wobble", "--lang", "c", implicit.path]).status == 0)
        #expect(
            try CLI.run(["new-animator", "wobble", "--kind", "animator", "--lang", "c", explicit.path]).status == 0)
        for name in ["wobble.c", "Makefile", "README.md"] {
            let one = try String(contentsOf: implicit.appendingPathComponent(name), encoding: .utf8)
            let other = try String(contentsOf: explicit.appendingPathComponent(name), encoding: .utf8)
            #expect(one == other, "\(name)")
            #expect(!one.contains("effect plugin") && !one.contains("register_effect"), "\(name) is an effect's")
        }
    }
}
