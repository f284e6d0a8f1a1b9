import CAnimatorABI

/// A transition onto a layer that shows from the start: a top-level layer drawn opaque over the
/// whole of a layer below it, whose first step starts later and has no effect before it (an
/// animator without ANIM_ANIMATOR_BRINGS_IN, or a written `fillMode` that leaves the start state
/// out), hides that layer until the step starts, where a video editor shows it.
extension SceneWarnings {
    var coversBeforeComingIn: [SceneError] {
        var found: [SceneError] = []
        for (index, step) in scene.steps.enumerated() where !step.reverse && step.fill.before == .nothing {
            let start = scene.timing(ofStep: index).start
            let field = stepFields[index]
            let (upper, place): (Int, Field)
            switch step.action {
            case .animate(_, let target):
                (upper, place) = (target, field.member("fillMode") ?? field.member("animator") ?? field)
            case .mix(_, let from, let to) where to > from:
                (upper, place) = (to, field.member("fillMode") ?? field)
            default:
                continue
            }
            guard start > 0, !animated(upper, before: start, except: index), !mixedAlone(upper),
                let covered = coveredLayer(under: upper)
            else { continue }
            let (name, below) = (scene.layers[upper].name, scene.layers[covered].name)
            let fix = fix(for: step, written: field.member("fillMode"))
            found.append(
                place.error(
                    "layer \"\(name)\" covers \"\(below)\" from 0 s until this step starts at \(seconds(start)), "
                        + "so \"\(below)\" does not show before then: \(fix)"))
        }
        return found
    }

    /// What to write instead, by the step's kind and its written `fillMode`.
    private func fix(for step: Step, written: Field?) -> String {
        if case .mix = step.action { return "remove \"fillMode\" to show \"from\" alone until the mixer starts" }
        return written == nil
            ? "add \"fillMode\": \"both\" to hold the step's start state before it starts"
            : "write \"both\" to hold the step's start state before it starts"
    }

    /// Whether a mixer step shows another layer in place of `layer` before it starts (its default
    /// fill), so the layer does not show from the start.
    private func mixedAlone(_ layer: Int) -> Bool {
        scene.steps.contains { step in
            guard case .mix(_, _, let to) = step.action else { return false }
            return to == layer && step.fill.before == .layer
        }
    }

    /// The nearest top-level layer below top-level layer `upper` that draws something and lies
    /// wholly inside it while `upper` is opaque over its whole frame; nil if there is none.
    private func coveredLayer(under upper: Int) -> Int? {
        guard scene.layers[upper].parent == nil, isOpaque(upper), let cover = plainFrame(upper) else { return nil }
        return (0..<upper).reversed().first { lower in
            guard scene.layers[lower].parent == nil, shows(lower), let frame = plainFrame(lower) else { return false }
            return frame.x >= cover.x && frame.y >= cover.y && frame.x + frame.width <= cover.x + cover.width
                && frame.y + frame.height <= cover.y + cover.height
        }
    }

    /// Whether the layer shows at its base state and draws something.
    private func shows(_ index: Int) -> Bool {
        let layer = scene.layers[index]
        let content = layer.content
        let draws =
            content.fill != nil || content.image != nil || content.footage != nil || content.text != nil
            || content.svg != nil || content.lottie != nil || content.snapshot != nil || scene.tree.hasSublayers(index)
        return draws && layer.base.hidden == 0 && layer.base.opacity > 0
    }

    /// Whether the layer paints every pixel of its frame opaque at its base state: at full
    /// opacity, with no mask, matte or rounded corners, not drawn only as another's matte, over
    /// an opaque colour fill, or under a video or JPEG image that covers the frame.
    private func isOpaque(_ index: Int) -> Bool {
        let layer = scene.layers[index]
        guard layer.base.hidden == 0, layer.base.opacity >= 1, layer.base.mask.shape_count == 0,
            layer.base.corner_radius == 0, layer.content.matte == nil,
            !scene.layers.contains(where: { $0.content.matte.map { $0.layer == index && !$0.showsMatte } ?? false })
        else { return false }
        if case .color(let color) = layer.content.fill, color.a >= 1 { return true }
        let covers = layer.content.gravity == .fill || layer.content.gravity == .aspectFill
        let jpeg = layer.content.image.map { [".jpg", ".jpeg"].contains(where: $0.path.lowercased().hasSuffix) }
        return covers && (layer.content.footage != nil || jpeg == true)
    }

    /// The layer's frame on the canvas at its base state, when it is neither scaled nor turned.
    private func plainFrame(_ index: Int) -> anim_rect_t? {
        let base = scene.layers[index].base
        guard base.scale.x == 1, base.scale.y == 1, base.rotation == 0 else { return nil }
        return anim_rect_t(
            x: base.frame.x + base.translation.x, y: base.frame.y + base.translation.y, width: base.frame.width,
            height: base.frame.height)
    }
}
