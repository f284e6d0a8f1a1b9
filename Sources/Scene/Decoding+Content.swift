import CAnimatorABI
import Foundation

/// What a layer draws: a fill (colour or gradient) and an image, an SVG document, a Lottie
/// animation, a video or an image sequence placed by a gravity, or a shape.
extension Decoding {
    mutating func content(_ fields: ObjectFields, layer: String) throws(SceneError) -> LayerContent {
        var content = LayerContent(gravity: try fields.value("gravity"))
        content.blendMode = try fields.value("blendMode")
        if let fill = fields["fill"] { content.fill = try decodeFill(fill) }
        try checkOneSource(fields, layer: layer)
        if let image = fields["image"], let file = try loadImage(image, layer: layer) {
            if SVGSniffing.isSVG(atPath: file.path) {
                content.svg = SVGFile(path: file.path, origin: file.origin, confinement: confinement)
            } else {
                content.image = file
            }
        }
        if content.svg == nil { content.svg = try svg(fields, layer: layer) }
        content.lottie = try lottie(fields, layer: layer)
        content.footage = try footage(fields, layer: layer)
        content.shape = try shape(fields, layer: layer)
        content.replicator = try replicator(fields)
        if let text = fields["text"] { content.text = try decodeText(text, layer: layer) }
        return content
    }

    /// `"#rrggbb"` or `{"gradient": {"type": "linear", "colors": [...], "locations": [...], "start": [x, y],
    /// "end": [x, y]}}` with start and end in unit coordinates of the layer (Core Animation's CAGradientLayer).
    private func decodeFill(_ field: Field) throws(SceneError) -> Fill {
        if case .string = field.node.value { return .color(try field.color()) }
        let gradient = try field.object(Keys.gradientFill).required("gradient", "a linear or radial gradient")
        return .gradient(try decodeGradient(try gradient.object(Keys.gradient)))
    }

    /// `"Title"` or `{"string": "Title", "font": "DejaVu Sans", "size": 34, "bold": true,
    /// "color": "#1c1c1e", "align": "center", "lineHeight": 1.2, "fallback": true,
    /// "stroke": {"color": "#000000", "width": 2}, "shadow": {"offset": [0, 2], "blur": 4},
    /// "features": ["tnum"], "tracking": 50}`; wrapped to the frame's width.
    private mutating func decodeText(_ field: Field, layer: String) throws(SceneError) -> TextContent {
        let style = Keys.text
        if case .string(let text) = field.node.value {
            return TextContent(string: text, size: Double(default: style["size"].defaultValue!)!)
        }
        let fields = try field.object(style)
        let (string, source) = try decodeTextString(try fields.required("string", "the text to draw"))
        var text = TextContent(
            string: string, fontFamily: try fields.value("font"),
            size: try fields.value("size"), bold: try fields.value("bold"), color: try fields.value("color"),
            alignment: try fields.value("align"), lineHeight: try fields.value("lineHeight"),
            verticalAlignment: try fields.value("verticalAlign"), padding: try fields.value("padding"),
            maxLines: try fields.optional("maxLines"), fallback: try fields.value("fallback"),
            tracking: try fields.value("tracking"))
        if let stroke = fields["stroke"] {
            let stroke = try stroke.object(Keys.textStroke)
            text.stroke = TextStroke(
                color: try stroke.required("color", "the outline's colour"), width: try stroke.value("width"))
        }
        if let shadow = fields["shadow"] {
            let shadow = try shadow.object(Keys.textShadow)
            text.shadow = TextShadow(
                color: try shadow.value("color"), offset: try shadow.value("offset"), blur: try shadow.value("blur"))
        }
        for feature in try fields["features"]?.array() ?? [] {
            let written = try feature.string()
            guard isOpenTypeFeature(written) else {
                throw feature.error(
                    "\(written.quotedForMessage) is not an OpenType feature: expected a 4-character tag, optionally with "
                        + "\"+\" or \"-\" before it and \"=value\" after it, such as \"tnum\", \"-liga\" or \"kern=0\"")
            }
            text.features.append(written)
        }
        text.source = source
        if let counter = fields["counter"] {
            if case .keyframes = source {
                throw counter.error("a text's string comes from \"string\" keyframes or from a counter, not both")
            }
            text.source = .counter(try decodeCounter(counter))
        }
        text.animators = try decodeTextAnimators(fields["textAnimators"])
        if let captions = fields["captions"] {
            if let other = ["counter"].first(where: { fields[$0] != nil }) ?? (source.isFixed ? nil : "string") {
                throw captions.error("captions give the text at each time; leave out \"\(other)\"'s changes")
            }
            text.captions = try decodeCaptions(captions, layer: layer)
        }
        text.fontOrigin = fields["font"].map {
            SceneError.Origin(file: file, position: $0.node.position, path: $0.path)
        }
        return text
    }

    /// Images resolve against the pipeline file's folder. Here the file is only found and
    /// checked; its pixels are decoded by a later stage (the compositor's `SceneImages`). A file
    /// that is missing or not allowed is reported after the errors in the pipeline file itself.
    private mutating func loadImage(_ field: Field, layer: String) throws(SceneError) -> ImageFile? {
        guard let path = try locate(field, layer: layer, what: "image") else { return nil }
        return ImageFile(
            path: path, origin: SceneError.Origin(file: file, position: field.node.position, path: field.path))
    }

    /// The path `field` names, resolved, once it passes the checks every file a layer shows
    /// passes (`what`: "image", "SVG", "Lottie"); nil, with the problem kept for later, when not.
    mutating func locate(_ field: Field, layer: String, what: String) throws(SceneError) -> String? {
        let path = resolve(try field.string())
        do throws(SceneError) {
            if let problem = PathLimits.problem(path) {
                throw field.error("layer \"\(layer)\": the \(what) path \(path) \(problem)")
            }
            guard FileManager.default.fileExists(atPath: path) else {
                throw field.error("\(what) file not found: \(path)")
            }
            try confine(path, of: layer, at: field, what: what)
            try requireRegular(path, at: field, what: what)
        } catch {
            imageErrors.append(error)
            return nil
        }
        imageFiles.insert(path)
        return path
    }
}

extension Decoding {
    /// Where files must lie; nil when the command allows them anywhere.
    var confinement: FolderConfinement? {
        options.allowsImagesOutside
            ? nil
            : FolderConfinement(folder: baseDirectory.path, option: options.optionNames(.allowsOutsideFiles))
    }

    /// `what` names the file in the message: "image", "video", "sequence".
    func confine(_ path: String, of layer: String, at field: Field, what: String) throws(SceneError) {
        if let problem = confinement?.problem(path, of: layer, what: what) { throw field.error(problem) }
    }

    /// A FIFO, a device or a folder where a file is named is refused here, at its place in the
    /// pipeline file, before any reader could block on it.
    func requireRegular(_ path: String, at field: Field, what: String) throws(SceneError) {
        if let kind = FileKind.irregular(path) { throw field.error("\(what) \(path) is \(kind), not a regular file") }
    }
}

/// Whether `feature` is an OpenType feature as `Keys.openTypeFeature` writes it: "+" or "-" or
/// nothing, a tag of 4 ASCII letters, digits or "_", and "=" with a decimal value or nothing.
func isOpenTypeFeature(_ feature: String) -> Bool {
    var rest = Substring(feature)
    if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
    let tag = rest.prefix(4)
    guard tag.count == 4, tag.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else {
        return false
    }
    rest = rest.dropFirst(4)
    guard !rest.isEmpty else { return true }
    guard rest.first == "=" else { return false }
    let value = rest.dropFirst()
    return !value.isEmpty && value.allSatisfy { $0.isASCII && $0.isNumber }
}
