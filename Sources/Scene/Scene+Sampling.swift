/// What charts of a scene (the contact sheet's timing chart, the preview page's) share: sample
/// times across the render and a step's short label.
extension Scene {
    /// The time of the last frame a render writes (one frame's length for a single frame).
    public var lastFrameTime: Double {
        let last = Double(frameCount - 1) / fps
        return last > 0 ? last : 1 / fps
    }

    /// `count` wall times evenly spaced from the first frame to the last.
    public func sampleTimes(count: Int) -> [Double] {
        guard count > 1 else { return [0] }
        let end = lastFrameTime
        return (0..<count).map { end * Double($0) / Double(count - 1) }
    }

    /// "move-and-scale → poster", for a mixer "cross-dissolve: old → new", for an animation
    /// "opacity → card"; a sublayer is named by its path from the top ("card/title").
    public func actionLabel(ofStep index: Int) -> String {
        let names = layers.map(\.name)
        return steps[index].action.role.label { tree.path(of: $0, names: names) }
    }
}
