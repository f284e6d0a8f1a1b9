import ShapeGeometry
import Timing

/// `animate` steps on a shape: `shape.<key>` (one path, or every path of an SVG's shape) and
/// `shape.paths.<i>.<key>`; a path's values are SVG path data, morphed (`PathMorph`).
extension Decoding {
    func shapeKeyPath(_ field: Field, _ text: String, target: Int) throws(SceneError) -> ShapeKeyPath {
        let layer = layerNames[target]
        guard let shape = try content(of: target, at: field).shape else {
            throw field.error(
                "layer \"\(layer)\" has no shape to animate: give it \"shape\", or animate another key path")
        }
        let keys = ShapeKey.allCases.map(\.rawValue).joined(separator: ", ")
        var rest = text.dropFirst("shape.".count)
        var index: Int?
        if shape.isList {
            let parts = rest.split(separator: ".", maxSplits: 2)
            guard parts.count == 3, parts[0] == "paths", let number = Int(parts[1]) else {
                throw field.error(
                    "layer \"\(layer)\" has a shape of \(shape.paths.count) paths: write shape.paths.<index>.<key>, such "
                        + "as shape.paths.0.strokeEnd")
            }
            guard shape.paths.indices.contains(number) else {
                throw field.error(
                    "layer \"\(layer)\" has \(shape.paths.count) shape paths; shape.paths.\(number) names none (they "
                        + "are numbered from 0)")
            }
            index = number
            rest = parts[2]
        } else if shape.svg == nil {
            index = 0
        }
        guard let key = ShapeKey(rawValue: String(rest)) else {
            let hint =
                NameSuggestion.nearest(to: String(rest), among: ShapeKey.allCases.map(\.rawValue))
                .map { "; did you mean \"\($0)\"?" } ?? ""
            throw field.error("\(text.quotedForMessage) names no shape value\(hint) (the keys are \(keys))")
        }
        let style: ShapeStyle
        if let index {
            style = shape.paths[index].style
        } else {
            guard key != .path else {
                throw field.error(
                    "an SVG's paths are morphed one by one, not together: give the shape \"paths\" instead")
            }
            style = shape.svgStyle ?? ShapeStyle()
        }
        let slot = ShapeSlot(path: index, key: key)
        let declared = Keys.shapePath[key.declaredKey]
        switch key {
        case .path:
            let path = shape.paths[index!].path
            return ShapeKeyPath(
                slot: slot, written: text, kind: .path(path.structure), range: nil, basePath: path.numbers)
        case .fillColor, .strokeColor:
            return ShapeKeyPath(slot: slot, written: text, kind: .color, range: nil)
        case .lineDashPattern:
            guard !style.dashes.isEmpty else {
                throw field.error(
                    "\(text) animates a dash pattern, and the shape has none: give it \"lineDashPattern\" (as many lengths "
                        + "as the animation's values have)")
            }
            guard case .array(let element, _, _) = declared.form else { preconditionFailure("dashes are an array") }
            return ShapeKeyPath(
                slot: slot, written: text, kind: .numbers(style.dashes.count), range: element.numberRange)
        case .fillGradientColors, .fillGradientLocations, .fillGradientStart, .fillGradientEnd,
            .strokeGradientColors, .strokeGradientLocations, .strokeGradientStart, .strokeGradientEnd:
            let stroke = key.rawValue.hasPrefix("stroke")
            guard case .gradient(let gradient) = stroke ? style.stroke : style.fill else {
                throw field.error(
                    "\(text) animates a gradient, and the shape's \(stroke ? "stroke" : "fill") is none: give it "
                        + "\"\(key.declaredKey)\"")
            }
            let count = gradient.stops.count
            switch key {
            case .fillGradientColors, .strokeGradientColors:
                return ShapeKeyPath(slot: slot, written: text, kind: .colors(count), range: nil)
            case .fillGradientLocations, .strokeGradientLocations:
                return ShapeKeyPath(slot: slot, written: text, kind: .numbers(count), range: 0...1)
            default:
                return ShapeKeyPath(slot: slot, written: text, kind: .point, range: Keys.unitPoints)
            }
        default:
            return ShapeKeyPath(slot: slot, written: text, kind: .number, range: declared.form.numberRange)
        }
    }

    /// A path's `from`/`to` or keyframes: path data, matched by `PathMorph` together with `base`,
    /// the layer's own path (where a step without `from` starts), so every value has one
    /// structure; `keyPath` makes the step's key path for the matched base.
    func decodePathAnimation(
        _ fields: ObjectFields, step: Field, written: String, base: BezierPath,
        keyPath: (_ matchedBase: BezierPath) -> AnimatedKeyPath
    ) throws(SceneError) -> PropertyAnimation {
        for key in ["by", "additive"] where fields[key] != nil {
            throw fields[key]!.error("a path is not added to: give \"from\" and \"to\", or \"keyframes\", as path data")
        }
        func read(_ field: Field) throws(SceneError) -> BezierPath {
            guard case .string = field.node.value else {
                throw field.mismatch("SVG path data for \(written), such as \"M 0 0 L 10 10\"")
            }
            return try pathData(field)
        }
        if let keyframesField = fields["keyframes"] {
            for key in ["from", "to"] where fields[key] != nil {
                throw fields[key]!.error("\"keyframes\" gives every value; leave out \"from\" and \"to\"")
            }
            let keyframeFields = try keyframesField.object(Keys.keyframes)
            var paths: [BezierPath] = []
            for item in try keyframeFields.required("values", "an array of SVG path data").array() {
                paths.append(try read(item))
            }
            let matched = PathMorph.matched([base] + paths)
            let keyframes = try keyframes(
                keyframeFields, values: matched.dropFirst().map(\.numbers), mode: try fields.value("calculationMode"))
            return PropertyAnimation(keyPath: keyPath(matched[0]), values: .keyframes(keyframes), additive: false)
        }
        if let mode = fields["calculationMode"] {
            throw mode.error("\"calculationMode\" says how keyframes are joined; this step has no \"keyframes\"")
        }
        let from = try fields["from"].map(read)
        let to = try fields["to"].map(read)
        guard from != nil || to != nil else {
            throw step.error("an \"animate\" step on \(written) needs \"from\", \"to\" or \"keyframes\": SVG path data")
        }
        let matched = PathMorph.matched([base] + [from, to].compactMap { $0 })
        var rest = matched.dropFirst()
        let ends = (from: from == nil ? nil : rest.popFirst(), to: to == nil ? nil : rest.popFirst())
        return PropertyAnimation(
            keyPath: keyPath(matched[0]), values: .basic(from: ends.from?.numbers, to: ends.to?.numbers, by: nil),
            additive: false)
    }
}

extension Decoding {
    /// `mask.feather`, `mask.shapes.<i>.rect`, `mask.shapes.<i>.cornerRadius` (a rect, rounded
    /// rect, circle or ellipse) and `mask.shapes.<i>.path` (a path shape) of layer `target`.
    func maskKeyPath(_ field: Field, _ text: String, target: Int) throws(SceneError) -> MaskKeyPath {
        let layer = layerNames[target]
        _ = try content(of: target, at: field)
        guard let mask = layerMasks[target], text == "mask.feather" || !(mask.abiSlots.isEmpty && mask.paths.isEmpty)
        else {
            throw field.error(
                "layer \"\(layer)\" has no mask to animate: give it \"mask\", or animate another key path")
        }
        if text == "mask.feather" {
            return MaskKeyPath(
                target: .feather, written: text, kind: .number, range: Keys.mask["feather"].form.numberRange)
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let count = mask.abiSlots.count + mask.paths.count
        guard parts.count == 4, parts[1] == "shapes", let index = Int(parts[2]) else {
            throw field.error(
                "\(text.quotedForMessage) names no mask value: write mask.feather, or mask.shapes.<index>.rect, "
                    + ".cornerRadius or .path")
        }
        guard (0..<count).contains(index) else {
            throw field.error(
                "layer \"\(layer)\" has \(count) mask shapes; mask.shapes.\(index) names none (they are numbered from 0)"
            )
        }
        let key = String(parts[3])
        if let slot = mask.abiSlots[index] {
            switch key {
            case "rect":
                return MaskKeyPath(
                    target: .rect(slot: slot), written: text, kind: .rect,
                    range: Keys.maskShape["rect"].form.numberRange)
            case "cornerRadius":
                return MaskKeyPath(
                    target: .cornerRadius(slot: slot), written: text, kind: .number,
                    range: Keys.maskShape["cornerRadius"].form.numberRange)
            default:
                throw field.error(
                    "mask shape \(index) of layer \"\(layer)\" animates \"rect\" and \"cornerRadius\"; "
                        + "\(key.quotedForMessage) is not one of them")
            }
        }
        guard key == "path", let pathIndex = mask.shapeIndices.firstIndex(of: index) else {
            throw field.error(
                "mask shape \(index) of layer \"\(layer)\" is a path: it animates \"path\"; \(key.quotedForMessage) is "
                    + "not that")
        }
        let path = mask.paths[pathIndex]
        return MaskKeyPath(
            target: .path(index: pathIndex), written: text, kind: .path(path.structure), range: nil,
            basePath: path.numbers)
    }
}
