import Timing

/// `"direction"` and `"interaction"`: how the render's frames map to timeline time.
extension Decoding {
    func decodeClock(direction: Field?, interaction: Field?, timelineEnd: Double) throws(SceneError) -> SceneClock {
        let key = Keys.pipeline["direction"]
        let chosen = try direction.map { field throws(SceneError) in try SceneClock.Direction.read(field, key.form) }
        return SceneClock(
            direction: chosen ?? SceneClock.Direction(default: key.defaultValue!)!,
            interaction: try interaction.map { field throws(SceneError) in
                try decodeInteraction(field, timelineEnd: timelineEnd)
            },
            timelineEnd: timelineEnd)
    }

    /// `{"track": [[t, p], [t, p, v], …], "finishIf": {"progressAtLeast": 0.5} | {"velocityAbove": 0},
    ///   "completionSpeed": 1, "completionCurve": "ease-in-out", "cancelRemoves": ["layer", …]}`
    private func decodeInteraction(_ field: Field, timelineEnd: Double) throws(SceneError) -> Interaction {
        let fields = try field.object(Keys.interaction)
        guard timelineEnd > 0 else {
            throw field.error("an interactive transition needs a timeline with a duration to drive")
        }
        let trackField = try fields.required(
            "track", "gesture samples [seconds, percent complete] or [seconds, percent, velocity]")
        var track: [(time: Double, progress: Double, velocity: Double?)] = []
        for sample in try trackField.array() {
            let values: [Double]
            do { values = try sample.numbers(count: 2, what: "[seconds, percent complete]") } catch {
                values = try sample.numbers(
                    count: 3, what: "[seconds, percent complete] or [seconds, percent complete, velocity]")
            }
            let (time, percent) = (Keys.sampleTime, Keys.samplePercent)
            guard time.contains(values[0]), percent.contains(values[1]) else {
                throw sample.error(
                    "a sample's time must lie in \(format(time.lowerBound))...\(format(time.upperBound)) s "
                        + "and its percent complete in \(format(percent.lowerBound))...\(format(percent.upperBound))")
            }
            if let previous = track.last, values[0] <= previous.time {
                throw sample.error(
                    "samples must go forward in time: \(format(values[0])) s follows \(format(previous.time)) s")
            }
            track.append((values[0], values[1], values.count == 3 ? values[2] : nil))
        }
        guard !track.isEmpty else { throw trackField.error("the track needs at least one sample") }
        return Interaction(
            track: track,
            rule: try decodeRule(
                try fields.required("finishIf", "{\"progressAtLeast\": 0.5} or {\"velocityAbove\": 0}")),
            completionSpeed: try fields.value("completionSpeed"),
            completionCurve: try fields["completionCurve"].map { field throws(SceneError) in try decodeCurve(field) }
                ?? NamedCurves.curve(named: String(default: fields.declared("completionCurve").defaultValue!)!)!,
            cancelRemoves: try fields["cancelRemoves"].map { field throws(SceneError) in try decodeRemoved(field) }
                ?? [])
    }

    /// The layers `cancelRemoves` names, each once.
    private func decodeRemoved(_ field: Field) throws(SceneError) -> [Int] {
        var layers: [Int] = []
        for item in try field.array() {
            let layer = try layerIndex(item)
            guard !layers.contains(layer) else {
                throw item.error("layer \(layerNames[layer].quotedForMessage) is listed twice")
            }
            layers.append(layer)
        }
        return layers
    }

    private func decodeRule(_ field: Field) throws(SceneError) -> Interaction.Rule {
        let fields = try field.object(Keys.finishRule)
        switch (fields["progressAtLeast"], fields["velocityAbove"]) {
        case (_?, nil): return .progressAtLeast(try fields.required("progressAtLeast", "a percent complete"))
        case (nil, _?): return .velocityAbove(try fields.required("velocityAbove", "a velocity"))
        default: throw field.error("finishIf has exactly one rule: \"progressAtLeast\" or \"velocityAbove\"")
        }
    }
}
