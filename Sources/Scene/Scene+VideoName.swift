import JSON

extension OutputSettings {
    /// What a batch variant's id replaces in `name` (`tip-{id}`).
    public static let variantID = "{id}"
    /// Where `name` is given, for messages.
    public static let namePath = JSONPath.root.appending(key: "output").appending(key: "name")

    /// Whether the videos are named after each batch variant: then every variant writes them
    /// into the one output folder.
    public var namesVariants: Bool { name.contains(Self.variantID) }
}

extension Scene {
    /// The same scene with `{id}` in its videos' name replaced by a batch variant's `id`.
    public func namingVideos(forVariant id: String) -> Scene {
        var output = self.output
        output.name = output.name.replacingOccurrences(of: OutputSettings.variantID, with: id)
        let scene = Scene(
            file: file, canvas: canvas, fps: fps, length: length, layers: layers, steps: steps,
            clock: clock, output: output, audio: audio, fonts: fonts, sources: sources, strings: strings)
        (scene.warnings, scene.props) = (warnings, props)
        return scene
    }
}
