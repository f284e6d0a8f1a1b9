import PluginDescriptions
import Testing
import Timing

/// What these tests hand curve evaluations: their curves are the host's own, so a plugin curve
/// call is a failure of the test.
struct HostCurvesOnly: PluginCurveCalls {
    func value(of curve: CurveEntry, at progress: Double, arguments: [Double]) -> Double {
        Issue.record("plugin curve \(curve.name) called where only host curves run")
        return .nan
    }
}
