import CAnimatorABI

/// What a pipeline file may say but most likely does not mean, found without running plugin
/// code (so `validate` finds them): each is a `SceneError` at the place to change, which
/// `validate` prints as a warning (an error with `--strict`).
///
/// - a step that starts at or after the render's end never shows;
/// - a mixer blending from or to a layer that is hidden or fully transparent when it starts, or
///   inside one that is (no step has changed it by then), blends into or out of nothing;
/// - two steps running the same animator on the same layer over overlapping spans fight over the
///   same properties, and the later one wins.
struct SceneWarnings {
    let scene: Scene
    /// Each step's field in the file, in the order of `scene.steps`.
    let stepFields: [Field]

    var all: [SceneError] { startsAfterTheEnd + blendsNothing + overlapping }

    private var startsAfterTheEnd: [SceneError] {
        scene.steps.indices.compactMap { index in
            guard case .own(let timing) = scene.steps[index].clock, timing.start >= scene.duration else { return nil }
            let field = stepFields[index]
            return (field.member("start") ?? field).error(
                "this step starts at \(seconds(timing.start)), at or after the end of the render "
                    + "(\(seconds(scene.duration))): it never shows")
        }
    }

    private var blendsNothing: [SceneError] {
        var found: [SceneError] = []
        for (index, step) in scene.steps.enumerated() {
            guard case .mix(_, let from, let to) = step.action else { continue }
            let start = scene.timing(ofStep: index).start
            for (layer, key) in [(from, "from"), (to, "to")] {
                // A hidden or transparent parent hides its sublayers as well.
                let hiding = ([layer] + scene.tree.ancestors(of: layer)).first { candidate in
                    let base = scene.layers[candidate].base
                    return (base.hidden != 0 || base.opacity == 0) && !animated(candidate, before: start, except: index)
                }
                guard let hiding else { continue }
                let base = scene.layers[hiding].base
                let state = base.hidden != 0 ? "hidden" : "fully transparent (opacity 0)"
                let field = stepFields[index]
                let subject =
                    hiding == layer
                    ? "layer \"\(scene.layers[layer].name)\" is \(state)"
                    : "layer \"\(scene.layers[layer].name)\" is inside \"\(scene.layers[hiding].name)\", which is \(state)"
                found.append(
                    (field.member(key) ?? field).error(
                        "\(subject) when this mixer starts at "
                            + "\(seconds(start)): the mixer blends \(key == "from" ? "from" : "into") nothing "
                            + "(show the layer, or give it a step before the mixer)"))
            }
        }
        return found
    }

    /// Whether an animator step that has begun by `time` targets `layer`.
    private func animated(_ layer: Int, before time: Double, except skipped: Int) -> Bool {
        scene.steps.indices.contains { index in
            guard index != skipped, case .animate(_, let target) = scene.steps[index].action, target == layer else {
                return false
            }
            return scene.timing(ofStep: index).start <= time || scene.steps[index].fill.before
        }
    }

    private var overlapping: [SceneError] {
        var found: [SceneError] = []
        for later in scene.steps.indices {
            guard case .animate(let animator, let target) = scene.steps[later].action else { continue }
            let span = scene.timing(ofStep: later)
            let earlier = scene.steps.indices.prefix(later).first { index in
                guard case .animate(let other, let otherTarget) = scene.steps[index].action,
                    other.name == animator.name, otherTarget == target
                else { return false }
                let otherSpan = scene.timing(ofStep: index)
                return span.start < otherSpan.end && otherSpan.start < span.end
            }
            guard let earlier else { continue }
            let other = scene.timing(ofStep: earlier)
            let field = stepFields[later]
            found.append(
                (field.member("animator") ?? field).error(
                    "\(scene.steps[earlier].path) also runs \"\(animator.name)\" on \"\(scene.layers[target].name)\" "
                        + "(\(seconds(other.start)) to \(seconds(other.end))): where the two overlap, this later step "
                        + "wins"))
        }
        return found
    }

    private func seconds(_ value: Double) -> String { "\(format(value)) s" }
}
