import CAnimatorABI

/// Every key of the pipeline format, declared once (see `FormatKey`). The decoder, the JSON
/// Schema and the README's key tables all read these declarations.
public enum Keys {
    /// Canvas and layer positions: far beyond any canvas, small enough that no arithmetic on
    /// them overflows.
    static let coordinates = -100_000.0...100_000.0
    /// Points in unit coordinates of a layer (anchors, gradient ends): a few frames either way.
    static let unitPoints = -10.0...10.0
    static let time = 0...SceneDecoder.maxDuration
    /// Gains of sounds: silent to 16 times the amplitude (+24 dB).
    static let volumes = 0.0...16.0
    /// Opacities (a layer's, its shadow's, a text animator's): 0 transparent to 1 opaque. What a
    /// plugin writes is held to it too.
    public static let opacities = 0.0...1.0

    /// The top level of a pipeline file.
    public static let pipeline = KeySet(
        "",
        [
            FormatKey("$schema", .string, "where editors find this file's JSON Schema; pipeline ignores it"),
            FormatKey("version", .constant(Double(SceneDecoder.formatVersion)), "the format version, 1"),
            FormatKey("canvas", .object(canvas), "the picture: size, frame rate, background and length"),
            FormatKey("layers", .array(.object(layer)), "the layers, bottom first"),
            FormatKey(
                "timeline", .array(.object(step)), default: [],
                "steps applied in order, each to the state the earlier ones left"),
            FormatKey(
                "direction", .choice(SceneClock.Direction.allCases.map(\.rawValue)), default: "present",
                "present or push play the timeline; dismiss or pop undo it, the steps in reverse order, each "
                    + "moving forwards along its own curve; rewind plays the frames in reverse"),
            FormatKey(
                "interaction", .object(interaction),
                "an interactive transition, driven by a gesture then finished or cancelled"),
            FormatKey("output", .object(output), "where and what `pipeline run` writes"),
            FormatKey(
                "audio", .array(.either([.string, .object(audioTrack)])), default: [],
                "sound tracks mixed under the video (mp4, webm, mov): a file, or {file, start, …}"),
            FormatKey(
                "fonts", .array(.string), default: [],
                "TTF, OTF or TTC files, relative to the pipeline file, whose families texts may name in `font`"),
        ], required: ["version", "canvas", "layers"],
        "A UI transition animation for `pipeline run`: canvas, layers, timeline, output.")

    /// One track of the top-level `audio` list.
    public static let audioTrack = KeySet(
        "audio[]",
        [
            FormatKey(
                "file", .string,
                "a sound file ffmpeg's libraries read (WAV, FLAC, MP3, AAC, Opus, a video's sound), "
                    + "relative to the pipeline file"),
            FormatKey("start", .number(time), default: 0, "video time, in seconds, at which `from` plays"),
            FormatKey(
                "from", .number(0...86_400), default: 0,
                "seconds into the file where playing begins, 1 ms at least before its end"),
            FormatKey("volume", .number(volumes), default: 1, "the gain: 1 as recorded, 0.5 half the amplitude"),
            FormatKey("fadeIn", .number(time), default: 0, "seconds over which the gain rises from 0 at `start`"),
            FormatKey(
                "fadeOut", .number(time), default: 0,
                "seconds over which the gain falls to 0 where the track stops: the file's end, or the video's"),
            FormatKey(
                "loop", .boolean, default: false, "play again from `from` each time the file ends, until the video ends"
            ),
            FormatKey(
                "name", .pattern(soundNamePattern, summary: "letters, digits, `_` and `-`"),
                "what `animate` steps (`audio.<name>.volume`) and other tracks' `duck` call the track"),
            FormatKey("duck", .object(duck), "lower the track while other sounds play (a side-chain)"),
        ], required: ["file"], "a sound track and when it plays")

    /// The names of tracks and step sounds: one part of a key path (`audio.<name>.volume`).
    static let soundNamePattern = "^[A-Za-z0-9_-]+$"

    /// `{"under": ["voice", "clips"], "amount": -12, "attack": 0.2, "release": 0.6}`.
    public static let duck = KeySet(
        "audio[].duck",
        [
            FormatKey(
                "under", .array(.string, count: 1...Int.max, unique: true),
                "the sounds it gives way to: tracks' or step sounds' names, or \"clips\" for every clip's own sound"),
            FormatKey("amount", .number(-60...0), default: -12, "the gain, in dB, while they play"),
            FormatKey("attack", .number(0...60), default: 0.2, "seconds the gain takes to fall all the way to amount"),
            FormatKey("release", .number(0...60), default: 0.6, "seconds the gain takes to rise all the way back"),
            FormatKey(
                "threshold", .number(-90...0), default: -40,
                "the level, in dBFS (RMS over 10 ms), above which the sounds it gives way to count as playing"),
        ], required: ["under"], "how the track gives way to other sounds")

    public static let canvas = KeySet(
        "canvas",
        [
            FormatKey("width", .integer(1...SceneDecoder.maxCanvasSide), "the width in pixels"),
            FormatKey("height", .integer(1...SceneDecoder.maxCanvasSide), "the height in pixels"),
            FormatKey("fps", .number(SceneDecoder.frameRates), "frames per second"),
            FormatKey("background", .color, default: "#000000", "the colour behind every layer"),
            FormatKey(
                "duration", .number(time, aboveLower: true),
                defaultNote: "until the first frame at or after the end of the timeline or interaction, plus hold",
                "seconds rendered, at least one frame; frame i is i / fps seconds into the render"),
            FormatKey("hold", .number(time), default: 0, "seconds added to the default duration; not with duration"),
            FormatKey(
                "motionBlur", .object(motionBlur),
                "blur what moves: each frame averages pictures taken while the shutter is open, in linear light"),
        ], required: ["width", "height", "fps"], "the picture: size, frame rate, background and length")

    /// Samples of a frame: one is no blur; 64 pictures a frame is already slow.
    public static let blurSamples = 1.0...64.0

    public static let motionBlur = KeySet(
        "canvas.motionBlur",
        [
            FormatKey(
                "shutterAngle", .number(0...720), default: 180,
                "degrees of a frame interval the shutter stays open: 360 the whole interval, 0 no blur"),
            FormatKey(
                "shutterPhase", .number(-360...360), default: -90,
                "degrees of a frame interval from the frame's time to the shutter's opening: -90 with 180 centres "
                    + "the shutter on the frame's time"),
            FormatKey(
                "samples", .integer(blurSamples), default: 16,
                "pictures averaged for a frame where something moves; 1 renders as without motion blur"),
            FormatKey(
                "adaptive", .boolean, default: false,
                "fewer samples for slow motion: as many as the fastest layer's largest corner movement within the "
                    + "shutter in pixels, at least 2 and at most samples"),
        ], "motion blur, as After Effects' composition settings give it")

    public static let layerMotionBlur = KeySet(
        "layers[].motionBlur",
        [
            FormatKey("samples", .integer(blurSamples), "this layer's samples, in place of the canvas's")
        ], required: ["samples"], "this layer's motion blur samples")

    public static let outputFormat = KeySet(
        "output.formats[]",
        [
            FormatKey(
                "format", .choice(OutputFormat.allCases.filter { $0 != .png }.map(\.rawValue)),
                "a video format (PNG frames are the render's)"),
            FormatKey(
                "scale", .number(PreviewOutput.scales), default: 1,
                "of the render's frame size, each side rounded (to even for mp4); area-averaged from the frames"),
            FormatKey(
                "fps", .number(SceneDecoder.frameRates), defaultNote: "the render's",
                "frames per second, at most the render's: each of its frames is the render's frame nearest its time"),
        ], required: ["format"], "a preview: a video of its own size or frame rate, made from the render's frames")

    public static let output = KeySet(
        "output",
        [
            FormatKey("dir", .string, default: "out", "the output folder, relative to the pipeline file"),
            FormatKey(
                "formats",
                .array(
                    .either([.choice(OutputFormat.allCases.map(\.rawValue)), .object(outputFormat)]),
                    count: 1...Int.max, unique: true),
                default: ["png"],
                "what to write; videos are named after the pipeline file, or output.name, a preview with its scale "
                    + "and fps added (`name-0.33x-15fps.webp`)"),
            FormatKey(
                "name", .string, defaultNote: "the pipeline file's name",
                "the videos' file name, without its extension; in a batch, {id} in it is each variant's id, and "
                    + "every variant writes into the one output folder (videos only)"),
            FormatKey(
                "quality", .integer(Double(VideoQuality.range.lowerBound)...Double(VideoQuality.range.upperBound)),
                default: .number(Double(VideoQuality.standard.value)), "0 smallest to 100 best, for mp4, webm and webp"),
            FormatKey(
                "subtitles", .boolean, default: false,
                "also write the text layers' captions as subtitle tracks, one per layer: mov_text in mp4 and mov, "
                    + "WebVTT in webm"),
            FormatKey(
                "loudness", .either([.choice(LoudnessTarget.presetNames), .object(loudness)]),
                "bring the sound's mix to an EBU R128 loudness: a preset (ebu -23 LUFS, podcast -16, streaming -14) "
                    + "or {integrated, truePeak}"),
        ], "where and what `pipeline run` writes")
}
