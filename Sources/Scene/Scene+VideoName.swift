extension Scene {
    /// The same scene with its videos named `name` instead of after the pipeline file: a
    /// pipeline read from standard input has no file name to give them.
    public func namingVideos(_ name: String) -> Scene {
        var output = self.output
        output.name = name
        let scene = Scene(
            file: file, canvas: canvas, fps: fps, length: length, layers: layers, steps: steps,
            clock: clock, output: output, audio: audio, fonts: fonts, sources: sources, strings: strings)
        (scene.warnings, scene.props) = (warnings, props)
        return scene
    }
}
