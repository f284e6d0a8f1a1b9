import Timing

/// `"direction"` and `"interaction"`: how the render's frames map to timeline time.
extension Decoding {
    func decodeClock(direction: Field?, interaction: Field?, timelineEnd: Double) throws(SceneError) -> SceneClock {
        let directions = SceneClock.Direction.allCases.map(\.rawValue)
        let chosen = try direction.map { field throws(SceneError) in SceneClock.Direction(rawValue: try field.choice(directions))! }
        return SceneClock(direction: chosen ?? .present,
                          interaction: try interaction.map { field throws(SceneError) in try decodeInteraction(field, timelineEnd: timelineEnd) },
                          timelineEnd: timelineEnd)
    }

    /// `{"track": [[t, p], [t, p, v], …], "finishIf": {"progressAtLeast": 0.5} | {"velocityAbove": 0},
    ///   "completionSpeed": 1, "completionCurve": "ease-in-out"}`
    private func decodeInteraction(_ field: Field, timelineEnd: Double) throws(SceneError) -> Interaction {
        let fields = try field.object(allowing: ["track", "finishIf", "completionSpeed", "completionCurve"])
        guard timelineEnd > 0 else { throw field.error("an interactive transition needs a timeline with a duration to drive") }
        let trackField = try fields.required("track", "gesture samples [seconds, percent complete] or [seconds, percent, velocity]")
        var track: [(time: Double, progress: Double, velocity: Double?)] = []
        for sample in try trackField.array() {
            let values: [Double]
            do { values = try sample.numbers(count: 2, what: "[seconds, percent complete]") } catch {
                values = try sample.numbers(count: 3, what: "[seconds, percent complete] or [seconds, percent complete, velocity]")
            }
            guard (0...SceneDecoder.maxDuration).contains(values[0]), (-1...2).contains(values[1]) else {
                throw sample.error("a sample's time must lie in 0...\(format(SceneDecoder.maxDuration)) s and its percent complete in -1...2")
            }
            if let previous = track.last, values[0] <= previous.time {
                throw sample.error("samples must go forward in time: \(format(values[0])) s follows \(format(previous.time)) s")
            }
            track.append((values[0], values[1], values.count == 3 ? values[2] : nil))
        }
        guard !track.isEmpty else { throw trackField.error("the track needs at least one sample") }
        return Interaction(
            track: track, rule: try decodeRule(try fields.required("finishIf", "{\"progressAtLeast\": 0.5} or {\"velocityAbove\": 0}")),
            completionSpeed: try fields["completionSpeed"]?.number(in: 0.01...100) ?? 1,
            completionCurve: try fields["completionCurve"].map { field throws(SceneError) in try decodeCurve(field) }
                ?? NamedCurves.curve(named: "ease-in-out")!)
    }

    private func decodeRule(_ field: Field) throws(SceneError) -> Interaction.Rule {
        let fields = try field.object(allowing: ["progressAtLeast", "velocityAbove"])
        switch (fields["progressAtLeast"], fields["velocityAbove"]) {
        case (let threshold?, nil): return .progressAtLeast(try threshold.number(in: 0...1))
        case (nil, let threshold?): return .velocityAbove(try threshold.number(in: -1000...1000))
        default: throw field.error("finishIf has exactly one rule: \"progressAtLeast\" or \"velocityAbove\"")
        }
    }
}
