import Testing

@testable import PluginCheck

/// How a check names and orders what it does: the three passes (forward on one thread, then
/// reversed and shuffled the same way on every run), operation codes as they travel between
/// the processes, and how a plan describes each operation in reports.
@Suite struct CheckPlanTests {
    @Test func threePassesCallEveryCallOnce() {
        let passes = CheckPass.all(callCount: 40, threads: 4)
        #expect(passes.map(\.number) == [1, 2, 3])
        #expect(passes.map(\.threads) == [1, 4, 4])
        #expect(
            passes.map(\.description) == [
                "pass 1 (forward, 1 thread)", "pass 2 (reversed, 4 threads)",
                "pass 3 (shuffled, 4 threads)",
            ])
        #expect(passes[0].order == Array(0..<40) && passes[1].order == Array((0..<40).reversed()))
        #expect(passes[2].order.sorted() == Array(0..<40))
        #expect(passes[2].order != passes[0].order && passes[2].order != passes[1].order)
    }

    @Test func theShuffleIsTheSameOnEveryRun() {
        let first = CheckPass.all(callCount: 100, threads: 2)[2].order
        #expect(CheckPass.all(callCount: 100, threads: 8)[2].order == first)
        #expect(CheckPass.all(callCount: 0, threads: 2).allSatisfy { $0.order.isEmpty })
        // SplitMix64's reference sequence from seed 0, on every platform (unlike the system generator).
        var generator = SplitMix(seed: 0)
        let values = (0..<3).map { _ in generator.next() }
        #expect(values == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
    }

    @Test(arguments: [CheckOperation.create(0), .call(17), .destroy(3), .deinitialize, .call(123_456)])
    func operationCodesRoundTrip(_ operation: CheckOperation) {
        #expect(CheckOperation(code: operation.code) == operation)
    }

    @Test func malformedCodesAreNoOperation() {
        #expect(CheckOperation.call(17).code == "k17" && CheckOperation.deinitialize.code == "x")
        for code in ["", "k", "x1", "q3", "c-1", "k1.5", "17", "kk1"] {
            #expect(CheckOperation(code: code) == nil, "\"\(code)\"")
        }
    }

    @Test func operationsComeInPlanOrder() {
        let shuffled: [CheckOperation] = [.deinitialize, .destroy(0), .call(2), .create(1), .call(0), .create(0)]
        #expect(shuffled.sorted() == [.create(0), .create(1), .call(0), .call(2), .destroy(0), .deinitialize])
    }

    @Test func thePlanDescribesEachOperation() {
        let plan = CheckProblemTests.plan
        #expect(plan.describe(.create(1)) == "create with to = 1 (max)")
        #expect(plan.describe(.call(0)) == "apply at progress -0.1 with defaults")
        #expect(plan.describe(.call(12)) == "apply at progress 1 with to = 1 (max)")
        #expect(plan.describe(.call(14)) == "called at t = 0")
        #expect(plan.describe(.destroy(0)) == "destroy with defaults")
        #expect(plan.describe(.deinitialize) == "deinit")
        #expect(plan.function(of: .call(14)) == "curve" && plan.function(of: .call(3)) == "apply")
        #expect(plan.subject(of: .call(16))?.kindAndName == "timing curve \"bounce\"")
        #expect(plan.subject(of: .deinitialize) == nil)
    }
}
