import CAnimatorABI

/// Layers: base state (frame, transform, opacity, shadow, mask) and contents (fill, image).
extension Decoding {
    static let layerKeys = ["name", "frame", "anchor", "scale", "rotation", "translation", "opacity", "hidden",
                            "cornerRadius", "fill", "image", "gravity", "text", "shadow", "mask"]
    static let coordinates = -100_000.0...100_000.0

    mutating func decodeLayers(_ items: [Field]) throws(SceneError) -> [SceneLayer] {
        var layers: [SceneLayer] = []
        for item in items {
            let fields = try item.object(allowing: Self.layerKeys)
            let nameField = try fields.required("name", "a unique layer name")
            let name = try nameField.string()
            if layers.contains(where: { $0.name == name }) { throw nameField.error("duplicate layer name \"\(name)\"") }
            layers.append(SceneLayer(name: name, base: try baseState(fields, name: name), content: try content(fields, layer: name)))
            layerNames.append(name)
        }
        return layers
    }

    private func baseState(_ fields: ObjectFields, name: String) throws(SceneError) -> anim_layer_t {
        let fullCanvas = anim_rect_t(x: 0, y: 0, width: Double(canvas.width), height: Double(canvas.height))
        var state = anim_layer_t.base(name: strings.intern(name), frame: try fields["frame"]?.rect(in: Self.coordinates) ?? fullCanvas)
        if let anchor = fields["anchor"] { state.anchor = try anchor.point(in: -10...10) }
        if let scale = fields["scale"] { state.scale = try decodeScale(scale) }
        if let rotation = fields["rotation"] { state.rotation = try rotation.number(in: -36_000...36_000) }
        if let translation = fields["translation"] { state.translation = try translation.point(in: Self.coordinates) }
        if let opacity = fields["opacity"] { state.opacity = try opacity.number(in: 0...1) }
        if let hidden = fields["hidden"] { state.hidden = try hidden.bool() ? 1 : 0 }
        if let radius = fields["cornerRadius"] { state.corner_radius = try radius.number(in: 0...100_000) }
        if let shadow = fields["shadow"] { state.shadow = try decodeShadow(shadow) }
        if let mask = fields["mask"] { state.mask = try decodeMask(mask) }
        return state
    }

    /// `2` or `[sx, sy]`.
    private func decodeScale(_ field: Field) throws(SceneError) -> anim_point_t {
        if case .number = field.node.value {
            let value = try field.number(in: -1000...1000)
            return anim_point_t(x: value, y: value)
        }
        return try field.point(in: -1000...1000)
    }

    private func decodeShadow(_ field: Field) throws(SceneError) -> anim_shadow_t {
        let fields = try field.object(allowing: ["color", "opacity", "radius", "offset"])
        return anim_shadow_t(
            color: try fields["color"]?.color() ?? anim_color_t(r: 0, g: 0, b: 0, a: 1),
            opacity: try fields["opacity"]?.number(in: 0...1) ?? 0.5,
            radius: try fields["radius"]?.number(in: 0...200) ?? 8,
            offset: try fields["offset"]?.point(in: Self.coordinates) ?? anim_point_t(x: 0, y: 4))
    }

    private func decodeMask(_ field: Field) throws(SceneError) -> anim_mask_t {
        let fields = try field.object(allowing: ["shapes", "fillRule", "inverted"])
        var mask = anim_mask_t()
        let shapes = try fields.required("shapes", "an array of mask shapes").array()
        guard (1...Int(ANIM_MASK_MAX_SHAPES)).contains(shapes.count) else {
            throw fields.field.error("a mask has 1 to \(ANIM_MASK_MAX_SHAPES) shapes, found \(shapes.count)")
        }
        mask.shape_count = UInt32(shapes.count)
        var decoded: [anim_mask_shape_t] = []
        for shape in shapes { decoded.append(try decodeMaskShape(shape)) }
        withUnsafeMutableBytes(of: &mask.shapes) { raw in
            let slots = raw.bindMemory(to: anim_mask_shape_t.self)
            for (index, shape) in decoded.enumerated() { slots[index] = shape }
        }
        let rule = try fields["fillRule"]?.choice(["nonzero", "even-odd"]) ?? "nonzero"
        mask.fill_rule = rule == "even-odd" ? UInt32(ANIM_FILL_EVEN_ODD) : UInt32(ANIM_FILL_NONZERO)
        mask.inverted = try fields["inverted"]?.bool() == true ? 1 : 0
        return mask
    }

    private func decodeMaskShape(_ field: Field) throws(SceneError) -> anim_mask_shape_t {
        let fields = try field.object(allowing: ["shape", "rect", "cornerRadius"])
        let kinds: [String: UInt32] = ["rect": UInt32(ANIM_MASK_SHAPE_RECT), "rounded-rect": UInt32(ANIM_MASK_SHAPE_ROUNDED_RECT),
                                       "circle": UInt32(ANIM_MASK_SHAPE_CIRCLE), "ellipse": UInt32(ANIM_MASK_SHAPE_ELLIPSE)]
        let kind = try fields.required("shape", "rect, rounded-rect, circle or ellipse").choice(["rect", "rounded-rect", "circle", "ellipse"])
        return anim_mask_shape_t(
            kind: kinds[kind]!, reserved: 0,
            rect: try fields.required("rect", "the shape's rect in layer coordinates").rect(in: Self.coordinates),
            corner_radius: try fields["cornerRadius"]?.number(in: 0...100_000) ?? 0)
    }
}
