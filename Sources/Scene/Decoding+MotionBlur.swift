/// The layers' `motionBlur` keys, read once the timeline says what moves.
extension Decoding {
    /// The canvas's motion blur with the layers' own settings; nil when the canvas has none.
    /// A layer's key is refused where it could change nothing: without the canvas's motion blur,
    /// or on a layer that nothing moves (see `canMove`).
    func decodeLayerBlur(layers: [SceneLayer], steps: [Step], canvasAsks: Bool) throws(SceneError) -> MotionBlur? {
        guard var blur = canvas.motionBlur else {
            // A canvas motionBlur that could not be read is reported as such, not here again.
            if !canvasAsks, let first = layerBlurFields.first {
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
            guard moving.contains(index) else {
                throw field.error(
                    "layer \"\(layerNames[index])\" cannot move: no step, mixer or animated content changes it or a "
                        + "layer holding it, so its motion blur would change nothing; leave the key out")
            }
            if samples != blur.samples { blur.layerSamples[index] = samples }
        }
        return blur
    }

    /// The layers whose pictures can change over time: those a step animates or a mixer blends,
    /// those whose content plays (a Lottie animation, a text with animators), and every layer
    /// inside one of them. A video or sequence is not counted: its frames are not blurred.
    static func movingLayers(_ layers: [SceneLayer], steps: [Step]) -> Set<Int> {
        var moving = Set<Int>()
        for step in steps {
            switch step.action {
            case .animate(_, let target), .property(_, let target): moving.insert(target)
            case .mix: moving.formUnion(step.action.mixedLayers)
            }
        }
        for (index, layer) in layers.enumerated() {
            if layer.content.lottie != nil || !(layer.content.text?.animators.isEmpty ?? true) {
                moving.insert(index)
            }
        }
        // Parents come before their sublayers (depth first).
        for (index, layer) in layers.enumerated() {
            if let parent = layer.parent, moving.contains(parent) { moving.insert(index) }
        }
        return moving
    }
}
