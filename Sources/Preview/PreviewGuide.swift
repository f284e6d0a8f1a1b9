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

        With --edit the address carries a token (preview: http://127.0.0.1:PORT/?token=…), and         PATCH /pipeline?token=… with Content-Type: application/json-patch+json applies a JSON         Patch (RFC 6902) to the pipeline file's text: only the changed values' bytes change,         the result is checked as validate checks a file before anything is written (an invalid         one is a 400 with the message and place), and the file is replaced whole. If-Match:         "VERSION" (the ETag of GET /pipeline?token=…) makes a file changed on disk since then a         409. Without the token nothing is written; without --edit no route writes.

        Examples:
          pipeline preview pipeline.json --port 8080
          pipeline preview pipeline.json --edit
          curl -X PATCH -H 'Content-Type: application/json-patch+json' \\
            -d '[{"op": "replace", "path": "/timeline/0/duration", "value": 0.55}]' \\
            'http://127.0.0.1:PORT/pipeline?token=TOKEN'
        """
}
