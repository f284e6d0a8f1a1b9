import Foundation
import Testing

@testable import PluginCheck

/// How findings become the report's problems: grouped by kind, subject and detail, named by the
/// first operation in plan order and counted by distinct operations; comparisons that only echo
/// a call differing between passes dropped; each problem's line, the report's text, JSON and
/// exit status; and the JSON kinds' names, which scripts match.
@Suite struct CheckProblemTests {
    /// An animator `fade` with one parameter (two cases) and a curve `bounce` without arguments:
    /// calls k0…k6 are fade's defaults at each progress, k7…k13 `to = 1 (max)`, k14…k18 the curve.
    static let plan = CheckPlan(
        plugin: .init(path: "/plugins/fade.so", id: "org.example.fade", version: "1.2.0", description: "fades"),
        subjects: [
            .init(kind: .animator, name: "fade", parameters: ["to"], signature: nil),
            .init(kind: .curve, name: "bounce", parameters: [], signature: "d(d)"),
        ],
        cases: [
            .init(subject: 0, variant: "defaults", values: ["to = 0"]),
            .init(subject: 0, variant: "to = 1 (max)", values: ["to = 1"]),
            .init(subject: 1, variant: "", values: []),
        ],
        calls: (0..<2).flatMap { index in
            CheckScene.progressValues.map { CheckPlan.Call(caseIndex: index, progress: $0) }
        } + CheckScene.curveProgressValues.map { CheckPlan.Call(caseIndex: 2, progress: $0) },
        refusals: [])

    static func nan(_ operation: String, _ property: String = "opacity") -> CheckFinding {
        CheckFinding(kind: .invalidValue, operation: operation, message: "wrote \(property) = nan", detail: property)
    }

    static let findings = [
        nan("k8"), nan("k3"), nan("k3"), nan("k4", "frame.width"),
        CheckFinding(kind: .crash, operation: "c1", message: "crashed with SIGSEGV", detail: "crashed with SIGSEGV"),
        CheckFinding(
            kind: .nameClash, operation: nil, subject: 1, message: "/other/b.so registers the same name",
            detail: "/other/b.so"),
    ]

    @Test func findingsGroupIntoProblemsInPlanOrder() throws {
        let problems = CheckProblem.grouping(Self.findings, plan: Self.plan)
        #expect(problems.map(\.kind) == [.nameClash, .crash, .invalidValue, .invalidValue])
        #expect(problems.map(\.occurrences) == [1, 1, 2, 1], "k3 twice (two passes) and k8: two calls")
        #expect(problems.map { $0.subject?.name } == ["bounce", "fade", "fade", "fade"])
        #expect(problems[0].subject?.kind == "timing curve" && problems[0].call == nil)

        let crash = try #require(problems[1].call)
        #expect(crash.function == "create" && crash.progress == nil)
        #expect(crash.description == "create with to = 1 (max)" && crash.parameters == ["to = 1"])

        // Named by k3, which comes first in the plan though k8 was found first.
        let opacity = try #require(problems[2].call)
        #expect(opacity.function == "apply" && opacity.progress == 0.5 && opacity.variant == "defaults")
        #expect(opacity.description == "apply at progress 0.5 with defaults")
        #expect(problems[3].message == "wrote frame.width = nan")
    }

    @Test func aProblemReadsAsOneLine() {
        let problems = CheckProblem.grouping(Self.findings, plan: Self.plan)
        #expect(
            problems.map(\.line) == [
                "timing curve \"bounce\": /other/b.so registers the same name",
                "animator \"fade\": create with to = 1 (max): crashed with SIGSEGV",
                "animator \"fade\": apply at progress 0.5 with defaults: wrote opacity = nan (and 1 more call)",
                "animator \"fade\": apply at progress 0.75 with defaults: wrote frame.width = nan",
            ])
        let many = CheckProblem(
            kind: .incomplete, subject: nil, call: nil, message: "stopped after 12 processes", occurrences: 3)
        #expect(many.line == "stopped after 12 processes (and 2 more calls)")
    }

    @Test func comparisonsEchoingADifferingCallAreDropped() {
        let findings = [
            CheckFinding(kind: .differs, operation: "k20", message: "differs"),
            CheckFinding(kind: .splitDiffers, operation: "k20", message: "split"),
            CheckFinding(kind: .readsBeyondReach, operation: "k20", message: "reads"),
            CheckFinding(kind: .edgesNotTransparent, operation: "k20", message: "edges"),
            CheckFinding(kind: .slow, operation: "k20", message: "slow"),
            CheckFinding(kind: .beyondMargins, operation: "k21", message: "margins"),
            CheckFinding(kind: .splitDiffers, operation: nil, message: "whole plugin"),
        ]
        let kept = CheckFinding.droppingEchoesOfDiffering(findings).map(\.message)
        #expect(kept == ["differs", "slow", "margins", "whole plugin"])
    }

    @Test func theReportTextNamesThePluginItsRegistrationsAndEachProblem() {
        let report = CheckReport(
            file: "fade.so", plan: Self.plan, findings: Self.findings, operations: 129, error: nil)
        let lines = report.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            Array(lines.prefix(5)) == [
                "fade.so: org.example.fade 1.2.0 (fades)", "  animators: fade (to)", "  mixers: none",
                "  effects: none", "  timing curves: bounce",
            ])
        #expect(lines.count == 5 + 4 + 2)
        #expect(lines[9] == "fade.so: 4 problems in 129 calls over 3 passes" && lines[10] == "")
    }

    @Test func theExitStatusSaysCleanProblemsOrUncheckable() {
        let clean = CheckReport(file: "fade.so", plan: Self.plan, findings: [], operations: 129, error: nil)
        #expect(clean.status == 0 && clean.text.hasSuffix("fade.so: no problems in 129 calls over 3 passes\n"))
        #expect(clean.adding([Self.nan("k0")]).status == 1)
        let unusable = CheckReport.unusable("notes.txt", "not a plugin: no anim_plugin_init")
        #expect(unusable.status == 2 && unusable.problems.isEmpty)
        #expect(unusable.text == "notes.txt: cannot be checked: not a plugin: no anim_plugin_init\n")
    }

    @Test func theJSONReportUsesTheKindsNames() throws {
        let report = CheckReport(
            file: "fade.so", plan: Self.plan, findings: Self.findings, operations: 129, error: nil)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any])
        #expect(document["status"] as? Int == 1 && document["calls"] as? Int == 129)
        let problems = try #require(document["problems"] as? [[String: Any]])
        #expect(problems.map { $0["kind"] as? String } == ["name-clash", "crash", "invalid-value", "invalid-value"])
        let curves = try #require(document["curves"] as? [[String: Any]])
        #expect(curves.first?["signature"] as? String == "d(d)")
    }

    @Test func everyKindHasItsDocumentedName() throws {
        let names: [CheckProblem.Kind: String] = [
            .crash: "crash", .hang: "hang", .exit: "exit", .error: "error", .differs: "differs",
            .invalidValue: "invalid-value", .absurdValue: "absurd-value", .slow: "slow", .outsideRows: "outside-rows",
            .notPremultiplied: "not-premultiplied", .notOpaque: "not-opaque", .wroteInput: "wrote-input",
            .splitDiffers: "split-differs",
            .reachTooLarge: "reach-too-large", .beyondMargins: "beyond-margins",
            .readsBeyondReach: "reads-beyond-reach", .edgesNotTransparent: "edges-not-transparent",
            .wrongEnd: "wrong-end", .refused: "refused", .nameClash: "name-clash", .incomplete: "incomplete",
        ]
        for (kind, name) in names {
            #expect(kind.rawValue == name)
            #expect(CheckProblem.Kind(rawValue: name) == kind)
        }
        // Findings cross from the checking child to the parent as JSON.
        let line = #"{"detail":"opacity","kind":"invalid-value","message":"wrote opacity = nan","operation":"k3"}"#
        let finding = try JSONDecoder().decode(CheckFinding.self, from: Data(line.utf8))
        #expect(finding.kind == .invalidValue && finding.operation == "k3" && finding.subject == nil)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(finding), as: UTF8.self) == line)
    }
}
