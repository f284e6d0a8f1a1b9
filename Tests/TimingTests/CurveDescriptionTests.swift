import PluginRegistry
import Testing
import Timing

/// Every curve names itself as a pipeline file would: charts print these words beside each
/// step, whichever process runs the curve's code.
@Suite struct CurveDescriptionTests {
    @Test func theNamedCurvesByTheirNames() {
        for name in NamedCurves.names {
            #expect(NamedCurves.curve(named: name)?.description == name)
        }
        #expect(LinearCurve().description == "linear")
        #expect(CubicBezierCurve(0.42, 0, 0.58, 1).description == "ease-in-out")
    }

    @Test func otherBeziersByTheirControlPoints() {
        #expect(CubicBezierCurve(0.2, 0, 0, 1).description == "cubic-bezier(0.2, 0, 0, 1)")
        #expect(CubicBezierCurve(0.3, -0.55, 0.7, 1.55).description == "cubic-bezier(0.3, -0.55, 0.7, 1.55)")
        #expect(CubicBezierCurve(0.123456, 0.1, 0.9, 1).description == "cubic-bezier(0.123, 0.1, 0.9, 1)")
        #expect(CubicBezierCurve(0.42, 0, 1, 0.99).description == "cubic-bezier(0.42, 0, 1, 0.99)", "nearly ease-in")
    }

    @Test func springsByTheirDampingRatioWhicheverWayTheyAreGiven() {
        #expect(SpringCurve(dampingRatio: 0.7, duration: 0.5).description == "spring, damping ratio 0.7")
        // ζ = c / (2√(km)) = 10 / (2 · 10)
        #expect(SpringCurve(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0, duration: 1).description
            == "spring, damping ratio 0.5")
        // SwiftUI's bounce 0.3 is a damping ratio of 0.7.
        #expect(SpringCurve(duration: 0.5, bounce: 0.3, span: 1).description == "spring, damping ratio 0.7")
    }

    @Test func aPluginCurveByItsRegisteredNameAndArguments() throws {
        #expect(try PluginCurveTests.curve("back-out").bound(to: [1.2]).description == "back-out(1.2)")
        #expect(try PluginCurveTests.curve("back-out").bound(to: [1.70158]).description == "back-out(1.702)")
        #expect(try PluginCurveTests.curve("elastic-out").bound(to: [1, 0.3]).description == "elastic-out(1, 0.3)")
        #expect(try PluginCurveTests.curve("bounce-out").bound(to: []).description == "bounce-out")
    }
}

/// A plugin curve runs its code through the calls the render hands it (here, or in a plugin
/// child); the host's curves never call them.
@Suite struct PluginCurveCallTests {
    /// Calls in this process and keeps what was asked.
    final class RecordingCalls: PluginCurveCalls {
        var calls: [(name: String, progress: Double, arguments: [Double])] = []

        func value(of curve: CurveEntry, at progress: Double, arguments: [Double]) -> Double {
            calls.append((curve.name, progress, arguments))
            return curve.curve.call(progress: progress, arguments: arguments)
        }
    }

    @Test func aPluginCurveIsCalledThroughTheCallsItIsHanded() throws {
        let entry = try PluginCurveTests.curve("elastic-out")
        let curve = entry.bound(to: [1, 0.4])
        let recording = RecordingCalls()
        #expect(curve.value(at: 0.6, plugins: recording) == entry.curve.call(progress: 0.6, arguments: [1, 0.4]))
        #expect(recording.calls.map(\.name) == ["elastic-out"])
        #expect(recording.calls.map(\.progress) == [0.6] && recording.calls.map(\.arguments) == [[1, 0.4]])
        #expect(curve.pluginEntry?.name == "elastic-out")
    }

    @Test func hostCurvesCallNoPlugin() {
        let recording = RecordingCalls()
        let curves: [any TimingCurve] = [
            LinearCurve(), CubicBezierCurve(0.2, 0, 0, 1), SpringCurve(dampingRatio: 0.5, duration: 1),
        ]
        for curve in curves {
            _ = curve.value(at: 0.5, plugins: recording)
            #expect(curve.pluginEntry == nil, "\(curve)")
        }
        #expect(recording.calls.isEmpty)
    }
}
