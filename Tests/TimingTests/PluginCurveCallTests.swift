import PluginDescriptions
import PluginRegistry
import RegistryTestSupport
import Testing
import Timing

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
        let entry = try InRepoPlugins.curve("elastic-out")
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
