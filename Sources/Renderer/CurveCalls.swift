import PluginDescriptions
import PluginRegistry
import Scene
import Timing

/// Where a render evaluates a timing curve: a step's timing or the interaction's completion
/// curve. A plugin curve's crash or failure names it.
enum CurveUse: Hashable {
    case step(Int)
    case completion

    /// The curve evaluated there, if the scene has one.
    func curve(in scene: Scene) -> (any TimingCurve)? {
        switch self {
        case .step(let index): scene.timing(ofStep: index).curve
        case .completion: scene.clock.interaction?.completionCurve
        }
    }

    /// Where the pipeline file gives it, for messages: "timeline[2]", "interaction.completionCurve".
    func path(in scene: Scene) -> String {
        switch self {
        case .step(let index): scene.steps[index].path.description
        case .completion: "interaction.completionCurve"
        }
    }

    /// Every use in `scene` whose curve a plugin provides, with that curve's entry.
    static func pluginCurves(in scene: Scene) -> [(use: CurveUse, entry: CurveEntry)] {
        (scene.steps.indices.map(CurveUse.step) + [.completion]).compactMap { use in
            use.curve(in: scene)?.pluginEntry.map { (use, $0) }
        }
    }
}

/// Calls the plugin curves of one frame's timing, or of one chart's, where the render runs
/// plugin code (see `PluginCalls`).
protocol PluginCurveCaller {
    /// `curve`'s value, called for `use`; NaN after keeping why the call failed.
    func value(of curve: CurveEntry, for use: CurveUse, at progress: Double, arguments: [Double]) -> Double
}

/// What a curve evaluated at one use is handed: the render's caller, told the use.
struct CurveCallsAtUse: PluginCurveCalls {
    let caller: any PluginCurveCaller
    let use: CurveUse

    func value(of curve: CurveEntry, at progress: Double, arguments: [Double]) -> Double {
        caller.value(of: curve, for: use, at: progress, arguments: arguments)
    }
}
