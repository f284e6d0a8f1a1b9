import CommandTestSupport
import Foundation
import Testing

/// `make install` and `make uninstall` into a temporary prefix, with the already built binary and
/// plugins (BIN=…, no second build): the installed pipeline finds its plugins, pkg-config finds
/// the header, and a plugin compiles with pkg-config's flags alone.
@Suite struct InstallTests {
    static let installedFiles = [
        "bin/pipeline", "include/uipipeline/animator.h", "include/uipipeline/animator_images.h",
        "lib/pkgconfig/uipipeline.pc",
        "lib/pipeline/plugins/fade.so", "lib/pipeline/libpipeline-video.so",
        "lib/pipeline/libpipeline-vector.so",
        "share/bash-completion/completions/pipeline",
    ]

    static func make(_ target: String, prefix: URL) throws -> CLI.Result {
        try CLI.runProgram(
            "/usr/bin/env",
            [
                "make", "--no-print-directory", "-C", CLI.repositoryRoot.path, target,
                "PREFIX=\(prefix.path)", "BIN=\(CLI.binDirectory.path)",
            ])
    }

    @Test func installLaysOutAPrefixThatWorksAndUninstallRemovesIt() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let prefix = folder.appendingPathComponent("prefix")
        let installed = try Self.make("install", prefix: prefix)
        try #require(installed.status == 0, "make install failed: \(installed.stdout)\(installed.stderr)")
        for file in Self.installedFiles {
            #expect(
                FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "\(file) installed")
        }

        let pipeline = prefix.appendingPathComponent("bin/pipeline").path
        let listing = try CLI.runProgram(pipeline, ["plugins", "--all"])
        #expect(listing.status == 0)
        #expect(
            listing.stdout.contains("from \(prefix.path)/lib/pipeline/plugins/fade.so"),
            "built-in plugins found: \(listing.stdout)")

        // The SVG library is found in the prefix's lib/pipeline.
        try PluginFixtures.write(LazyLibraryTests.svg, to: "logo.svg", in: folder)
        try PluginFixtures.write(LazyLibraryTests.pipeline(#""svg": "logo.svg""#), to: "svg.json", in: folder)
        let svg = try CLI.runProgram(pipeline, ["validate", folder.appendingPathComponent("svg.json").path])
        #expect(svg.status == 0 && svg.stdout.contains("SVG"), "\(svg.stdout)\(svg.stderr)")

        let flags = try CLI.runProgram(
            "/usr/bin/env", ["pkg-config", "--cflags", "uipipeline"],
            environment: ["PKG_CONFIG_PATH": prefix.appendingPathComponent("lib/pkgconfig").path])
        #expect(flags.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "-I\(prefix.path)/include/uipipeline")
        for (variable, expected) in [("abi_major", "1"), ("abi_minor", "2")] {
            let value = try CLI.runProgram(
                "/usr/bin/env", ["pkg-config", "--variable=\(variable)", "uipipeline"],
                environment: ["PKG_CONFIG_PATH": prefix.appendingPathComponent("lib/pkgconfig").path])
            #expect(value.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == expected, "\(variable)")
        }

        try compileNudge(cflags: flags.stdout, into: folder.appendingPathComponent("plugins"))
        let withNudge = try CLI.runProgram(
            pipeline, ["plugins", "--plugins", folder.appendingPathComponent("plugins").path])
        #expect(
            withNudge.stdout.contains("distance: number -1000...1000 px, default 10"),
            "\(withNudge.stdout)\(withNudge.stderr)")

        let uninstalled = try Self.make("uninstall", prefix: prefix)
        #expect(uninstalled.status == 0, "\(uninstalled.stderr)")
        for file in Self.installedFiles {
            #expect(
                !FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "\(file) removed")
        }
        #expect(!FileManager.default.fileExists(atPath: prefix.appendingPathComponent("lib/pipeline").path))
    }

    /// As an outside author would, with nothing but pkg-config's flags.
    private func compileNudge(cflags: String, into plugins: URL) throws {
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        let source = try PluginFixtures.write(
            ThirdPartyPluginFixture.nudge, to: "nudge.c", in: plugins.deletingLastPathComponent())
        let flags = cflags.split(whereSeparator: \.isWhitespace).map(String.init)
        let compiled = try CLI.runProgram(
            "/usr/bin/env",
            ["cc", "-std=c99", "-shared", "-fPIC"] + flags
                + [source.path, "-o", plugins.appendingPathComponent("nudge.so").path])
        #expect(compiled.status == 0, "cc with pkg-config's flags failed: \(compiled.stderr)")
    }

    @Test func anInstalledPipelineWritesProjectsAgainstTheInstalledHeader() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let prefix = folder.appendingPathComponent("prefix")
        try #require(try Self.make("install", prefix: prefix).status == 0)
        let project = folder.appendingPathComponent("wobble")
        let created = try CLI.runProgram(
            prefix.appendingPathComponent("bin/pipeline").path, ["new-animator", "wobble", "--lang", "c", project.path])
        #expect(created.status == 0, "\(created.stderr)")
        let makefile = try String(contentsOf: project.appendingPathComponent("Makefile"), encoding: .utf8)
        #expect(makefile.contains("PIPELINE_INCLUDE ?= \(prefix.path)/include/uipipeline"), "\(makefile)")
    }

    @Test(arguments: ["bash", "zsh", "fish"]) func completionScriptsKnowEveryCommand(shell: String) throws {
        let result = try CLI.run(["--generate-completion-script", shell])
        #expect(result.status == 0, "\(result.stderr)")
        for command in ["run", "frame", "validate", "plugins", "schema", "new-animator"] {
            #expect(result.stdout.contains(command), "\(shell) completes \(command)")
        }
    }
}
