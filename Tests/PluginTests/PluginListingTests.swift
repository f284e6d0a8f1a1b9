import CommandTestSupport
import Foundation
import Testing

/// `pipeline plugins` shows what a pipeline may use: every animator with its parameters (type,
/// range, default), every timing curve with its arguments, the plugin file each comes from, the
/// search path, and the files it skipped. `--json` carries the same content.
@Suite struct PluginListingTests {
    struct Parameter: Sendable {
        let id, type: String
        let range: ClosedRange<Double>
        let defaultValue: [Double]?
        let text: String
    }
    struct Processor: Sendable {
        let name, file: String
        let parameters: [Parameter]
        var kind = "animators"
    }
    struct Curve: Sendable {
        let name, signature: String
        let arguments: [String]
        let defaults: [Double]?
        let text: String
    }

    static let processors = [
        Processor(
            name: "fade", file: "fade.so",
            parameters: [
                Parameter(
                    id: "to", type: "number", range: 0...1, defaultValue: [1], text: "to: number 0...1, default 1")
            ]),
        Processor(
            name: "shadow-lift", file: "shadow-lift.so",
            parameters: [
                Parameter(
                    id: "opacity", type: "number", range: 0...1, defaultValue: [0.5],
                    text: "opacity: number 0...1, default 0.5"),
                Parameter(
                    id: "radius", type: "number", range: 0...200, defaultValue: [12],
                    text: "radius: number 0...200 px, default 12"),
                Parameter(
                    id: "offset", type: "point", range: -500...500, defaultValue: [0, 8],
                    text: "offset: point -500...500 px, default [0, 8]"),
            ]),
        Processor(
            name: "move-and-scale", file: "move-and-scale.so",
            parameters: [
                Parameter(
                    id: "to", type: "rect", range: -100000...100000, defaultValue: nil,
                    text: "to: rect or layer name -100000...100000 px, required")
            ]),
        Processor(
            name: "ripple-reveal", file: "ripple-reveal.so",
            parameters: [
                Parameter(
                    id: "center", type: "point", range: -100000...100000, defaultValue: nil,
                    text: "center: point or layer name -100000...100000 px, required"),
                Parameter(
                    id: "from", type: "number", range: 0...100000, defaultValue: [0],
                    text: "from: number 0...100000 px, default 0"),
            ]),
        Processor(
            name: "circle-reveal", file: "circle-reveal.so",
            parameters: [
                Parameter(
                    id: "from", type: "rect", range: -100000...100000, defaultValue: nil,
                    text: "from: rect or layer name -100000...100000 px, required")
            ]),
        Processor(
            name: "dim", file: "dim.so",
            parameters: [
                Parameter(
                    id: "from", type: "number", range: 0...1, defaultValue: [0], text: "from: number 0...1, default 0"),
                Parameter(
                    id: "to", type: "number", range: 0...1, defaultValue: [0.5], text: "to: number 0...1, default 0.5"),
            ]),
        Processor(
            name: "slide", file: "slide.so",
            parameters: [
                Parameter(
                    id: "offset", type: "point", range: -100000...100000, defaultValue: [0, 0],
                    text: "offset: point -100000...100000 px, default [0, 0]")
            ]),
        Processor(name: "cross-dissolve", file: "cross-dissolve.so", parameters: [], kind: "mixers"),
        Processor(
            name: "noise-dissolve", file: "noise-dissolve.so",
            parameters: [
                Parameter(
                    id: "softness", type: "number", range: 0...1, defaultValue: [0.1],
                    text: "softness: number 0...1, default 0.1"),
                Parameter(
                    id: "seed", type: "integer", range: 0...1_000_000, defaultValue: [1],
                    text: "seed: integer 0...1000000, default 1"),
            ], kind: "mixers"),
        Processor(
            name: "soft-wipe", file: "soft-wipe.so",
            parameters: [
                Parameter(
                    id: "softness", type: "number", range: 0...2000, defaultValue: [40],
                    text: "softness: number 0...2000 px, default 40")
            ], kind: "mixers"),
    ]
    static let curves = [
        Curve(
            name: "back-in", signature: "d(d;d)", arguments: ["overshoot"], defaults: [1.70158],
            text: "back-in(overshoot = 1.70158) d(d;d)"),
        Curve(
            name: "back-out", signature: "d(d;d)", arguments: ["overshoot"], defaults: [1.70158],
            text: "back-out(overshoot = 1.70158) d(d;d)"),
        Curve(
            name: "elastic-out", signature: "d(d;dd)", arguments: ["amplitude", "period"], defaults: [1, 0.3],
            text: "elastic-out(amplitude = 1, period = 0.3) d(d;dd)"),
        Curve(name: "steps", signature: "d(d;i)", arguments: ["count"], defaults: [4], text: "steps(count = 4) d(d;i)"),
        Curve(name: "bounce-out", signature: "f(f)", arguments: [], defaults: nil, text: "bounce-out() f(f)"),
    ]

    /// The built-in plugin folder as the executable names it (symbolic links resolved).
    static var builtin: String { URL(fileURLWithPath: CLI.builtinPlugins).resolvingSymlinksInPath().path }

    @Test func textListsEveryBuiltInNameWithItsParametersAndFile() throws {
        let result = try CLI.run(["plugins", "--all"])
        #expect(!result.crashed && result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for animator in Self.processors {
            let index = try #require(
                lines.firstIndex { $0.hasPrefix("  \(animator.name) ") }, "\(animator.name) is listed")
            #expect(lines[index + 1].hasPrefix("    from \(Self.builtin)/\(animator.file) ("), "\(lines[index + 1])")
            for parameter in animator.parameters {
                #expect(
                    lines[(index + 2)...].prefix(animator.parameters.count + 1).contains {
                        $0.hasPrefix("    \(parameter.text)")
                    },
                    "\(animator.name): \(parameter.text)")
            }
        }
        for curve in Self.curves {
            let index = try #require(lines.firstIndex { $0.hasPrefix("  \(curve.text) — ") }, "\(curve.name) is listed")
            #expect(lines[index + 1].hasPrefix("    from \(Self.builtin)/easing-curves.so ("), "\(lines[index + 1])")
        }
    }

    @Test func jsonHasTheSameContent() throws {
        let result = try CLI.run(["plugins", "--json"])
        #expect(!result.crashed && result.status == 0, "\(result.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        for expected in Self.processors {
            let listed = try #require(root[expected.kind] as? [[String: Any]])
            let animator = try #require(listed.first { $0["name"] as? String == expected.name }, "\(expected.name)")
            #expect(animator["pluginFile"] as? String == "\(Self.builtin)/\(expected.file)")
            let parameters = try #require(animator["parameters"] as? [[String: Any]])
            for parameter in expected.parameters {
                let found = try #require(
                    parameters.first { $0["id"] as? String == parameter.id }, "\(expected.name).\(parameter.id)")
                #expect(found["type"] as? String == parameter.type)
                #expect(
                    found["min"] as? Double == parameter.range.lowerBound
                        && found["max"] as? Double == parameter.range.upperBound)
                #expect(
                    found["defaultValue"] as? [Double] == parameter.defaultValue, "\(expected.name).\(parameter.id)")
                #expect(found["required"] as? Bool == (parameter.defaultValue == nil))
            }
        }
        let curves = try #require(root["curves"] as? [[String: Any]])
        for expected in Self.curves {
            let curve = try #require(curves.first { $0["name"] as? String == expected.name }, "\(expected.name)")
            #expect(curve["pluginFile"] as? String == "\(Self.builtin)/easing-curves.so")
            #expect(curve["signature"] as? String == expected.signature)
            #expect(curve["arguments"] as? [String] == expected.arguments)
            #expect(curve["argumentDefaults"] as? [Double] == expected.defaults)
        }
    }

    @Test func searchPathAndSkippedFilesAppearInBothForms() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = folder.appendingPathComponent("first")
        let second = folder.appendingPathComponent("second")
        let fromEnvironment = folder.appendingPathComponent("env")
        for directory in [first, second, fromEnvironment] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        try Data("not a library".utf8).write(to: second.appendingPathComponent("broken.so"))
        let arguments = ["plugins", "--plugins", first.path, "--plugins", second.path]
        let environment = ["PIPELINE_PLUGIN_PATH": fromEnvironment.path]

        let text = try CLI.run(arguments, environment: environment)
        #expect(text.status == 0)
        let order = [first.path, second.path, fromEnvironment.path, Self.builtin].map { "  \($0)" }.joined(
            separator: "\n")
        #expect(text.stdout.hasPrefix("plugin folders, in search order:\n\(order)\n"), "\(text.stdout)")
        #expect(text.stdout.contains("skipped plugin files\n  \(second.path)/broken.so: not a loadable shared library"))

        let json = try CLI.run(arguments + ["--json"], environment: environment)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(root["searchPath"] as? [String] == [first.path, second.path, fromEnvironment.path, Self.builtin])
        let broken = try #require((root["broken"] as? [[String: Any]])?.first)
        #expect(broken["file"] as? String == "\(second.path)/broken.so")
        #expect((broken["reason"] as? String)?.hasPrefix("not a loadable shared library") == true)
        #expect(broken["own"] as? Bool == true && broken["notHosted"] == nil)

        // --strict: the same listing, and exit status 1 because a file was skipped; 0 without it.
        let strict = try CLI.run(arguments + ["--strict"], environment: environment)
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("\(second.path)/broken.so: not a loadable shared library"))
        let clean = try CLI.run(["plugins", "--strict", "--plugins", first.path])
        #expect(clean.status == 0, "\(clean.stderr)")
    }

    /// The default view: the user's own plugins in full, the built-in and system ones a line per
    /// folder; frei0r files of kinds pipeline does not host are counted there, listed as "not
    /// hosted" in full, and never fail --strict.
    @Test func theUsersOwnPluginsComeFirstAndSystemOnesInALinePerFolder() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let mine = folder.appendingPathComponent("mine")
        try PluginFixtures.compile(ThirdPartyPluginFixture.nudge, to: mine.appendingPathComponent("nudge.so"))
        let summary = try CLI.run(["plugins", "--plugins", mine.path, "--strict"], environment: CLI.frei0r)
        #expect(summary.status == 0, "\(summary.stdout)\(summary.stderr)")
        let lines = summary.stdout.split(separator: "\n").map(String.init)
        let own = try #require(lines.firstIndex { $0.hasPrefix("  nudge ") }, "\(summary.stdout)")
        let system = try #require(lines.firstIndex(of: "built-in and system plugins"), "\(summary.stdout)")
        #expect(own < system)
        #expect(lines.contains { $0.hasPrefix("  \(Self.builtin): ") && $0.contains(" animators, ") })
        #expect(!lines.contains { $0.hasPrefix("  circle-reveal ") }, "built-in names are not listed one by one")
        let frei0r = lines.first { $0.hasPrefix("  /usr/lib/frei0r-1: ") }
        #expect(frei0r?.contains("; not hosted: 1 mixer3, 12 source") == true, "\(frei0r ?? summary.stdout)")
        let all = try CLI.run(["plugins", "--plugins", mine.path, "--all"], environment: CLI.frei0r)
        #expect(all.stdout.contains("  circle-reveal "))
        #expect(all.stdout.contains("\n  /usr/lib/frei0r-1/ising0r.so: not hosted: source\n"), "\(all.stdout)")
    }

    @Test func aPatternAKindAnOriginOrAFolderNarrowsTheList() throws {
        let only = try CLI.run(["plugins", "circle*", "--kind", "animator"])
        #expect(only.status == 0, "\(only.stderr)")
        let names = only.stdout.split(separator: "\n").filter { !$0.hasPrefix("    ") && $0.contains(" — ") }
        #expect(names.count == 1 && names.first?.hasPrefix("  circle-reveal ") == true, "\(only.stdout)")
        #expect(!only.stdout.contains("\nmixers\n"), "kinds with nothing left are left out")
        let frei0r = try CLI.run(
            ["plugins", "--origin", "frei0r", "--kind", "mixer", "--json"], environment: CLI.frei0r)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(frei0r.stdout.utf8)) as? [String: Any])
        let mixers = try #require(root["mixers"] as? [[String: Any]])
        #expect(!mixers.isEmpty && mixers.allSatisfy { $0["origin"] as? String == "frei0r plugin" })
        #expect((root["animators"] as? [Any])?.isEmpty == true)
        let folder = try CLI.run(["plugins", "--folder", Self.builtin, "--kind", "effect"])
        #expect(folder.stdout.contains("  blur "), "\(folder.stdout)")
        let wrong = try CLI.run(["plugins", "--kind", "animators"])
        #expect(wrong.status == 64 || wrong.status == 1, "\(wrong.status)")
        #expect(wrong.stderr.contains(#"unknown kind "animators": expected animator, mixer, effect or curve"#))
    }

    @Test(arguments: [["plugins"], ["validate", "pipeline.json"], ["run", "pipeline.json"]])
    func missingPluginFolderIsAnInputError(command: [String]) throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PluginFixtures.write(PluginFixtures.pipeline(), to: "pipeline.json", in: folder)
        let missing = folder.appendingPathComponent("no-such-folder").path
        let result = try CLI.run(command + ["--plugins", missing], in: folder)
        #expect(!result.crashed)
        #expect(result.status == 1, "usage errors exit 1, not argument-parser's 64")
        #expect(
            result.stderr.contains("plugin folder \(missing) does not exist or is not a folder"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }
}
