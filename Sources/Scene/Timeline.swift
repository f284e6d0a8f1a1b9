import Timing

/// Step progress over timeline time: each step's own timing or that of the step it runs
/// alongside, flipped for reversed steps.
extension Scene {
    /// The progress of step `index` at timeline time `t`, or nil where the step has no effect:
    /// before its start, and after its end, unless its fill mode keeps its start or end state
    /// there. `plugins` runs the curve's code if a plugin provides it.
    /// In a dismiss or pop each leg runs forwards along the curve as the render plays the
    /// timeline backwards: a leg whose progress falls in the render (every leg but an
    /// autoreverse's way back) shows 1 − curve(1 − l) (see `SceneClock.Direction`).
    public func progress(ofStep index: Int, at t: Double, plugins: some PluginCurveCalls) -> Double? {
        guard clock.direction.turnsCurves else {
            return filled(ofStep: index, at: t) { timing, time in timing.progress(at: time, plugins: plugins) }
        }
        return filled(ofStep: index, at: t) { timing, time in
            timing.leg(at: time).map { leg in
                leg.returning
                    ? timing.curve.value(at: leg.progress, plugins: plugins)
                    : 1 - timing.curve.value(at: 1 - leg.progress, plugins: plugins)
            }
        }
    }

    /// Whether step `index`'s curves run turned at `t`: in a dismiss or pop, on a leg whose
    /// progress falls in the render. A keyframe step's segment timing functions turn with it
    /// (unless the step is `reverse`d, which makes its keyframes run forwards in the render).
    public func turnsCurves(ofStep index: Int, at t: Double) -> Bool {
        guard clock.direction.turnsCurves else { return false }
        let span = timing(ofStep: index)
        return !(span.leg(at: max(t, span.start))?.returning ?? false)
    }

    /// The same without the timing curve: what the renderer falls back to when a curve returns
    /// a value that is not finite.
    public func linearProgress(ofStep index: Int, at t: Double) -> Double? {
        filled(ofStep: index, at: t) { timing, time in timing.linearProgress(at: time) }
    }

    /// What mixer step `index` shows at `t` outside its span where its fill shows one of its
    /// layers alone (`Step.Fill.Side.layer`), or nil: before its start the layer its start state
    /// shows (`from`; `to` for a reversed step), after its end the one its end state shows (`to`;
    /// `from` for a step that ends back at its start, reversed or autoreversing), the other hidden.
    public func layerAlone(byStep index: Int, at t: Double) -> LayerAlone? {
        guard case .mix(_, let from, let to) = steps[index].action else { return nil }
        let span = timing(ofStep: index)
        let edge: Double
        if t < span.start && steps[index].fill.before == .layer {
            edge = span.start
        } else if t > span.end && steps[index].fill.after == .layer {
            edge = span.end
        } else {
            return nil
        }
        let shown = progress(ofStep: index, at: edge) { timing, time in timing.linearProgress(at: time) } ?? 0
        let (layer, other) = shown < 0.5 ? (from, to) : (to, from)
        return LayerAlone(layer: layer, hidden: other, place: max(from, to), tree: tree)
    }

    /// What the mixer steps show at `t`. `alone`: the layers they show alone in the place of
    /// another (`layerAlone(byStep:at:)`), but for those whose other layer a mixer running at `t`
    /// blends (that layer stays drawn); the renderer hides or replaces each `hidden` layer
    /// (`FrameEvaluator.state`). `hiddenFootage`: the layers whose footage the frame does not draw
    /// (`HiddenFootage`). Needs no plugin: which steps run at `t` does not depend on their curves.
    public func mixerShowing(at t: Double) -> (alone: [LayerAlone], hiddenFootage: HiddenFootage) {
        var shownAlone: [LayerAlone] = []
        var blended = Set<Int>()
        for index in steps.indices {
            if linearProgress(ofStep: index, at: t) != nil {
                blended.formUnion(steps[index].action.mixedLayers)
            } else if let shown = layerAlone(byStep: index, at: t) {
                shownAlone.append(shown)
            }
        }
        let alone = shownAlone.filter { !blended.contains($0.hidden) }
        let footage = HiddenFootage(
            hidden: Set(alone.map(\.hidden)), drawnApart: blended.union(shownAlone.map(\.layer)))
        return (alone, footage)
    }

    /// The layers whose footage the frame at `t` does not draw (`mixerShowing(at:)`).
    public func hiddenFootage(at t: Double) -> HiddenFootage { mixerShowing(at: t).hiddenFootage }

    /// The timing step `index` runs on (that of the step it runs alongside, for a follower).
    public func timing(ofStep index: Int) -> StepTiming { steps.timing(ofStep: index) }

    /// The duration of step `index`.
    public func duration(ofStep index: Int) -> Double { timing(ofStep: index).duration }
}

extension Scene {
    /// Step `index`'s progress at `t` from `own`, where its fill gives it one: before the start
    /// the start state (fill backwards), after the end the end state (fill forwards).
    private func filled(ofStep index: Int, at t: Double, _ own: (StepTiming, Double) -> Double?) -> Double? {
        let step = steps[index]
        let span = timing(ofStep: index)
        if t < span.start {
            guard step.fill.before == .state else { return nil }
            return progress(ofStep: index, at: span.start, own)
        }
        if t > span.end && step.fill.after != .state { return nil }
        return progress(ofStep: index, at: t, own)
    }

    /// Step `index`'s progress from `own`, applied to the timing it runs on, flipped for a reversed step.
    private func progress(ofStep index: Int, at t: Double, _ own: (StepTiming, Double) -> Double?) -> Double? {
        let step = steps[index]
        let value: Double? =
            switch step.clock {
            case .own(let timing): own(timing, t)
            case .alongside(let leader): progress(ofStep: leader, at: t, own)
            }
        return value.map { step.reverse ? 1 - $0 : $0 }
    }
}
