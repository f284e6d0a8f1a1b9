import CAnimatorABI

/// What a pipeline file may say but most likely does not mean, found without running plugin
/// code (so `validate` finds them): each is a `SceneError` at the place to change, which
/// `validate` prints as a warning (an error with `--strict`).
///
/// - a step that starts at or after the render's end never shows;
/// - a mixer blending from or to a layer that is hidden or fully transparent when it starts, or
///   inside one that is (no step has changed it by then), blends into or out of nothing;
/// - a layer that an `animate` step fades in later shows at its full opacity until then;
/// - a layer drawn opaque over a whole layer below it hides it until its first step starts, when
///   that step has no effect before it (see `coversBeforeComingIn`);
/// - two steps running the same animator on the same layer, or animating the same key path of it,
///   over overlapping spans fight over the same properties, and the later one wins;
/// - `cancelRemoves` on an interactive transition that finishes takes nothing away;
/// - a GLSL transition's uniform without a default that the step does not set is zero;
/// - caption cues that start at or after the render's end never show (one warning per file);
/// - a caption highlight over cues without inline timestamps lights words at estimated times;
/// - `output.subtitles` writes nothing into formats that carry no subtitles, nor when no text
///   layer has captions;
/// - `output.loudness` has no mix to bring to its loudness when no format carries sound, or the
///   pipeline plays none.
struct SceneWarnings {
    let scene: Scene
    /// Each step's field in the file, in the order of `scene.steps`.
    let stepFields: [Field]
    /// The file's `interaction`, if it has one.
    var interactionField: Field? = nil
    /// The file's `output`, if it has one.
    var outputField: Field? = nil

    var all: [SceneError] {
        startsAfterTheEnd + blendsNothing + shownBeforeFadingIn + coversBeforeComingIn + overlapping + removesNothing
            + unsetUniforms + captionsOutsideTheRender + estimatedWordTimes + subtitlesNotWritten + loudnessNotApplied
    }

    private var written: [OutputFormat] { OutputFormat.written(scene.output.formats, scene.output.previews) }

    /// `output.subtitles` where the formats listed cannot carry them, or no text has captions.
    private var subtitlesNotWritten: [SceneError] {
        guard scene.output.subtitles, let field = outputField?.member("subtitles") else { return [] }
        return SubtitleWarnings.messages(formats: written, scene: scene).map { field.error($0) }
    }

    /// `output.loudness` where no format listed carries sound, or nothing plays any.
    private var loudnessNotApplied: [SceneError] {
        guard scene.output.loudness != nil, let field = outputField?.member("loudness") else { return [] }
        return LoudnessWarnings.messages(formats: written, scene: scene).map { field.error($0) }
    }

    /// Caption cues that start at or after the render's end never show: one warning per file,
    /// naming the first (a long file past a short render would otherwise fill the screen).
    private var captionsOutsideTheRender: [SceneError] {
        scene.layers.compactMap { layer -> SceneError? in
            guard let captions = layer.content.text?.captions else { return nil }
            let late = captions.track.cues.filter { $0.start >= scene.duration }
            guard let first = late.min(by: { ($0.start, $0.fileLine) < ($1.start, $1.fileLine) }) else { return nil }
            let end = "at or after the end of the render (\(seconds(scene.duration)))"
            return SceneError(
                at: captions.origin,
                message: "\(captions.file):\(first.fileLine): "
                    + (late.count == 1
                        ? "this cue starts at \(seconds(first.start)), \(end): it never shows"
                        : "this cue, at \(seconds(first.start)), and \(late.count - 1) more start \(end): "
                            + "none of them shows"))
        }
    }

    /// A highlight over cues without inline timestamps lights their words at times shared out by
    /// `wordTiming`, not as spoken: one note per caption file, naming the first such cue.
    private var estimatedWordTimes: [SceneError] {
        scene.layers.compactMap { layer -> SceneError? in
            guard let captions = layer.content.text?.captions, let highlight = captions.style.highlight else {
                return nil
            }
            let untimed = captions.track.cues.filter { !$0.hasWordTimes && !$0.words.isEmpty }
            guard let first = untimed.first else { return nil }
            let rule =
                switch highlight.wordTiming {
                case .characters: "each word takes a share of its cue's time by its length in characters"
                case .even: "each word takes an even share of its cue's time (\"wordTiming\": \"even\")"
                }
            let subRip = captions.file.lowercased().hasSuffix(".srt")
            let total = captions.track.cues.count
            let which =
                untimed.count == total
                ? (total == 1 ? "its cue has no inline timestamps" : "none of its \(total) cues has inline timestamps")
                    + (subRip ? " (SubRip has none)" : "")
                : "\(untimed.count) of its \(total) cues have no inline timestamps, the first this one"
            return SceneError(
                at: captions.origin,
                message: "\(captions.file):\(first.fileLine): the highlight's word times are estimated: \(which), "
                    + "so \(rule); "
                    + "for the times words are spoken, give them WebVTT inline timestamps such as <00:00:01.500>")
        }
    }

    /// A GLSL transition's uniform whose file gives no default and the step no value: it is zero,
    /// which the file's author most likely did not mean.
    private var unsetUniforms: [SceneError] {
        scene.steps.enumerated().flatMap { index, step -> [SceneError] in
            guard case .mix(let mixer, _, _) = step.action else { return [] }
            return zip(mixer.parameters, step.parameters).compactMap { descriptor, bound in
                guard descriptor.hasNoDefault, bound.value.is_set == 0 else { return nil }
                let field = stepFields[index]
                return (field.member("mixer") ?? field).error(
                    "uniform \"\(descriptor.id)\" of \(mixer.plugin.path) has no default (`// = value` after its "
                        + "declaration) and this step gives it none in \"params\": it is "
                        + (descriptor.type == .image ? "a transparent image" : "zero"))
            }
        }
    }

    /// `cancelRemoves` applies only when the transition cancels.
    private var removesNothing: [SceneError] {
        guard let interaction = scene.clock.interaction, interaction.finishes, !interaction.cancelRemoves.isEmpty,
            let field = interactionField?.member("cancelRemoves")
        else { return [] }
        return [
            field.error(
                "this transition finishes (by its finishIf rule at the last sample), so cancelRemoves takes "
                    + "nothing away: it applies only to a transition that cancels")
        ]
    }

    /// `animate` opacity steps that start later than 0 from below the layer's opacity, on a
    /// layer that shows until then: the layer pops in at full opacity before it fades in. A
    /// reversed step starts from its end value.
    private var shownBeforeFadingIn: [SceneError] {
        var found: [SceneError] = []
        for (index, step) in scene.steps.enumerated() {
            guard case .property(let animation, let target) = step.action, animation.keyPath == .layer(.opacity),
                !animation.additive, step.fill.before != .state,
                let from = (step.reverse ? animation.endValue : animation.startValue)?.first
            else { continue }
            let start = scene.timing(ofStep: index).start
            let base = scene.layers[target].base
            let shown = ([target] + scene.tree.ancestors(of: target)).allSatisfy {
                scene.layers[$0].base.hidden == 0 && scene.layers[$0].base.opacity > 0
            }
            guard start > 0, from < base.opacity, shown, !animated(target, before: start, except: index) else {
                continue
            }
            let field = stepFields[index]
            found.append(
                (field.member("animate") ?? field).error(
                    "layer \"\(scene.layers[target].name)\" shows at opacity \(format(base.opacity)) until this step "
                        + "starts at \(seconds(start)), then fades in from \(format(from)): add \"fillMode\": "
                        + "\"backwards\" to keep it at \(format(from)) before the start"))
        }
        return found
    }

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

    /// Whether an animator or animate step that has begun by `time` (or applies before its start)
    /// targets `layer`.
    func animated(_ layer: Int, before time: Double, except skipped: Int) -> Bool {
        scene.steps.indices.contains { index in
            guard index != skipped, scene.steps[index].action.role.target == layer else { return false }
            return scene.timing(ofStep: index).start <= time || scene.steps[index].fill.before == .state
        }
    }

    private var overlapping: [SceneError] {
        var found: [SceneError] = []
        for later in scene.steps.indices {
            guard let change = Self.change(of: scene.steps[later]) else { continue }
            let span = scene.timing(ofStep: later)
            let earlier = scene.steps.indices.prefix(later).first { index in
                guard let other = Self.change(of: scene.steps[index]), other.what == change.what,
                    other.target == change.target
                else { return false }
                let otherSpan = scene.timing(ofStep: index)
                return span.start < otherSpan.end && otherSpan.start < span.end
            }
            guard let earlier else { continue }
            let other = scene.timing(ofStep: earlier)
            let field = stepFields[later]
            found.append(
                (field.member(change.key) ?? field).error(
                    "\(scene.steps[earlier].path) also \(change.what) on \"\(scene.layers[change.target].name)\" "
                        + "(\(seconds(other.start)) to \(seconds(other.end))): where the two overlap, this later step "
                        + "wins"))
        }
        return found
    }

    /// What a step changes of which layer, as messages say it ("runs \"fade\"", "animates
    /// opacity"), and the key naming it; nil for a mixer, or an additive animation (which adds
    /// to the others rather than replacing them).
    private static func change(of step: Step) -> (what: String, target: Int, key: String)? {
        switch step.action {
        case .animate(let animator, let target): ("runs \"\(animator.name)\"", target, "animator")
        case .property(let animation, let target) where !animation.additive:
            ("animates \(animation.keyPath.rawValue)", target, "animate")
        default: nil
        }
    }

    func seconds(_ value: Double) -> String { "\(format(value)) s" }
}
