import CAnimatorABI
import ShapeGeometry

/// A layer's `shape`: one path and its style (`{"path": "M…", "strokeColor": …}`), several
/// (`{"paths": [{…}, {…}], "trim": "individually"}`), or an SVG document's (`{"svg": "logo.svg"}`,
/// read by a later stage, as images are).
extension Decoding {
    mutating func shape(_ fields: ObjectFields, layer: String) throws(SceneError) -> ShapeContent? {
        guard let field = fields["shape"] else { return nil }
        let shape = try field.object(Keys.shape)
        let frame: anim_rect_t =
            try fields.optional("frame")
            ?? anim_rect_t(x: 0, y: 0, width: Double(canvas.width), height: Double(canvas.height))
        let center = anim_point_t(x: frame.width / 2, y: frame.height / 2)
        let styleKeys = Keys.shapePathKeys.map(\.name)
        if let list = shape["paths"] {
            for other in ["svg"] + styleKeys where shape[other] != nil {
                throw shape[other]!.error(
                    "a shape gives \"paths\", each with its own \(other == "svg" ? "path" : "style"), or one "
                        + "\"path\"; move \"\(other)\" into the paths")
            }
            let items = try list.array()
            guard case .array(_, let count?, _) = shape.declared("paths").form, count.contains(items.count) else {
                throw list.error("a shape has 1 to \(ShapeContent.maximumPaths) paths, found \(items.count)")
            }
            var paths: [ShapePath] = []
            var problems: [SceneError] = []
            for item in items {
                switch Self.attempt({ () throws(SceneError) in
                    try shapePath(try item.object(Keys.shapePath), center: center)
                }) {
                case .success(let path): paths.append(path)
                case .failure(let problem): problems.append(problem)
                }
            }
            if let problems = SceneError.combining(problems) { throw problems }
            return ShapeContent(paths: paths, trim: try shape.value("trim"), isList: true)
        }
        if let trim = shape["trim"], shape["svg"] == nil {
            throw trim.error("\"trim\" says how several paths are trimmed together; give it with \"paths\" or \"svg\"")
        }
        if let svg = shape["svg"] {
            if let path = shape["path"] {
                throw path.error("a shape takes its paths from \"svg\" or from \"path\", not both")
            }
            guard let file = try locate(svg, layer: layer, what: "SVG") else { return nil }
            var content = ShapeContent(paths: [], trim: try shape.value("trim"), isList: false)
            let origin = SceneError.Origin(file: self.file, position: svg.node.position, path: svg.path)
            content.svg = SVGFile(path: file, origin: origin, confinement: confinement)
            content.svgStyle = try shapeStyle(shape, keepingUnset: true)
            return content
        }
        guard shape["path"] != nil else {
            throw field.error(
                "a shape needs \"path\" (SVG path data or {rect}, {ellipse}, {polystar}), \"paths\" or \"svg\"")
        }
        return ShapeContent(paths: [try shapePath(shape, center: center)], isList: false)
    }

    /// One path and its style.
    private func shapePath(_ fields: ObjectFields, center: anim_point_t) throws(SceneError) -> ShapePath {
        let path = try bezierPath(
            try fields.required("path", "SVG path data, or {rect}, {ellipse} or {polystar}"),
            center: center)
        return ShapePath(path: path, style: try shapeStyle(fields, keepingUnset: false))
    }

    /// `"M 0 0 L 10 10"`, `{"rect": [x, y, w, h], "cornerRadius": r}`, `{"ellipse": [x, y, w, h]}` or
    /// `{"polystar": {…}}`; a polystar is centred on `center` unless it says where.
    func bezierPath(_ field: Field, center: anim_point_t) throws(SceneError) -> BezierPath {
        if case .string = field.node.value { return try pathData(field) }
        let fields = try field.object(Keys.shapePrimitive)
        let given = ["rect", "ellipse", "polystar"].filter { fields[$0] != nil }
        guard given.count == 1 else {
            throw given.isEmpty
                ? field.error("a path object gives one of \"rect\", \"ellipse\" or \"polystar\"")
                : fields[given[1]]!.error(
                    "a path object gives one of \"rect\", \"ellipse\" or \"polystar\", not both "
                        + "\"\(given[0])\" and \"\(given[1])\"")
        }
        if let radius = fields["cornerRadius"], given[0] != "rect" {
            throw radius.error(
                "\"cornerRadius\" rounds a \"rect\"; this path is a\(given[0] == "ellipse" ? "n" : "") \(given[0])")
        }
        switch given[0] {
        case "rect":
            let rect: anim_rect_t = try fields.required("rect", "[x, y, width, height]")
            return .rect(
                x: rect.x, y: rect.y, width: rect.width, height: rect.height,
                cornerRadius: try fields.value("cornerRadius"))
        case "ellipse":
            let rect: anim_rect_t = try fields.required("ellipse", "[x, y, width, height]")
            return .ellipse(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
        default:
            let star = try fields["polystar"]!.object(Keys.polystar)
            let kind: String = try star.value("type")
            let at: anim_point_t = try star.optional("center") ?? center
            return .polystar(
                Polystar(
                    kind: kind == "polygon" ? .polygon : .star,
                    points: try star.required("points", "a number of points"),
                    center: SIMD2(at.x, at.y), outerRadius: try star.required("outerRadius", "a radius"),
                    innerRadius: try star.value("innerRadius"), outerRoundness: try star.value("outerRoundness"),
                    innerRoundness: try star.value("innerRoundness"), rotation: try star.value("rotation")))
        }
    }

    /// SVG path data, its errors at the character where they are.
    func pathData(_ field: Field) throws(SceneError) -> BezierPath {
        let text = try field.string()
        guard text.utf8.count <= PathData.maximumBytes else {
            throw field.error(
                "path data of \(text.utf8.count) bytes, over the limit of \(PathData.maximumBytes): draw it from an SVG "
                    + "file, or simplify it")
        }
        do throws(PathDataError) {
            return try PathData.parse(text)
        } catch {
            throw field.error("path data: \(error.message) at offset \(error.offset)")
        }
    }

    /// The style keys of a path (or of an SVG's paths, where only what the file sets replaces
    /// the SVG's own style: `keepingUnset`).
    func shapeStyle(_ fields: ObjectFields, keepingUnset: Bool) throws(SceneError) -> ShapeStyle {
        var style = ShapeStyle()
        for (color, gradient) in [("fillColor", "fillGradient"), ("strokeColor", "strokeGradient")]
        where fields[color] != nil && fields[gradient] != nil {
            throw fields[gradient]!.error("give \"\(color)\" or \"\(gradient)\", not both")
        }
        if let gradient = fields["fillGradient"] {
            style.fill = .gradient(try decodeGradient(try gradient.object(Keys.shapeFillGradient)))
        } else if let color: anim_color_t = try fields.optional("fillColor") {
            style.fill = .color(color)
        }
        if let gradient = fields["strokeGradient"] {
            style.stroke = .gradient(try decodeGradient(try gradient.object(Keys.shapeStrokeGradient)))
        } else if let color: anim_color_t = try fields.optional("strokeColor") {
            style.stroke = .color(color)
        }
        let rule: MaskFillRule = try fields.value("fillRule")
        style.evenOdd = rule == .evenOdd
        style.lineWidth = try fields.value("lineWidth")
        style.lineCap = try fields.value("lineCap")
        style.lineJoin = try fields.value("lineJoin")
        style.miterLimit = try fields.value("miterLimit")
        style.dashPhase = try fields.value("lineDashPhase")
        style.strokeStart = try fields.value("strokeStart")
        style.strokeEnd = try fields.value("strokeEnd")
        style.trimOffset = try fields.value("trimOffset")
        if let dashes = fields["lineDashPattern"] {
            let items = try dashes.array()
            guard case .array(.number(let range, _), let count?, _) = fields.declared("lineDashPattern").form,
                count.contains(items.count)
            else {
                throw dashes.error("a dash pattern has 1 to \(ShapeStyle.maximumDashes) lengths, found \(items.count)")
            }
            for item in items { style.dashes.append(try item.number(in: range)) }
            guard style.dashes.contains(where: { $0 > 0 }) else {
                throw dashes.error(
                    "a dash pattern of zeros draws nothing (SVG would draw the line solid): give a "
                        + "length above 0, or leave out lineDashPattern")
            }
        }
        if keepingUnset { style.given = Set(Keys.shapePathKeys.map(\.name).filter { fields[$0] != nil }) }
        return style
    }

    /// `{"type": "radial", "colors": [...], "locations": [...], "start": [x, y], "end": [x, y]}`.
    func decodeGradient(_ fields: ObjectFields) throws(SceneError) -> Gradient {
        let colorFields = try fields.required("colors", "two or more colours").array()
        guard case .array(_, let count?, _) = fields.declared("colors").form, count.contains(colorFields.count) else {
            throw fields.field.error("a gradient needs at least two colours, found \(colorFields.count)")
        }
        var colors: [anim_color_t] = []
        for item in colorFields { colors.append(try item.color()) }
        let evenly = colors.indices.map { Double($0) / Double(colors.count - 1) }
        guard case .array(.number(let range, _), _, _) = fields.declared("locations").form else {
            preconditionFailure("locations are numbers")
        }
        let locations =
            try fields["locations"]?.numbers(
                count: colors.count, in: range, what: "\(colors.count) locations, one per colour") ?? evenly
        let kind: String = try fields.value("type")
        return Gradient(
            kind: kind == "radial" ? .radial : .linear, start: try fields.value("start"), end: try fields.value("end"),
            stops: zip(locations, colors).map { GradientStop(location: $0, color: $1) })
    }
}

/// A layer's `replicator`: `{"instanceCount": 12, "instanceTransform": {"rotation": 30},
/// "instanceAlphaOffset": -0.08}`.
extension Decoding {
    func replicator(_ fields: ObjectFields) throws(SceneError) -> Replicator? {
        guard let field = fields["replicator"] else { return nil }
        let keys = try field.object(Keys.replicator)
        var replicator = Replicator(count: try keys.required("instanceCount", "how many copies of the sublayers"))
        if let transform = keys["instanceTransform"] {
            let parts = try transform.object(Keys.instanceTransform)
            replicator.translation = try parts.value("translation")
            replicator.rotation = try parts.value("rotation")
            replicator.scale = try parts.value("scale")
        }
        replicator.delay = try keys.value("instanceDelay")
        replicator.color = try keys.value("instanceColor")
        replicator.offsets = [
            try keys.value("instanceRedOffset"), try keys.value("instanceGreenOffset"),
            try keys.value("instanceBlueOffset"), try keys.value("instanceAlphaOffset"),
        ]
        return replicator
    }
}
