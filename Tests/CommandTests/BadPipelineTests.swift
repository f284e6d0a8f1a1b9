import CommandTestSupport
import Foundation
import Testing

/// A wrong pipeline file exits 1 before any frame is rendered, and the message says what is
/// wrong, where (file:line:column and JSON path), and what would be right.
@Suite struct BadPipelineTests {
    /// Writes `json` as pipeline.json in a fresh folder and runs `pipeline <command> pipeline.json`.
    private func run(_ json: String, command: String = "validate") throws -> CLI.Result {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PluginFixtures.write(json, to: "pipeline.json", in: folder)
        let result = try CLI.run([command, "pipeline.json"], in: folder)
        #expect(!result.crashed)
        if command == "run" {
            #expect(
                !FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path), "nothing is written"
            )
        }
        return result
    }

    /// `file:line:column: ` at the start of the error, whatever the position.
    private func hasPlace(_ stderr: String) -> Bool {
        stderr.contains(#/error: pipeline\.json:\d+:\d+: /#)
    }

    @Test func theSmallPipelineIsValid() throws {
        let result = try run(PluginFixtures.pipeline())
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test(arguments: ["validate", "run"]) func brokenJSONNamesLineAndColumn(command: String) throws {
        let result = try run(
            "{\n  \"version\": 1,\n  \"canvas\": { \"width\": 64 \"height\": 64 }\n}\n", command: command)
        #expect(result.status == 1)
        // Column 27 is the `"` of "height", where the missing comma should be.
        #expect(result.stderr.contains("pipeline.json:3:27: "), "\(result.stderr)")
        #expect(result.stderr.contains("expected ','"))
    }

    @Test func unknownAnimatorSuggestsTheNearestName() throws {
        let result = try run(PluginFixtures.pipeline(animator: "fdae"))
        #expect(result.status == 1)
        #expect(hasPlace(result.stderr))
        #expect(result.stderr.contains("timeline[0].animator"))
        #expect(result.stderr.contains(#"unknown animator "fdae""#))
        #expect(result.stderr.contains(#"did you mean "fade"?"#), "\(result.stderr)")
    }

    @Test func parameterOutOfRangeStatesTheRange() throws {
        let result = try run(PluginFixtures.pipeline(params: #"{ "to": 1.5 }"#), command: "run")
        #expect(result.status == 1)
        #expect(hasPlace(result.stderr))
        #expect(result.stderr.contains("timeline[0].params.to: 1.5 is out of range"))
        #expect(result.stderr.contains("0...1"), "\(result.stderr)")
    }

    @Test func parameterOfTheWrongTypeStatesTheType() throws {
        let result = try run(PluginFixtures.pipeline(params: #"{ "to": "high" }"#))
        #expect(result.status == 1)
        #expect(hasPlace(result.stderr))
        #expect(result.stderr.contains("timeline[0].params.to"))
        #expect(result.stderr.contains("expected a number"), "\(result.stderr)")
    }

    @Test func misspelledStepKeySuggestsTheKnownKey() throws {
        let json = PluginFixtures.pipeline().replacingOccurrences(
            of: #""duration": 0.5, "params""#, with: #""duraton": 0.5, "params""#)
        let result = try run(json)
        #expect(result.status == 1)
        #expect(hasPlace(result.stderr))
        #expect(result.stderr.contains("timeline[0]"))
        #expect(result.stderr.contains(#"unknown key "duraton""#))
        #expect(result.stderr.contains(#"did you mean "duration"?"#), "\(result.stderr)")
    }

    @Test func unknownTopLevelKeyListsTheKnownKeys() throws {
        let result = try run(PluginFixtures.pipeline(top: #" "colour": "red","#))
        #expect(result.status == 1)
        #expect(result.stderr.contains("pipeline.json:2:17: "), "\(result.stderr)")
        #expect(result.stderr.contains(#"unknown key "colour""#))
        #expect(result.stderr.contains(#""canvas""#) && result.stderr.contains(#""timeline""#))
    }

    @Test func unknownParameterKeySuggestsTheParameter() throws {
        let result = try run(PluginFixtures.pipeline(params: #"{ "too": 0.5 }"#))
        #expect(result.status == 1)
        #expect(hasPlace(result.stderr))
        #expect(result.stderr.contains("timeline[0].params"))
        #expect(result.stderr.contains(#""too""#) && result.stderr.contains(#""to""#), "\(result.stderr)")
    }

    @Test func missingImageNamesTheFile() throws {
        let result = try run(PluginFixtures.pipeline(layer: #""image": "assets/missing.png""#), command: "run")
        #expect(result.status == 1)
        #expect(hasPlace(result.stderr))
        #expect(result.stderr.contains("layers[0].image"))
        #expect(result.stderr.contains("assets/missing.png"), "\(result.stderr)")
    }

    @Test func curveWithTooFewArgumentsSaysHowManyItTakes() throws {
        let result = try run(PluginFixtures.pipeline(step: #", "timing": { "curve": "elastic-out", "args": [1] }"#))
        #expect(result.status == 1)
        #expect(hasPlace(result.stderr))
        #expect(result.stderr.contains("timeline[0].timing.args"))
        #expect(result.stderr.contains("takes 2 arguments"))
        #expect(result.stderr.contains("amplitude, period"), "\(result.stderr)")
    }

    @Test func fractionalIntegerCurveArgumentIsRefused() throws {
        let result = try run(PluginFixtures.pipeline(step: #", "timing": { "curve": "steps", "args": [2.5] }"#))
        #expect(result.status == 1)
        #expect(hasPlace(result.stderr))
        #expect(result.stderr.contains("timeline[0].timing.args[0]"))
        #expect(result.stderr.contains("integer") && result.stderr.contains("2.5"), "\(result.stderr)")
    }
}
