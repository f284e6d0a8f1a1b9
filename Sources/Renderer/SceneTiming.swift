import Scene

/// A scene's step progress and clock, its plugin curves called where the render runs plugin
/// code: what a frame's evaluation and a chart's samples read. `FrameEvaluator` lends one for
/// the length of a call (`evaluatingCurves`).
public struct SceneTiming {
    public let scene: Scene
    let caller: any PluginCurveCaller

    /// Step `index`'s eased progress at timeline time `t`, or nil before it starts.
    public func progress(ofStep index: Int, at t: Double) -> Double? {
        scene.progress(ofStep: index, at: t, plugins: CurveCallsAtUse(caller: caller, use: .step(index)))
    }

    /// The timeline time frame `frame` shows (see `Scene.time(ofFrame:plugins:)`).
    public func time(ofFrame frame: Int) -> Double {
        scene.time(ofFrame: frame, plugins: CurveCallsAtUse(caller: caller, use: .completion))
    }

    /// The timeline time shown `seconds` into the render.
    public func time(atWallTime seconds: Double) -> Double {
        scene.time(atWallTime: seconds, plugins: CurveCallsAtUse(caller: caller, use: .completion))
    }
}
