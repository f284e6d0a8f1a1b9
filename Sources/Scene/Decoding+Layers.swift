import CAnimatorABI
import PluginDescriptions

/// Layers: base state (frame, transform, opacity, shadow, mask) and contents (fill, image).
extension Decoding {
    /// Every layer is checked; a broken one is reported and the next one read. Its name is kept
    /// when it has one, so steps naming it are not reported too. Sublayers follow their layer
    /// (depth first, see `LayerTree`), and are read even when their layer is broken.
    mutating func decodeLayers(_ items: [Field]) -> [SceneLayer] {
        var decoded: [Int: SceneLayer] = [:]
        var snapshots: [(index: Int, item: Field)] = []
        var mattes: [(index: Int, item: Field)] = []
        decodeLayers(items, parent: nil, into: &decoded, snapshots: &snapshots, mattes: &mattes)
        // Snapshots name any layer, before or after them: resolved once every name is known.
        let showingSnapshots = Set(snapshots.map(\.index))
        for (index, item) in snapshots {
            guard let layer = decoded[index] else { continue }
            if let resolved = keep(
                Self.attempt { () throws(SceneError) in
                    try resolveSnapshot(of: layer, at: index, item, in: decoded, showingSnapshots: showingSnapshots)
                })
            {
                decoded[index] = resolved
            }
        }
        // Mattes name a sibling, before or after them.
        resolveMattes(mattes, in: &decoded)
        return layerNames.indices.compactMap { decoded[$0] }
    }

    /// `layer` (at `index`, read from `item`) with its snapshot's layer found and checked, and its
    /// frame that layer's when it gives none; `showingSnapshots` are the layers that show one.
    private func resolveSnapshot(
        of layer: SceneLayer, at index: Int, _ item: Field, in decoded: [Int: SceneLayer], showingSnapshots: Set<Int>
    ) throws(SceneError) -> SceneLayer {
        let field = item.member("snapshot")!
        let source = try layerIndex(field)
        let end = subtreeEnds[source, default: source + 1]
        if (source...end - 1).contains(index) {
            throw field.error(
                "layer \"\(layer.name)\" cannot show a snapshot of \"\(layerNames[source])\", which holds it; "
                    + "picture a layer outside it")
        }
        if let inner = (source..<end).first(where: showingSnapshots.contains) {
            throw field.error(
                "\"\(layerNames[source])\" holds \"\(layerNames[inner])\", which shows a snapshot itself; "
                    + "a snapshot pictures layers without snapshots")
        }
        let time = try item.member("at")?.number(in: Keys.time) ?? 0
        var content = layer.content
        content.snapshot = LayerSnapshot(layer: source, time: time)
        var base = layer.base
        if item.member("frame") == nil, let pictured = decoded[source] { base.frame = pictured.base.frame }
        return SceneLayer(
            name: layer.name, base: base, content: content, parent: layer.parent, subtreeEnd: layer.subtreeEnd,
            masksToBounds: layer.masksToBounds, host: layer.host)
    }

    private mutating func decodeLayers(
        _ items: [Field], parent: Int?, into decoded: inout [Int: SceneLayer],
        snapshots: inout [(index: Int, item: Field)], mattes: inout [(index: Int, item: Field)]
    ) {
        for item in items {
            let index = layerNames.count
            let attempt = Self.attempt { () throws(SceneError) in try decodeLayer(item) }
            let parts = keep(attempt)
            layerNames.append(parts?.name ?? Self.rawName(of: item))
            let sublayers = keep(
                Self.attempt { () throws(SceneError) in try item.member("sublayers")?.array() ?? [] })
            if let sublayers, !sublayers.isEmpty {
                decodeLayers(sublayers, parent: index, into: &decoded, snapshots: &snapshots, mattes: &mattes)
            }
            subtreeEnds[index] = layerNames.count
            guard let parts else { continue }
            if parts.content.replicator != nil, sublayers?.isEmpty != false, let field = item.member("replicator") {
                errors.append(
                    field.error(
                        "a replicator draws copies of the layer's sublayers; this layer has none: add "
                            + "\"sublayers\" or leave out \"replicator\""))
            }
            if item.member("snapshot") != nil {
                snapshots.append((index, item))
            } else if let at = item.member("at") {
                errors.append(at.error("\"at\" is the time a snapshot shows; it goes with \"snapshot\""))
            }
            if item.member("matte") != nil {
                mattes.append((index, item))
            } else if let show = item.member("showMatte") {
                errors.append(
                    show.error("\"showMatte\" also draws the layer \"matte\" names; this layer has no matte"))
            }
            layerContents[index] = parts.content
            layerMasks[index] = parts.host.mask
            if let blur = item.member("motionBlur") { layerBlurFields.append((index, blur)) }
            decoded[index] = SceneLayer(
                name: parts.name, base: parts.base, content: parts.content, parent: parent,
                subtreeEnd: layerNames.count, masksToBounds: parts.masksToBounds, host: parts.host)
        }
    }

    private mutating func decodeLayer(_ item: Field) throws(SceneError) -> (
        name: String, base: anim_layer_t, content: LayerContent, masksToBounds: Bool, host: HostLayerState
    ) {
        let fields = try item.object(Keys.layer)
        let nameField = try fields.required("name", "a unique layer name")
        let name = try nameField.string()
        if name.utf8.count > SceneDecoder.maximumNameBytes {
            throw nameField.error(
                "a layer name of \(name.utf8.count) bytes, over the limit of \(SceneDecoder.maximumNameBytes)")
        }
        if layerNames.contains(name) { throw nameField.error("duplicate layer name \"\(name)\"") }
        var host = HostLayerState()
        host.rotationX = try fields.value("rotationX")
        host.rotationY = try fields.value("rotationY")
        host.perspective = try fields.value("perspective")
        host.isDoubleSided = try fields.value("isDoubleSided")
        var base = try baseState(fields, name: name)
        if let mask = fields["mask"] { (base.mask, host.mask) = try decodeMask(mask) }
        var content = try content(fields, layer: name)
        content.effects = try decodeEffects(fields["filters"], edges: content.picturesFillIt ? .extend : .transparent)
        // A backdrop continues past the frame's edge: a frosted panel there gets no dark rim.
        content.backdropEffects = try decodeEffects(fields["backdropFilters"], edges: .extend)
        return (name, base, content, try fields.value("masksToBounds"), host)
    }

    /// The name a layer gives, even when the rest of it is wrong.
    private static func rawName(of item: Field) -> String {
        guard case .object(let members) = item.node.value, let name = members.first(where: { $0.key == "name" }),
            case .string(let text) = name.value.value
        else { return "" }
        return text
    }

    private func baseState(_ fields: ObjectFields, name: String) throws(SceneError) -> anim_layer_t {
        let fullCanvas = anim_rect_t(x: 0, y: 0, width: Double(canvas.width), height: Double(canvas.height))
        var state = anim_layer_t.base(name: strings.intern(name), frame: try fields.optional("frame") ?? fullCanvas)
        state.anchor = try fields.value("anchor")
        state.scale = try fields.value("scale")
        state.rotation = try fields.value("rotation")
        state.translation = try fields.value("translation")
        state.opacity = try fields.value("opacity")
        state.hidden = try fields.value("hidden") ? 1 : 0
        state.corner_radius = try fields.value("cornerRadius")
        if let shadow = fields["shadow"] { state.shadow = try decodeShadow(shadow) }
        return state
    }

    private func decodeShadow(_ field: Field) throws(SceneError) -> anim_shadow_t {
        let fields = try field.object(Keys.shadow)
        return anim_shadow_t(
            color: try fields.value("color"), opacity: try fields.value("opacity"),
            radius: try fields.value("radius"), offset: try fields.value("offset"))
    }

    /// The mask's rects, rounded rects, circles and ellipses go in the ABI's mask; its paths and
    /// feather, which the ABI has no room for, in the host's state of the layer.
    private func decodeMask(_ field: Field) throws(SceneError) -> (anim_mask_t, LayerMaskPaths) {
        let fields = try field.object(Keys.mask)
        var mask = anim_mask_t()
        var paths = LayerMaskPaths()
        let shapes = try fields.required("shapes", "an array of mask shapes").array()
        guard case .array(_, let count?, _) = fields.declared("shapes").form, count.contains(shapes.count) else {
            throw fields.field.error("a mask has 1 to \(LayerMaskPaths.maximumShapes) shapes, found \(shapes.count)")
        }
        var decoded: [anim_mask_shape_t] = []
        for (index, shape) in shapes.enumerated() {
            let shapeFields = try shape.object(Keys.maskShape)
            let kind: MaskShapeKind = try shapeFields.required(
                "shape", "rect, rounded-rect, circle, ellipse or path")
            guard let abiKind = kind.abiValue else {
                for key in ["rect", "cornerRadius"] where shapeFields[key] != nil {
                    throw shapeFields[key]!.error(
                        "a path mask shape takes its outline from \"path\"; leave out \"\(key)\"")
                }
                let path = try pathData(try shapeFields.required("path", "SVG path data in the layer's coordinates"))
                paths.paths.append(path)
                paths.shapeIndices.append(index)
                continue
            }
            if let path = shapeFields["path"] {
                throw path.error("\"path\" is the outline of a \"path\" mask shape; this one is a \(kind.rawValue)")
            }
            guard decoded.count < Int(ANIM_MASK_MAX_SHAPES) else {
                throw shape.error(
                    "a mask has at most \(ANIM_MASK_MAX_SHAPES) rects, rounded rects, circles and ellipses: draw more as "
                        + "one \"path\" shape, whose subpaths are not limited")
            }
            decoded.append(
                anim_mask_shape_t(
                    kind: abiKind, reserved: 0,
                    rect: try shapeFields.required("rect", "the shape's rect in layer coordinates"),
                    corner_radius: try shapeFields.value("cornerRadius")))
            paths.abiSlots[index] = decoded.count - 1
        }
        mask.shape_count = UInt32(decoded.count)
        withUnsafeMutableBytes(of: &mask.shapes) { raw in
            let slots = raw.bindMemory(to: anim_mask_shape_t.self)
            for (index, shape) in decoded.enumerated() { slots[index] = shape }
        }
        let rule: MaskFillRule = try fields.value("fillRule")
        mask.fill_rule = rule == .evenOdd ? UInt32(ANIM_FILL_EVEN_ODD) : UInt32(ANIM_FILL_NONZERO)
        mask.inverted = try fields.value("inverted") ? 1 : 0
        paths.feather = try fields.value("feather")
        return (mask, paths)
    }
}

extension MaskShapeKind {
    /// The shape's `ANIM_MASK_SHAPE_*` constant; nil for a path, which the ABI has no kind for.
    var abiValue: UInt32? {
        switch self {
        case .path: nil
        case .rect: UInt32(ANIM_MASK_SHAPE_RECT)
        case .roundedRect: UInt32(ANIM_MASK_SHAPE_ROUNDED_RECT)
        case .circle: UInt32(ANIM_MASK_SHAPE_CIRCLE)
        case .ellipse: UInt32(ANIM_MASK_SHAPE_ELLIPSE)
        }
    }
}
