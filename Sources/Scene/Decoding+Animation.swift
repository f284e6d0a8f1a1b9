import CAnimatorABI
import ShapeGeometry
import Timing

/// `animate` steps: a key path of a layer, from, to or by a value, or through keyframes.
extension Decoding {
    /// The animation of an `animate` step (whose `animate` key is there) on `keyPath`.
    func decodeAnimation(_ fields: ObjectFields, step: Field, keyPath: AnimatedKeyPath) throws(SceneError)
        -> PropertyAnimation
    {
        if case .shape(let shape) = keyPath, case .path(let structure) = shape.kind, let numbers = shape.basePath {
            return try decodePathAnimation(
                fields, step: step, written: shape.written, base: BezierPath(structure: structure, numbers: numbers)
            ) { base in .shape(shape.matched(to: base)) }
        }
        if case .mask(let mask) = keyPath, case .path(let structure) = mask.kind, let numbers = mask.basePath {
            return try decodePathAnimation(
                fields, step: step, written: mask.written, base: BezierPath(structure: structure, numbers: numbers)
            ) { base in .mask(mask.matched(to: base)) }
        }
        let additive: Bool = try fields.value("additive")
        guard let keyframesField = fields["keyframes"] else {
            if let mode = fields["calculationMode"] {
                throw mode.error("\"calculationMode\" says how keyframes are joined; this step has no \"keyframes\"")
            }
            // An additive animation's values are offsets from the layer's value when the step
            // runs, which other steps may change: what they add up to is not known here.
            let read = { (key: String, checked: Bool) in
                Self.attempt { () throws(SceneError) in
                    try fields[key].map { field throws(SceneError) in
                        try animationValue(field, of: keyPath, checked: checked)
                    }
                }
            }
            // `by` is a change, not a value: -5 is a fine change of a radius of 10.
            let values = (from: read("from", !additive), to: read("to", !additive), by: read("by", false))
            guard case .success(let from) = values.from, case .success(let to) = values.to,
                case .success(let by) = values.by
            else {
                throw SceneError.combining([values.from.error, values.to.error, values.by.error].compactMap { $0 })!
            }
            if from == nil && to == nil && by == nil {
                throw step.error(
                    "an \"animate\" step needs \"from\", \"to\", \"by\" or \"keyframes\": what \(keyPath.rawValue) "
                        + "becomes (\(keyPath.kind.written))")
            }
            if from != nil && to != nil, let by = fields["by"] {
                throw by.error("\"from\" and \"to\" already give both ends; leave out \"by\"")
            }
            let animation = PropertyAnimation(
                keyPath: keyPath, values: .basic(from: from, to: to, by: by), additive: additive)
            if !additive, let byField = fields["by"] {
                try checkEnd(of: animation, given: from != nil ? "from" : "to", at: byField)
            }
            return animation
        }
        for key in ["from", "to", "by"] where fields[key] != nil {
            throw fields[key]!.error("\"keyframes\" gives every value; leave out \"from\", \"to\" and \"by\"")
        }
        let keyframes = try decodeKeyframes(
            keyframesField, of: keyPath, checked: !additive, mode: try fields.value("calculationMode"))
        return PropertyAnimation(keyPath: keyPath, values: .keyframes(keyframes), additive: additive)
    }

    /// `by` with `from` or `to` fixes the end the file leaves out (`from + by`, `to − by`): that
    /// end must lie in the range as a given one must, and the error is `by`'s, whose change took
    /// it out. `by` alone ends at the layer's value when the step runs plus `by`, which other
    /// steps may change: that end is not known here (an effect's parameter is kept inside its
    /// range as it renders).
    private func checkEnd(of animation: PropertyAnimation, given: String, at byField: Field) throws(SceneError) {
        let (end, sum) =
            given == "from"
            ? (animation.endValue, "\"from\" + \"by\" ends") : (animation.startValue, "\"to\" − \"by\" starts")
        guard let end, let problem = Self.problem(with: end, of: animation.keyPath) else { return }
        let written = end.count == 1 ? format(end[0]) : "[\(end.map(format).joined(separator: ", "))]"
        throw byField.error("\(sum) the animation at \(written): \(problem)")
    }

    /// Why `value` cannot be `keyPath`'s: a number out of its range, or a rect of negative size.
    private static func problem(with value: [Double], of keyPath: AnimatedKeyPath) -> String? {
        keyPath.range.flatMap { range in value.lazy.compactMap { rangeProblem($0, range) }.first }
            ?? (keyPath.kind == .rect ? rectSizeProblem(value) : nil)
    }

    private func decodeKeyframes(
        _ field: Field, of keyPath: AnimatedKeyPath, checked: Bool, mode: CalculationMode
    ) throws(SceneError) -> Keyframes {
        let fields = try field.object(Keys.keyframes)
        var values: [[Double]] = []
        var problems: [SceneError] = []
        for item in try fields.required("values", "an array of values, each \(keyPath.kind.written)").array() {
            switch Self.attempt({ () throws(SceneError) in try animationValue(item, of: keyPath, checked: checked) }) {
            case .success(let value): values.append(value)
            case .failure(let problem): problems.append(problem)
            }
        }
        if let problems = SceneError.combining(problems) { throw problems }
        return try keyframes(fields, values: values, mode: mode)
    }

    /// Keyframes through `values` (read from `fields`' values), at `fields`' key times and with
    /// its timing functions.
    func keyframes(_ fields: ObjectFields, values: [[Double]], mode: CalculationMode) throws(SceneError)
        -> Keyframes
    {
        let field = fields.field
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

    /// One value of `keyPath`'s kind: a number, a point, a size, a rect or a colour; when
    /// `checked`, as where the file sets the value statically: each number within the key path's
    /// range (the error at the number), a rect's size not negative.
    private func animationValue(_ field: Field, of keyPath: AnimatedKeyPath, checked: Bool)
        throws(SceneError) -> [Double]
    {
        let kind = keyPath.kind
        let range = checked ? keyPath.range : nil
        switch kind {
        case .number:
            guard case .number = field.node.value else {
                throw field.mismatch("\(kind.written) for \(keyPath.rawValue)")
            }
            return [try field.number(in: range)]
        case .point, .size, .rect:
            let value = try field.numbers(
                count: kind.components, in: range, what: "\(kind.written) for \(keyPath.rawValue)")
            if checked, kind == .rect, let problem = rectSizeProblem(value) { throw field.error(problem) }
            return value
        case .color:
            let color = try field.color()
            return [color.r, color.g, color.b, color.a]
        case .numbers(let count):
            return try field.numbers(count: count, in: range, what: "\(kind.written) for \(keyPath.rawValue)")
        case .colors(let count):
            let items = try field.array()
            guard items.count == count else {
                throw field.error("expected \(kind.written) for \(keyPath.rawValue), found \(items.count)")
            }
            var components: [Double] = []
            for item in items {
                let color = try item.color()
                components += [color.r, color.g, color.b, color.a]
            }
            return components
        case .path:
            preconditionFailure("paths are read with their morph (decodePathAnimation)")
        }
    }
}
