import CAnimatorABI
import Footage
import Scene

/// Snapshot contents: a layer's picture of another layer and its sublayers at a time, taken
/// once per compositor before its first frame and shown like an image from then on.
extension Compositor {
    /// The snapshots the contents show: which content, the layer it pictures and the time.
    public var snapshotRequests: [(content: Int, snapshot: LayerSnapshot)] {
        prepared.indices.compactMap { index in prepared[index].content.snapshot.map { (index, $0) } }
    }

    /// Whether every snapshot content has its picture.
    public var hasSnapshots: Bool {
        prepared.allSatisfy { $0.content.snapshot == nil || $0.snapshot != nil }
    }

    /// Takes the picture content `index` shows: its layer and sublayers in `layers` and `host`
    /// (the states at the snapshot's time, footage shown at it), drawn in that layer's own
    /// coordinates at the render scale, at full opacity and without its shadow, as
    /// `snapshotView` pictures a view's contents.
    public func takeSnapshot(forContent index: Int, layers: [anim_layer_t], host: [HostLayerState]) {
        guard let snapshot = prepared[index].content.snapshot else { return }
        let pictured = layers[snapshot.layer]
        let width = max(1, Int((pictured.frame.width * scale).rounded(.up)))
        let height = max(1, Int((pictured.frame.height * scale).rounded(.up)))
        guard pictured.frame.width > 0, pictured.frame.height > 0, width <= 16384, height <= 16384,
            let picture = try? FrameBuffer(width: width, height: height)
        else { return }
        layers.withUnsafeBufferPointer { tree.worldTransforms(of: $0, into: &worlds) }
        self.host = host
        drawFlat(snapshot.layer, of: layers, density: scale, filtered: false, into: picture)
        prepared[index].snapshot = picture
    }
}
