import CommandTestSupport
import Foundation
import Testing

/// `pipeline schema`: a JSON Schema that Python's jsonschema (Draft 2020-12) holds every shipped
/// pipeline valid against, and that refuses what the decoder refuses: unknown keys, parameters
/// out of their plugin's range.
@Suite struct SchemaTests {
    /// Prints "<file>: valid" or "<file>: invalid: <the most relevant error>" per file.
    static let validator = """
        import json, sys
        from jsonschema import Draft202012Validator
        from jsonschema.exceptions import best_match
        schema = json.load(open(sys.argv[1]))
        Draft202012Validator.check_schema(schema)
        validator = Draft202012Validator(schema)
        for path in sys.argv[2:]:
            error = best_match(validator.iter_errors(json.load(open(path))))
            print(path + ": " + ("valid" if error is None else "invalid: " + error.message))
        """

    /// Generates the schema (with `plugins` folders and Debian's frei0r plugins, which an example
    /// uses) and validates `files` against it: one verdict per file.
    static func verdicts(_ files: [URL], plugins: [String] = []) throws -> [String] {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let generated = try CLI.run(
            ["schema"] + plugins.flatMap { ["--plugins", $0] }, environment: CLI.frei0r)
        try #require(generated.status == 0, "\(generated.stderr)")
        let schema = folder.appendingPathComponent("pipeline.schema.json")
        try generated.stdoutData.write(to: schema)
        let result = try CLI.runProgram("/usr/bin/env", ["python3", "-c", validator, schema.path] + files.map(\.path))
        try #require(
            result.status == 0, "python3 with jsonschema (scripts/install-deps --test) failed: \(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    static var shippedPipelines: [URL] {
        let examples = CLI.repositoryRoot.appendingPathComponent("examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { examples.appendingPathComponent($0) }
            + [CLI.repositoryRoot.appendingPathComponent("pipeline.json")]
    }

    /// pipeline.json with one change, written into `folder`.
    static func mutatedPipeline(in folder: URL, _ change: (inout [String: Any]) -> Void) throws -> URL {
        let data = try Data(contentsOf: CLI.repositoryRoot.appendingPathComponent("pipeline.json"))
        var pipeline = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        change(&pipeline)
        let url = folder.appendingPathComponent("mutated-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: pipeline).write(to: url)
        return url
    }

    /// Sets `params.<key>` of the first timeline step (a fade of "mask" to 1 in pipeline.json).
    static func settingFirstParameter(_ key: String, to value: Any) -> (inout [String: Any]) -> Void {
        { pipeline in
            var steps = pipeline["timeline"] as! [[String: Any]]
            var params = steps[0]["params"] as! [String: Any]
            params[key] = value
            steps[0]["params"] = params
            pipeline["timeline"] = steps
        }
    }

    @Test func everyShippedPipelineIsValid() throws {
        let files = Self.shippedPipelines
        #expect(files.count > 10)
        let verdicts = try Self.verdicts(files)
        #expect(verdicts == files.map { "\($0.path): valid" })
    }

    enum UnknownKey: String, CaseIterable { case topLevel, inALayer, inAStepsParams }

    @Test(arguments: UnknownKey.allCases) func anUnknownKeyIsInvalid(place: UnknownKey) throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try Self.mutatedPipeline(in: folder) { pipeline in
            switch place {
            case .topLevel: pipeline["colour"] = "#ffffff"
            case .inALayer:
                var layers = pipeline["layers"] as! [[String: Any]]
                layers[0]["colour"] = "#ffffff"
                pipeline["layers"] = layers
            case .inAStepsParams: Self.settingFirstParameter("colour", to: "#ffffff")(&pipeline)
            }
        }
        let verdicts = try Self.verdicts([file])
        #expect(verdicts.count == 1 && verdicts[0].hasPrefix("\(file.path): invalid"), "\(verdicts)")
        #expect(verdicts.first?.contains("colour") == true, "the message names the key: \(verdicts)")
    }

    @Test func aParameterOutOfItsRangeIsInvalid() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outOfRange = try Self.mutatedPipeline(in: folder, Self.settingFirstParameter("to", to: 2))
        let inRange = try Self.mutatedPipeline(in: folder, Self.settingFirstParameter("to", to: 0.5))
        let verdicts = try Self.verdicts([outOfRange, inRange])
        #expect(verdicts.count == 2)
        #expect(
            verdicts.first?.hasPrefix("\(outOfRange.path): invalid: 2 is greater than the maximum of 1") == true,
            "\(verdicts)")
        #expect(verdicts.last == "\(inRange.path): valid")
    }

    /// A layer's video or sequence is valid in place of its image, not beside it.
    @Test func aLayerShowsOneImageVideoOrSequence() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        func firstLayer(_ change: @escaping (inout [String: Any]) -> Void) throws -> URL {
            try Self.mutatedPipeline(in: folder) { pipeline in
                var layers = pipeline["layers"] as! [[String: Any]]
                change(&layers[0])
                pipeline["layers"] = layers
            }
        }
        let both = try firstLayer { $0["video"] = "clips/a.mp4" }
        let video = try firstLayer {
            $0["image"] = nil
            $0["video"] = ["file": "clips/a.mp4", "start": 0.5, "speed": 2, "end": "loop", "before": "hide"]
        }
        let sequence = try firstLayer {
            $0["image"] = nil
            $0["sequence"] = ["files": "shots/frame_%04d.png", "fps": 24, "end": "hide"]
        }
        let verdicts = try Self.verdicts([both, video, sequence])
        #expect(verdicts.count == 3)
        #expect(verdicts.first?.hasPrefix("\(both.path): invalid") == true, "\(verdicts)")
        #expect(Array(verdicts.dropFirst()) == ["\(video.path): valid", "\(sequence.path): valid"])
    }

    @Test func outputQualityFollowsTheDecoder() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        func quality(_ value: Int) throws -> URL {
            try Self.mutatedPipeline(in: folder) { pipeline in
                var output = pipeline["output"] as! [String: Any]
                output["quality"] = value
                pipeline["output"] = output
            }
        }
        let (good, bad) = (try quality(90), try quality(101))
        let verdicts = try Self.verdicts([good, bad])
        #expect(verdicts.first == "\(good.path): valid", "\(verdicts)")
        #expect(verdicts.last?.hasPrefix("\(bad.path): invalid") == true, "\(verdicts)")
    }

    @Test func pluginsGivenWithPluginsOptionAreDescribed() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plugins = folder.appendingPathComponent("plugins")
        try PluginFixtures.compile(ThirdPartyPluginFixture.nudge, to: plugins.appendingPathComponent("nudge.so"))
        let valid = try PluginFixtures.write(ThirdPartyPluginFixture.pipeline, to: "nudge.json", in: folder)
        let tooFar = try PluginFixtures.write(
            ThirdPartyPluginFixture.pipeline.replacingOccurrences(of: #""distance": 30"#, with: #""distance": 5000"#),
            to: "too-far.json", in: folder)
        let verdicts = try Self.verdicts([valid, tooFar], plugins: [plugins.path])
        #expect(verdicts.first == "\(valid.path): valid")
        #expect(
            verdicts.last?.hasPrefix("\(tooFar.path): invalid: 5000 is greater than the maximum of 1000") == true,
            "\(verdicts)")
    }

    /// Editors show a key's description as its help: the format's keys and the plugins' parameters have one.
    @Test func keysCarryDescriptionsForEditors() throws {
        let result = try CLI.run(["schema"])
        #expect(result.status == 0)
        let schema = try JSONSerialization.jsonObject(with: result.stdoutData)
        func member(_ keys: String...) -> Any? { keys.reduce(schema) { ($0 as? [String: Any])?[$1] } }
        #expect(member("$schema") as? String == "https://json-schema.org/draft/2020-12/schema")
        #expect(member("properties", "layers", "items", "$ref") as? String == "#/$defs/layer")
        #expect(
            member("$defs", "layer", "properties", "opacity", "description") as? String == "0 transparent to 1 opaque")
        #expect(
            member("$defs", "layer", "properties", "sublayers", "items", "$ref") as? String == "#/$defs/layer",
            "sublayers are layers")
        #expect(
            result.stdout.contains(#""description": "opacity at the end (number)""#), "the fade animator's parameter")
    }

    @Test func helpShowsAnExample() throws {
        let result = try CLI.run(["schema", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("pipeline schema > pipeline.schema.json"), "\(result.stdout)")
    }
}
