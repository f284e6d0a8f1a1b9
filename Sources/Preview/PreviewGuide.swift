extension PreviewServer {
    /// What the preview serves and how it reloads: `pipeline preview --help` shows it.
    public static let guide = """
        Prints the page's URL first (preview: http://127.0.0.1:PORT/). The page plays, \
        scrubs and steps through the frames, rendered on demand as `pipeline frame` renders \
        them, and charts each step's progress over time. When the pipeline file or a plugin \
        file changes, the page shows the new version; a pipeline that no longer loads leaves \
        the last good one on show, with the error. Plugin code runs in child processes (as with \
        run --isolate): a plugin that crashes fails the frames it renders, not the server. \
        Open it at a time with ?t=SECONDS. It answers only requests to 127.0.0.1:PORT or \
        localhost:PORT, so other web pages cannot reach it. Ctrl-C stops it.

        Example: pipeline preview pipeline.json --port 8080
        """
}
