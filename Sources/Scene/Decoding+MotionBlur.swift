/// The layers' `motionBlur` keys, read once the timeline says what moves.
extension Decoding {
    /// The canvas's motion blur with the layers' own settings; nil when the canvas has none.
    /// `false` is taken on any layer (a template may turn blur off where nothing moves yet);
    /// `true` and a sample count are refused where they could change nothing: without the
    /// canvas's motion blur, or (a count) on a layer that nothing moves (see `movingLayers`).
    func decodeLayerBlur(layers: [SceneLayer], steps: [Step], canvasAsks: Bool) throws(SceneError) -> MotionBlur? {
        let asking = layerBlurFields.filter { if case .bool(false) = $0.field.node.value { false } else { true } }
        guard var blur = canvas.motionBlur else {
            // A canvas motionBlur that could not be read is reported as such, not here again.
            if !canvasAsks, let first = asking.first {
                throw first.field.error(
                    "a layer's motionBlur has no effect without the canvas's; add \"motionBlur\": {} to the canvas")
            }
            return nil
        }
        let moving = Self.movingLayers(layers, steps: steps)
        for (index, field) in layerBlurFields {
            let samples: Int
            switch field.node.value {
            case .bool(let on): samples = on ? blur.samples : 0
            case .object:
                let fields = try field.object(Keys.layerMotionBlur)
                samples = try fields.required("samples", "the layer's samples, 1 to 64")
            default: throw field.mismatch("true, false or an object {\"samples\": n}")
            }
            guard moving.contains(index) || samples == 0 || samples == blur.samples else {
                throw field.error(
                    "layer \"\(layerNames[index])\" cannot move: no animate or animator step changes it or a layer "
                        + "holding it, so its own samples would change nothing; leave the key out or give false")
            }
            if samples != blur.samples, moving.contains(index) { blur.layerSamples[index] = samples }
        }
        return blur
    }

    /// The layers whose states can change over time: those an `animate` or animator step
    /// changes, and every layer inside one of them. A layer's motionBlur chooses which samples'
    /// states it shows, so on any other layer it would change nothing (a mixer's progress and a
    /// text's wiggly selectors are sampled for the whole frame, not per layer; what a layer shows,
    /// footage, Lottie frames, strings and caption cues, is not sampled).
    static func movingLayers(_ layers: [SceneLayer], steps: [Step]) -> Set<Int> {
        var moving = Set<Int>()
        for step in steps {
            switch step.action {
            case .animate(_, let target), .property(_, let target): moving.insert(target)
            case .mix, .volume: break
            }
        }
        // Parents come before their sublayers (depth first).
        for (index, layer) in layers.enumerated() {
            if let parent = layer.parent, moving.contains(parent) { moving.insert(index) }
        }
        return moving
    }
}
