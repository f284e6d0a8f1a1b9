import CAnimatorABI
import Scene

/// What one instant looks like before pixels: every layer's state (the ABI's and the host's),
/// and the mixer steps that are running with their progress.
public struct FrameState {
    public var layers: [anim_layer_t]
    public var host: [HostLayerState]
    public var mixes: [(step: Int, progress: Double)]
}
