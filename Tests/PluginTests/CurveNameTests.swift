import CommandTestSupport
import Foundation
import Testing

/// Plugin curves by name: one without extra arguments, or with defaults, works alone; one
/// whose arguments have no defaults needs "args".
@Suite struct CurveNameTests {
    func validate(timing: String) throws -> CLI.Result {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PluginFixtures.write(PluginFixtures.pipeline(step: #", "timing": \#(timing)"#), to: "p.json", in: folder)
        let result = try CLI.run(["validate", "p.json"], in: folder)
        #expect(!result.crashed)
        return result
    }

    @Test(arguments: [
        #""bounce-out""#, #"{"curve": "bounce-out"}"#, #"{"curve": "bounce-out", "args": []}"#, #""elastic-out""#,
    ])
    func curvesThatNeedNoArgumentsWorkByName(timing: String) throws {
        let result = try validate(timing: timing)
        #expect(result.status == 0, "\(timing): \(result.stderr)")
    }
}
