import CAnimatorABI
import Timing

/// `animate` steps: a key path of a layer, from, to or by a value, or through keyframes.
extension Decoding {
    /// The animation of an `animate` step (whose `animate` key is there).
    func decodeAnimation(_ fields: ObjectFields, step: Field, target: Int) throws(SceneError) -> PropertyAnimation {
        let keyPath = try animatedKeyPath(try fields.required("animate", "a key path"), target: target)
        let additive: Bool = try fields.value("additive")
        guard let keyframesField = fields["keyframes"] else {
            if let mode = fields["calculationMode"] {
                throw mode.error("\"calculationMode\" says how keyframes are joined; this step has no \"keyframes\"")
            }
            let from = try fields["from"].map { field throws(SceneError) in try animationValue(field, of: keyPath) }
            let to = try fields["to"].map { field throws(SceneError) in try animationValue(field, of: keyPath) }
            let by = try fields["by"].map { field throws(SceneError) in try animationValue(field, of: keyPath) }
            if from == nil && to == nil && by == nil {
                throw step.error(
                    "an \"animate\" step needs \"from\", \"to\", \"by\" or \"keyframes\": what \(keyPath.rawValue) "
                        + "becomes (\(keyPath.kind.written))")
            }
            if from != nil && to != nil, let by = fields["by"] {
                throw by.error("\"from\" and \"to\" already give both ends; leave out \"by\"")
            }
            return PropertyAnimation(keyPath: keyPath, values: .basic(from: from, to: to, by: by), additive: additive)
        }
        for key in ["from", "to", "by"] where fields[key] != nil {
            throw fields[key]!.error("\"keyframes\" gives every value; leave out \"from\", \"to\" and \"by\"")
        }
        let keyframes = try decodeKeyframes(keyframesField, of: keyPath, mode: try fields.value("calculationMode"))
        return PropertyAnimation(keyPath: keyPath, values: .keyframes(keyframes), additive: additive)
    }

    private func decodeKeyframes(_ field: Field, of keyPath: AnimatedKeyPath, mode: CalculationMode)
        throws(SceneError) -> Keyframes
    {
        let fields = try field.object(Keys.keyframes)
        var values: [[Double]] = []
        for item in try fields.required("values", "an array of values, each \(keyPath.kind.written)").array() {
            values.append(try animationValue(item, of: keyPath))
        }
        var keyTimes: [Double]?
        if let times = fields["keyTimes"] {
            keyTimes = []
            for time in try times.array() { keyTimes!.append(try time.number()) }
        }
        var curves: [any TimingCurve]?
        if let functions = fields["timingFunctions"] {
            curves = []
            for function in try functions.array() {
                let curve = try decodeCurve(function)
                if let entry = curve.pluginEntry {
                    throw function.error(
                        "keyframes' timing functions are the host's curves (a name such as \"ease-in-out\", or "
                            + "{\"cubic-bezier\": [...]}); \"\(entry.name)\" is a plugin's")
                }
                curves!.append(curve)
            }
        }
        do throws(KeyframesError) {
            return try Keyframes(values: values, keyTimes: keyTimes, timingFunctions: curves, mode: mode)
        } catch {
            var place = fields[error.key] ?? field
            if let index = error.index, let items = try? place.array(), items.indices.contains(index) {
                place = items[index]
            }
            throw place.error(error.message)
        }
    }

    /// One value of `keyPath`'s kind: a number, a point, a size, a rect or a colour.
    private func animationValue(_ field: Field, of keyPath: AnimatedKeyPath) throws(SceneError) -> [Double] {
        let kind = keyPath.kind
        switch kind {
        case .number:
            guard case .number(let value, _) = field.node.value else {
                throw field.mismatch("\(kind.written) for \(keyPath.rawValue)")
            }
            return [value]
        case .point, .size, .rect:
            return try field.numbers(count: kind.components, what: "\(kind.written) for \(keyPath.rawValue)")
        case .color:
            let color = try field.color()
            return [color.r, color.g, color.b, color.a]
        }
    }
}
