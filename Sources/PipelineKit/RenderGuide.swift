extension Pipeline.RenderOptions {
    /// What a render writes and how its options act, with examples: `pipeline run --help` shows it.
    public static let guide = """
        Writes one PNG per frame (frame_0000.png …) and, through ffmpeg, <name>.mp4, .webm, .mov, .gif, \
        .webp, .apng or .y4m, where <name> is the pipeline file's name. Files appear only when complete. \
        WebM keeps transparency when the canvas background is transparent; MOV (ProRes 4444), GIF, WebP \
        and APNG always do; MP4 and Y4M show the frames over black.

        --frames and --shard render part of the animation, byte for byte as a whole render does: PNGs keep \
        their frame numbers and videos are named <name>.<first>-<last>.<ext>, so parts rendered anywhere \
        fill one folder in order, and `pipeline concat` joins the videos.

        Each run records what it renders in its output folder (.pipeline-run.json). After Ctrl-C, run the \
        same command with --resume: complete PNG frames are kept and the rest rendered (a video, written \
        only when complete, needs every frame rendered again). A folder whose record differs (another \
        pipeline file, image, footage or sound file, plugin, scale, fps, formats, quality or frames) is \
        refused. One run at a time writes a frame of a folder: another run over the same frames is refused \
        (or, with --wait, waits for it); shards of one render write side by side.

        MP4, WebM and MOV carry the pipeline's sound (its audio tracks, steps' sounds and clips' own \
        sound); the other formats say once that it was left out. A part (--frames, --shard) carries its \
        render's mix for `pipeline concat`, which lays it under the joined parts.

        --batch variants.jsonl renders the pipeline once per line of that file: each line is a JSON merge \
        patch, as --props takes, with an "id" naming the variant ({"id": "fr", "canvas": {"fps": 30}}) \
        and, if it wants, a "set" of values by path ({"layers[2].text.string": "Bonjour"}: a merge patch \
        replaces arrays whole), applied after --props and before --set. Variant <id> is written into <out>/<id>/ (<out> being --out \
        or output.dir) with a record of its own. Variants render side by side, the threads shared between \
        them, the plugins loaded and each image decoded once for all. A variant that fails is reported and \
        the others go on; the batch ends with a summary, and exits 2 if any failed. With --resume only what \
        an interrupted batch left unfinished is rendered; --shard I/N renders the Ith of N equal runs of \
        the variants (a job array can share a batch); --frames applies to every variant.

        A value a plugin writes that cannot be drawn (NaN, an infinity, a negative size, opacity outside \
        0-1) is replaced by the property's value before that step and reported once; every file is still \
        written, and the exit status is 2.

        Examples:
          pipeline run pipeline.json
          pipeline run pipeline.json --out /tmp/render --format png,mp4 --quality 90
          pipeline run pipeline.json --scale 0.5 --fps 30 --format gif
          pipeline run pipeline.json --format y4m -o - | ffplay -
          pipeline run pipeline.json --frames 30-59
          pipeline run pipeline.json --resume
          pipeline run pipeline.json --shard $((SLURM_ARRAY_TASK_ID + 1))/$SLURM_ARRAY_TASK_COUNT
          pipeline run pipeline.json --sandbox --plugins ~/Downloads/plugins
          pipeline run pipeline.json --batch variants.jsonl --out renders --format mp4

        --isolate runs plugin code (animators, mixers, effects, timing curves) in child processes instead of in \
        pipeline itself. A plugin that crashes, exits, or does not return from a call within \
        PIPELINE_CALL_TIMEOUT seconds (default 10) fails its step: the message names the plugin, the step \
        and the frame, PNG frames before that frame stay complete, later ones and unfinished videos are \
        not written, and pipeline exits with status 2. It costs a copy of each mixer's images per frame \
        and a round trip per plugin call. Without it, a crashing plugin ends pipeline at once (status 2, \
        with the same message), keeping the frame files already written and removing unfinished videos.

        --isolate is no sandbox: plugins run with your rights. --sandbox isolates, and confines each child \
        (Landlock, seccomp) before it opens a plugin: a plugin cannot read or write your files, open a \
        socket, start a program or signal another process, and the frames are the same bytes. It needs a \
        kernel with Landlock (Linux 5.13 or later) and refuses to run (status 2) without one.
        """
}
