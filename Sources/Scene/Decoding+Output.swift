import Foundation

/// The `output` section: where files go, in which formats, at which quality.
extension Decoding {
    func decodeOutput(_ field: Field?) throws(SceneError) -> OutputSettings {
        let fields = try field?.object(Keys.output)
        let name =
            try fields?["name"].map(decodeVideoName) ?? options.videoName
            ?? URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        let directory: String = try fields?.value("dir") ?? Self.defaultOutput("dir")
        let quality: Int = try fields?.value("quality") ?? Self.defaultOutput("quality")
        var settings = OutputSettings(
            directory: resolve(directory), formats: [.png], quality: VideoQuality(quality)!, name: name)
        if let problem = PathLimits.problem(settings.directory), let dir = fields?["dir"] {
            throw dir.error("the output folder \(settings.directory) \(problem)")
        }
        if let formats = fields?["formats"] {
            (settings.formats, settings.previews) = try decodeFormats(formats)
        } else {
            settings.formats = Self.defaultFormats
        }
        settings.subtitles = try fields?.value("subtitles") ?? Self.defaultOutput("subtitles")
        settings.loudness = try fields?["loudness"].map(decodeLoudness)
        return settings
    }

    /// A file name of its own: a video named so lands in the output folder, beside the others.
    private func decodeVideoName(_ field: Field) throws(SceneError) -> String {
        let name = try field.string()
        func refuse(_ problem: String) -> SceneError {
            field.error("the videos' name \(name.quotedForMessage) \(problem)")
        }
        guard !name.isEmpty else { throw refuse("is empty: leave output.name out to name them after the file") }
        guard !name.contains("/"), !name.contains("\0") else {
            throw refuse("has a / or a NUL: it names files, and output.dir their folder")
        }
        guard !name.hasPrefix(".") else { throw refuse("starts with ., which would hide its files") }
        guard name.utf8.count <= Self.maximumVideoNameBytes else {
            throw refuse("is longer than \(Self.maximumVideoNameBytes) bytes")
        }
        return name
    }

    /// Room left in a file name (255 bytes) for a part's frame range and an extension.
    static let maximumVideoNameBytes = 200

    private static func defaultOutput<Value: KeyValue>(_ name: String) -> Value {
        Keys.output[name].defaultValue.flatMap(Value.init(default:))!
    }

    private static var defaultFormats: [OutputFormat] {
        guard case .array(let items) = Keys.output["formats"].defaultValue else {
            preconditionFailure("formats default")
        }
        return items.map { OutputFormat(default: $0)! }
    }

    /// The plain formats and the previews (objects with a scale or fps of their own), each once.
    private func decodeFormats(_ field: Field) throws(SceneError) -> ([OutputFormat], [PreviewOutput]) {
        guard case .array(.either(let forms), let count, _) = Keys.output["formats"].form else {
            preconditionFailure("formats")
        }
        var (formats, previews): ([OutputFormat], [PreviewOutput]) = ([], [])
        func add(_ format: OutputFormat, at item: Field) throws(SceneError) {
            guard !formats.contains(format) else { throw item.error("format \"\(format.rawValue)\" is listed twice") }
            formats.append(format)
        }
        let items = try field.array()
        for item in items {
            guard case .object = item.node.value else {
                try add(try OutputFormat.read(item, forms[0]), at: item)
                continue
            }
            let fields = try item.object(Keys.outputFormat)
            let format: OutputFormat = try fields.required("format", "a video format")
            let scale: Double = try fields.value("scale")
            let fps: Double? = try fields.optional("fps")
            guard let preview = PreviewOutput(format: format, scale: scale, fps: fps) else {
                try add(format, at: item)
                continue
            }
            guard !previews.contains(preview) else { throw item.error("the preview \(preview.spec) is listed twice") }
            previews.append(preview)
        }
        guard count?.contains(items.count) ?? true else {
            throw field.error("lists no format: give one or more of \(OutputFormat.names)")
        }
        return (formats, previews)
    }
}

extension OutputFormat: KeyValue {}
