import CAnimatorABI

/// What one instant looks like before pixels: every layer's state, and the mixer steps that
/// are running with their progress.
public struct FrameState {
    public var layers: [anim_layer_t]
    public var mixes: [(step: Int, progress: Double)]
}
