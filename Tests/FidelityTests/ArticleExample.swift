import CAnimatorABI
import Foundation
import PluginRegistry
import RegistryTestSupport
import Renderer
import Scene
import Testing

/// One of the repository's pipelines (an example, or pipeline.json) evaluated in this process
/// with the in-repo plugins: the layer states at any time, read as the numbers an article states.
struct ArticleExample {
    let scene: Scene
    let evaluator: FrameEvaluator

    /// `examples/<name>.json`, or `pipeline.json` for "pipeline".
    init(_ name: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let file = name == "pipeline" ? "pipeline.json" : "examples/\(name).json"
        scene = try SceneDecoder.load(file: root.appendingPathComponent(file).path, registry: InRepoPlugins.registry)
        evaluator = try FrameEvaluator(scene: scene)
    }

    /// The index of the layer named `name`.
    func layer(_ name: String) throws -> Int {
        try #require(scene.layers.firstIndex { $0.name == name }, "no layer \(name)")
    }

    /// Every layer's state at timeline time `t`.
    func layers(at t: Double) throws -> [anim_layer_t] {
        try evaluator.state(at: t, frame: Int((t * scene.fps).rounded())).layers
    }

    /// The state of layer `name` at timeline time `t`.
    func state(of name: String, at t: Double) throws -> anim_layer_t {
        try layers(at: t)[try layer(name)]
    }

    /// The radius of the circle that masks (or, as a hole, unmasks) layer `name` at `t`: the
    /// first circle among its mask's shapes, in the layer's own pixels.
    func circle(of name: String, at t: Double) throws -> (centre: (x: Double, y: Double), radius: Double) {
        let mask = try state(of: name, at: t).mask
        let shapes = withUnsafeBytes(of: mask.shapes) { Array($0.bindMemory(to: anim_mask_shape_t.self)) }
        let circle = try #require(
            shapes.prefix(Int(mask.shape_count)).first { $0.kind == UInt32(ANIM_MASK_SHAPE_CIRCLE) },
            "\(name) has no circle in its mask at \(t) s")
        return ((circle.rect.x + circle.rect.width / 2, circle.rect.y + circle.rect.height / 2), circle.rect.width / 2)
    }

    /// Step `index`'s span in timeline seconds.
    func span(ofStep index: Int) -> (start: Double, duration: Double) {
        let timing = scene.timing(ofStep: index)
        return (timing.start, timing.duration)
    }
}

/// 375×667: the phone screens of the examples. Its diagonal is what article 000 grows circles by.
let screenDiagonal = hypot(375.0, 667.0)

/// Whether two numbers agree within `tolerance`.
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }
