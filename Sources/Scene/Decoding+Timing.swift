import PluginDescriptions
import Timing

/// Timing curves: a name ("ease-in-out", or a plugin curve with its default arguments),
/// `{"curve": name, "args": [...]}`, `{"cubic-bezier": [x1, y1, x2, y2]}` or a spring.
extension Decoding {
    /// The curve and the step's duration: `duration` when the file gives one, otherwise the
    /// settling time of a physical spring, or Core Animation's default.
    func decodeTiming(_ field: Field, duration: Double?) throws(SceneError) -> (any TimingCurve, Double) {
        if case .spring = try timingForm(field) {
            let spring = try field.object(allowing: ["spring"]).required("spring", "spring parameters")
            return try decodeSpring(spring, duration: duration)
        }
        return (try decodeCurve(field), duration ?? Self.defaultDuration)
    }

    private enum TimingForm { case spring, other }

    private func timingForm(_ field: Field) throws(SceneError) -> TimingForm {
        guard case .object(let members) = field.node.value else { return .other }
        return members.contains(where: { $0.key == "spring" }) && members.count == 1 ? .spring : .other
    }

    /// A curve whose shape does not depend on the step's duration.
    func decodeCurve(_ field: Field) throws(SceneError) -> any TimingCurve {
        if case .string(let name) = field.node.value { return try namedCurve(name, args: nil, at: field) }
        let fields = try field.object(allowing: ["curve", "args", "cubic-bezier", "spring"])
        let forms = ["curve", "cubic-bezier", "spring"].filter { fields[$0] != nil }
        guard forms.count == 1 else {
            throw field.error(
                "a timing object has exactly one of \"curve\", \"cubic-bezier\" or \"spring\", found \(forms.count)")
        }
        if let bezier = fields["cubic-bezier"] {
            let v = try bezier.numbers(count: 4, what: "four numbers [x1, y1, x2, y2]")
            let (x, y) = (Keys.bezierX, Keys.bezierY)
            guard x.contains(v[0]), x.contains(v[2]) else {
                throw bezier.error("x1 and x2 must lie in \(format(x.lowerBound))...\(format(x.upperBound))")
            }
            guard v.allSatisfy(y.contains) else {
                throw bezier.error("control points must lie in \(format(y.lowerBound))...\(format(y.upperBound))")
            }
            return CubicBezierCurve(v[0], v[1], v[2], v[3])
        }
        if let spring = fields["spring"] { throw spring.error("a spring is given alone: {\"spring\": {…}}") }
        let name = try fields["curve"]!.string()
        return try namedCurve(name, args: fields["args"], at: fields["curve"]!)
    }

    private func namedCurve(_ name: String, args: Field?, at field: Field) throws(SceneError) -> any TimingCurve {
        // The built-in forms take their values in an object, not a name and "args".
        if BuiltInCurveNames.forms.contains(name) {
            let example =
                name == "spring" ? #"{"spring": {"dampingRatio": 0.7}}"# : #"{"cubic-bezier": [0.25, 0.1, 0.25, 1]}"#
            throw field.error("timing curve \(name.quotedForMessage) is given as an object with its values: \(example)")
        }
        if let builtin = NamedCurves.curve(named: name) {
            if let args { throw args.error("curve \"\(name)\" takes no arguments") }
            return builtin
        }
        let known = { NamedCurves.names + registry.allNames(of: .curve) + BuiltInCurveNames.forms }
        let entry = try lookUp(field, kind: .curve, among: known) { registry.curve(named: $0) }
        curvePlugins.append(entry.plugin)
        return entry.bound(to: try curveArguments(entry, args, at: field))
    }

    private func curveArguments(_ entry: CurveEntry, _ args: Field?, at field: Field) throws(SceneError) -> [Double] {
        let types = entry.signature.argumentTypes
        let usage = "\(entry.name)(\(entry.argumentNames.joined(separator: ", ")))"
        guard let args else {
            if !entry.needsArguments { return entry.argumentDefaults ?? [] }
            throw field.error(
                "timing curve \"\(entry.name)\" needs \(types.count) arguments: give \"args\" for \(usage)")
        }
        let items = try args.array()
        guard items.count == types.count else {
            throw args.error(
                "timing curve \"\(entry.name)\" takes \(types.count) argument\(types.count == 1 ? "" : "s") (\(usage)), found \(items.count)"
            )
        }
        var values: [Double] = []
        for (index, item) in items.enumerated() {
            let value = try item.number()
            guard types[index].accepts(value) else {
                throw item.error(
                    "argument \"\(entry.argumentNames[index])\" of \(entry.name) must be \(types[index].kindDescription), found \(format(value))"
                )
            }
            values.append(value)
        }
        return values
    }
}

extension ForeignType {
    var kindDescription: String {
        switch self {
        case .double: "a number"
        case .float: "a number within float range"
        case .int32: "a 32-bit integer"
        case .int64: "a 64-bit integer"
        }
    }
}

/// Springs three ways: UIKit's damping ratio (settling at the step's end), CASpringAnimation's
/// mass, stiffness, damping and initial velocity (its defaults 1, 100, 10, 0), or SwiftUI's
/// perceptual duration and bounce. The physical two run for their settling time by default.
extension Decoding {
    func decodeSpring(_ field: Field, duration: Double?) throws(SceneError) -> (any TimingCurve, Double) {
        var fields = try field.object(allowing: Keys.springForms.flatMap(\.names))
        let used = Keys.springForms.filter { form in form.names.contains { fields[$0] != nil } }
        guard used.count <= 1 else {
            throw field.error(
                "a spring is given by dampingRatio, by mass/stiffness/damping/initialVelocity, or by duration/bounce; this one mixes them"
            )
        }
        let form = used.first ?? Keys.physicalSpring
        fields.keys = form
        let make: (Double) -> SpringCurve
        switch form.names {
        case Keys.dampingRatioSpring.names:
            let ratio: Double = try fields.required("dampingRatio", "the damping ratio")
            let span = duration ?? Self.defaultDuration
            return (SpringCurve(dampingRatio: ratio, duration: max(span, 1e-3)), span)
        case Keys.perceptualSpring.names:
            let perceptual: Double = try fields.value("duration")
            let bounce: Double = try fields.value("bounce")
            make = { SpringCurve(duration: perceptual, bounce: bounce, span: $0) }
        default:
            let mass: Double = try fields.value("mass")
            let stiffness: Double = try fields.value("stiffness")
            let damping: Double = try fields.value("damping")
            let velocity: Double = try fields.value("initialVelocity")
            make = {
                SpringCurve(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity, duration: $0)
            }
        }
        let span = duration ?? make(1).settlingTime
        guard span.isFinite else {
            throw field.error("a spring without damping never settles: give the step a duration or some damping")
        }
        guard span <= SceneDecoder.maxDuration else {
            throw field.error(
                "this spring takes \(format((span * 1000).rounded() / 1000)) s to settle, longer than the \(format(SceneDecoder.maxDuration)) s limit: give the step a duration or more damping"
            )
        }
        return (make(max(span, 1e-3)), span)
    }
}
