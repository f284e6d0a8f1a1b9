import Timing

extension Scene {
    /// The indices of the steps that animate `sound`'s volume, in timeline order.
    public func volumeSteps(of sound: SoundVolumeKeyPath) -> [Int] {
        steps.indices.filter { index in
            guard case .volume(let animation) = steps[index].action else { return false }
            return animation.keyPath == .volume(sound)
        }
    }

    /// The volume of `sound` `seconds` into the render, whose own volume is `base`: each step
    /// that animates it, in timeline order, sets it to its value at its progress then (the
    /// timeline time the frames show at that moment, as the layers' states are computed), from
    /// the volume the earlier ones left where the step leaves an end out, as `animate` steps do
    /// to a layer's key path. A spring's overshoot below silence stays silent.
    public func volume(
        of sound: SoundVolumeKeyPath, base: Double, atWallTime seconds: Double, steps indices: [Int],
        plugins: some PluginCurveCalls
    ) -> Double {
        guard !indices.isEmpty else { return base }
        let t = timelineTime(atWallTime: seconds, plugins: plugins)
        var volume = base
        for index in indices {
            guard case .volume(let animation) = steps[index].action,
                let progress = self.progress(ofStep: index, at: t, plugins: plugins)
            else { continue }
            volume = animation.value(at: progress, current: volume, turned: turnsCurves(ofStep: index, at: t))
        }
        return max(volume, 0)
    }

    /// The timeline time shown `seconds` into the render, between frames too: a rewind's frames
    /// show the forward render's times in reverse order.
    func timelineTime(atWallTime seconds: Double, plugins: some PluginCurveCalls) -> Double {
        if clock.interaction == nil && clock.direction.isBackwards {
            return max(Double(frameCount - 1) / fps - seconds, 0)
        }
        return time(atWallTime: seconds, plugins: plugins)
    }
}

extension PropertyAnimation {
    /// The animation's one number at eased progress `progress`, the absent ends at `current`
    /// (added to it when additive).
    func value(at progress: Double, current: Double, turned: Bool) -> Double {
        var value: Double
        switch values {
        case .basic(let from, let to, let by):
            let (start, end) = Self.ends(from: from, to: to, by: by, current: additive ? nil : [current])
            value = (start.first ?? current) + ((end.first ?? current) - (start.first ?? current)) * progress
        case .keyframes(let keyframes):
            value = keyframes.value(at: progress, plugins: HostTimingFunctions(), turned: turned).first ?? current
        }
        return additive ? current + value : value
    }
}
