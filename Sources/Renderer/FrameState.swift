import CAnimatorABI
import Scene

/// What one instant looks like before pixels: every layer's state (the ABI's and the host's),
/// the mixer steps that are running with their progress, and the layers mixer steps show alone
/// in the place of another (see `LayerAlone`).
public struct FrameState {
    public var layers: [anim_layer_t]
    public var host: [HostLayerState]
    public var mixes: [(step: Int, progress: Double)]
    public var moved: [LayerAlone] = []
    /// The layers whose footage this instant does not draw (`Scene.mixerShowing(at:)`).
    public var hiddenFootage = HiddenFootage.none
}
