import Foundation

/// The `output` section: where files go, in which formats, at which quality.
extension Decoding {
    func decodeOutput(_ field: Field?) throws(SceneError) -> OutputSettings {
        let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        var settings = OutputSettings(directory: baseDirectory.appendingPathComponent("out").path, formats: [.png], name: name)
        guard let field else { return settings }
        let fields = try field.object(allowing: ["dir", "formats", "quality"])
        if let dir = fields["dir"] {
            settings.directory = resolve(try dir.string())
            if let problem = PathLimits.problem(settings.directory) { throw dir.error("the output folder \(settings.directory) \(problem)") }
        }
        if let formats = fields["formats"] { settings.formats = try decodeFormats(formats) }
        if let quality = fields["quality"] {
            let range = VideoQuality.range
            settings.quality = VideoQuality(try quality.integer(in: Double(range.lowerBound)...Double(range.upperBound)))!
        }
        return settings
    }

    private func decodeFormats(_ field: Field) throws(SceneError) -> [OutputFormat] {
        var formats: [OutputFormat] = []
        for item in try field.array() {
            let format = OutputFormat(rawValue: try item.choice(OutputFormat.allCases.map(\.rawValue)))!
            guard !formats.contains(format) else { throw item.error("format \"\(format.rawValue)\" is listed twice") }
            formats.append(format)
        }
        guard !formats.isEmpty else { throw field.error("lists no format: give one or more of \(OutputFormat.names)") }
        return formats
    }
}
