import CAnimatorABI
import Foundation

/// What a layer draws: a fill (colour or linear gradient) and an image scaled by a gravity.
extension Decoding {
    mutating func content(_ fields: ObjectFields, layer: String) throws(SceneError) -> LayerContent {
        var content = LayerContent()
        if let fill = fields["fill"] { content.fill = try decodeFill(fill) }
        if let image = fields["image"] { content.image = try loadImage(image, layer: layer) }
        if let text = fields["text"] { content.text = try decodeText(text) }
        if let gravity = fields["gravity"] {
            content.gravity = Gravity(rawValue: try gravity.choice(Gravity.allCases.map(\.rawValue)))!
        }
        return content
    }

    /// `"#rrggbb"` or `{"gradient": {"colors": [...], "locations": [...], "start": [x, y], "end": [x, y]}}`
    /// with start and end in unit coordinates of the layer (Core Animation's CAGradientLayer).
    private func decodeFill(_ field: Field) throws(SceneError) -> Fill {
        if case .string = field.node.value { return .color(try field.color()) }
        let gradient = try field.object(allowing: ["gradient"]).required("gradient", "a linear gradient")
        let fields = try gradient.object(allowing: ["colors", "locations", "start", "end"])
        let colorFields = try fields.required("colors", "two or more colours").array()
        guard colorFields.count >= 2 else { throw fields.field.error("a gradient needs at least two colours, found \(colorFields.count)") }
        var colors: [anim_color_t] = []
        for item in colorFields { colors.append(try item.color()) }
        let evenly = colors.indices.map { Double($0) / Double(colors.count - 1) }
        let locations = try fields["locations"]?.numbers(count: colors.count, in: 0...1, what: "\(colors.count) locations, one per colour") ?? evenly
        return .linearGradient(
            start: try fields["start"]?.point(in: -10...10) ?? anim_point_t(x: 0.5, y: 0),
            end: try fields["end"]?.point(in: -10...10) ?? anim_point_t(x: 0.5, y: 1),
            stops: zip(locations, colors).map { GradientStop(location: $0, color: $1) })
    }

    /// `"Title"` or `{"string": "Title", "font": "DejaVu Sans", "size": 34, "bold": true,
    /// "color": "#1c1c1e", "align": "center", "lineHeight": 1.2}`; wrapped to the frame's width.
    private func decodeText(_ field: Field) throws(SceneError) -> TextContent {
        if case .string(let text) = field.node.value { return TextContent(string: text, size: Self.defaultTextSize) }
        let fields = try field.object(allowing: ["string", "font", "size", "bold", "color", "align", "lineHeight"])
        var text = TextContent(string: try fields.required("string", "the text to draw").string(),
                               size: try fields["size"]?.number(in: 1...2000) ?? Self.defaultTextSize)
        if let font = fields["font"] { text.fontFamily = try font.string() }
        if let bold = fields["bold"] { text.bold = try bold.bool() }
        if let color = fields["color"] { text.color = try color.color() }
        if let align = fields["align"] { text.alignment = TextAlignment(rawValue: try align.choice(TextAlignment.allCases.map(\.rawValue)))! }
        if let lineHeight = fields["lineHeight"] { text.lineHeight = try lineHeight.number(in: 0.5...5) }
        return text
    }

    /// iOS's body text size.
    static let defaultTextSize = 17.0

    /// Images resolve against the pipeline file's folder. Here the file is only found and
    /// checked; its pixels are decoded by a later stage (the compositor's `SceneImages`).
    private mutating func loadImage(_ field: Field, layer: String) throws(SceneError) -> ImageFile {
        let path = resolve(try field.string())
        if let problem = PathLimits.problem(path) { throw field.error("layer \"\(layer)\": the image path \(path) \(problem)") }
        guard FileManager.default.fileExists(atPath: path) else {
            throw field.error("image file not found: \(path)")
        }
        try confine(path, of: layer, at: field)
        imageFiles.insert(path)
        return ImageFile(path: path, origin: SceneError.Origin(file: file, position: field.node.position, path: field.path))
    }
}

extension Decoding {
    /// A pipeline from elsewhere must not read files beside it that it has no business with
    /// (`"image": "../../.ssh/id_rsa"` would end up in its frames): images resolve inside its
    /// folder, after symbolic links and `..`, unless the command allows otherwise.
    func confine(_ path: String, of layer: String, at field: Field) throws(SceneError) {
        guard !options.allowsImagesOutside else { return }
        let folder = realPath(baseDirectory.path), resolved = realPath(path)
        guard resolved != folder && !resolved.hasPrefix(folder == "/" ? "/" : folder + "/") else { return }
        throw field.error("layer \"\(layer)\": image \(path) resolves to \(resolved), outside the pipeline file's folder \(folder): "
                          + "move the image into that folder, or allow images anywhere with --\(SceneDecoder.Options.allowOutsideImagesFlag)")
    }
}

/// The path with symbolic links, `.` and `..` resolved; the path itself when it cannot be.
private func realPath(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
}
