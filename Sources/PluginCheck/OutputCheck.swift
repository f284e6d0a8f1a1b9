import CAnimatorABI
import Renderer

/// What no output may hold: what a render would have to replace (the renderer's own checks: NaN,
/// infinite, a negative size, an opacity below 0 or above 1), a mask it cannot draw, and values so
/// large no animation means them. Progress outside [0, 1] may take values outside their usual
/// range; it never makes them enormous.
enum OutputCheck {
    /// One finding per bad property, its detail the property's name.
    static func findings(_ output: CallRecord.Output, operation: String) -> [CheckFinding] {
        switch output {
        case .layer(let layer): layerFindings(layer, operation: operation)
        case .value(let value): curveFindings(value, operation: operation)
        case .image, .filtered, .failed, .reachFailed, .reachRefused: []
        }
    }

    private static func layerFindings(_ layer: anim_layer_t, operation: String) -> [CheckFinding] {
        // A shape count past the array is the one problem: what else looks wrong then is most
        // likely the shapes written past `mask.shapes`, its side effect.
        let mask = CheckedProperty.mask
        if !mask.isValid(layer) {
            return [
                CheckFinding(
                    kind: .invalidValue, operation: operation,
                    message: "wrote \(mask.name) = \(mask.describe(layer))", detail: mask.name)
            ]
        }
        var findings: [CheckFinding] = []
        for property in anim_layer_t.checkedProperties {
            let value = property.value(layer)
            if !property.isValid(layer) {
                findings.append(
                    CheckFinding(
                        kind: .invalidValue, operation: operation,
                        message: "wrote \(property.name) = \(property.describe(layer))", detail: property.name))
            } else if abs(value) > CheckScene.absurdMagnitude {
                findings.append(absurd(property.name, value, operation: operation))
            }
        }
        return findings + maskFindings(layer, operation: operation)
    }

    /// The shapes in use: a known kind, a finite rect and radius of a plausible size.
    private static func maskFindings(_ layer: anim_layer_t, operation: String) -> [CheckFinding] {
        let count = Int(min(layer.mask.shape_count, ANIM_MASK_MAX_SHAPES))
        return withUnsafeBytes(of: layer.mask.shapes) { raw in
            let shapes = raw.bindMemory(to: anim_mask_shape_t.self)
            return (0..<count).flatMap { index -> [CheckFinding] in
                let shape = shapes[index]
                let name = "mask.shapes[\(index)]"
                guard (ANIM_MASK_SHAPE_RECT...ANIM_MASK_SHAPE_ELLIPSE).contains(shape.kind) else {
                    return [
                        CheckFinding(
                            kind: .invalidValue, operation: operation,
                            message: "wrote \(name).kind = \(shape.kind), not one of the ANIM_MASK_SHAPE_* kinds",
                            detail: "\(name).kind")
                    ]
                }
                let numbers = [
                    ("rect.x", shape.rect.x), ("rect.y", shape.rect.y), ("rect.width", shape.rect.width),
                    ("rect.height", shape.rect.height), ("corner_radius", shape.corner_radius),
                ]
                return numbers.compactMap { field, value in
                    let fullName = "\(name).\(field)"
                    if !value.isFinite {
                        return CheckFinding(
                            kind: .invalidValue, operation: operation,
                            message: "wrote \(fullName) = \(value.forMessage)",
                            detail: fullName)
                    }
                    return abs(value) > CheckScene.absurdMagnitude ? absurd(fullName, value, operation: operation) : nil
                }
            }
        }
    }

    /// Curves: finite, and near the progress they ease (overshoot included).
    private static func curveFindings(_ value: Double, operation: String) -> [CheckFinding] {
        if !value.isFinite {
            return [CheckFinding(kind: .invalidValue, operation: operation, message: "returned \(value.forMessage)")]
        }
        guard abs(value) > 1e6 else { return [] }
        return [
            CheckFinding(
                kind: .absurdValue, operation: operation,
                message: "returned \(value), more than a million times the progress range")
        ]
    }

    private static func absurd(_ name: String, _ value: Double, operation: String) -> CheckFinding {
        CheckFinding(
            kind: .absurdValue, operation: operation,
            message: "wrote \(name) = \(value), more than a million canvas sizes", detail: name)
    }
}
