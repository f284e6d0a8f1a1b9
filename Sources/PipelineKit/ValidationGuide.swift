extension Pipeline {
    /// What opening a pipeline checks and warns about: `pipeline validate --help` shows it.
    public static let validationGuide = """
        Checks the JSON, every key and value, the names of layers, animators and timing curves, \
        every parameter against its plugin's descriptor, and every image's header: that the file is a \
        PNG, JPEG or WebP within the size limit. SVG and Lottie files are read and checked (an SVG's \
        references must lie in the pipeline file's folder) and listed with their sizes and frames. \
        Pixel data is not decoded (a file cut off in its pixels fails when rendered).

        It also warns, at the place to change, about what is valid but most likely not meant: a step \
        that starts at or after the end of the render, a mixer blending from or into a layer that is \
        hidden or fully transparent when it starts, and two steps running the same animator on the same \
        layer over overlapping spans (the later one wins). A text whose font family is found neither \
        among the pipeline's "fonts" nor installed is an error, unless it sets "fallback": true. \
        Warnings leave the exit status 0; with --strict they are errors (status 1).

        Examples:
          pipeline validate pipeline.json
          jq '.canvas.fps = 30' pipeline.json | pipeline validate -
        """
}
