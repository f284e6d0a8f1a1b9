extension PreviewServer {
    /// What the preview serves and how it reloads: `pipeline preview --help` shows it.
    public static let guide = """
        Prints the page's URL first (preview: http://127.0.0.1:PORT/). The page plays, \
        scrubs and steps through the frames, rendered on demand as `pipeline frame` renders \
        them, and charts each step's progress over time. The viewer fits the frame to its room \
        or zooms it (Ctrl+wheel), over a checkerboard where it is transparent, with safe-area \
        guides on demand. Keys: Space plays or pauses, ← and → step a frame (with Shift a \
        second), J, K and L play backwards, pause and play (again: faster), Home and End go \
        to the first and last frame, I and O set the range playing loops over. When the pipeline file or a plugin \
        file changes, the page shows the new version; a pipeline that no longer loads leaves \
        the last good one on show, with the error. Plugin code runs in child processes (as with \
        run --isolate): a plugin that crashes fails the frames it renders, not the server. \
        It plays the pipeline's sound with the frames, the picture on the sound's clock: frames \
        are rendered a second ahead, and one not ready by its time is skipped, never shown \
        late; when frames keep coming too late, playing goes on at a draft scale and the page \
        says so. Open it at a time with ?t=SECONDS. It \
        answers only requests to 127.0.0.1:PORT or localhost:PORT, so other web pages cannot \
        reach it. Ctrl-C stops it.

        With --edit the address carries a token (preview: http://127.0.0.1:PORT/?token=…) and \
        the page edits the file: each step is a bar on its layer's track (drag it to move its \
        start, its ends to change its duration; they snap to other steps' ends, the playhead \
        and whole seconds) under a ruler that Ctrl+wheel zooms; a clip's track carries \
        thumbnails of its frames, a mixer's bar names its transition and a lane under the tracks \
        draws the sound's waveform, with one lane per sound drawing its volume over its own \
        waveform. The curve editor shows the \
        selected step's curve and a Bézier's handles to drag, and the inspector sets a step's \
        curve, spring and parameters and a layer's keys, each control typed from the schema \
        (sliders, switches, colour pickers, menus of the pipeline's layers and of its folder's \
        files; a layer's effects as a list); Ctrl+Z and Ctrl+Shift+Z undo and redo. The frame and \
        the chart follow a drag before it is written. "drive by hand" drags an interactive \
        transition on the frame: on release the page plays the rest as pipeline run renders \
        it, and "keep this gesture" writes the track into interaction. "render" renders the \
        file's outputs as pipeline run does, with its progress, and links to the files written.

        Every change is a JSON Patch (RFC 6902) sent as PATCH /pipeline?token=… with \
        Content-Type: application/json-patch+json, and scripts may send them too. It applies to \
        the file's text: only the changed values' bytes change; the result is checked as \
        validate checks a file before anything is written (an invalid one is a 400 with the \
        message and place), and the file is replaced whole. If-Match: "VERSION" (the ETag of \
        GET /pipeline?token=…) makes a file changed on disk since then a 409. Without the token \
        nothing is written; without --edit no route writes.

        Examples:
          pipeline preview pipeline.json --port 8080
          pipeline preview pipeline.json --edit
          curl -X PATCH -H 'Content-Type: application/json-patch+json' \\
            -d '[{"op": "replace", "path": "/timeline/0/duration", "value": 0.55}]' \\
            'http://127.0.0.1:PORT/pipeline?token=TOKEN'
        """
}
