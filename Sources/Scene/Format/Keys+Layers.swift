import CAnimatorABI
import Text

/// Layers: place, transform, opacity and what they draw.
extension Keys {
    public static let layer = KeySet(
        "layers[]",
        [
            FormatKey("name", .string, "the layer's name, unique; steps and layer parameters refer to it"),
            FormatKey(
                "frame", .rect(coordinates), defaultNote: "the whole canvas", "[x, y, width, height] in canvas pixels"),
            FormatKey(
                "anchor", .point(unitPoints), default: [0.5, 0.5],
                "the point scaling and rotation turn around, in unit coordinates of the frame"),
            FormatKey("scale", .numberOrPoint(-1000...1000), default: 1, "a factor, or [sx, sy]"),
            FormatKey("rotation", .number(-36_000...36_000), default: 0, "degrees, clockwise"),
            FormatKey(
                "rotationX", .number(-36_000...36_000), default: 0,
                "degrees about the horizontal axis through the anchor: the top tips away"),
            FormatKey(
                "rotationY", .number(-36_000...36_000), default: 0,
                "degrees about the vertical axis through the anchor: the right edge goes away"),
            FormatKey(
                "perspective", .number(0...1_000_000), default: 0,
                "the eye's distance from the layer in pixels for rotationX and rotationY (Core Animation's "
                    + "m34 = -1/perspective); 0: no perspective"),
            FormatKey(
                "isDoubleSided", .boolean, default: true, "false: not drawn while turned away (its back would show)"),
            FormatKey(
                "translation", .point(coordinates), default: [0, 0], "[x, y] pixels added after scale and rotation"),
            FormatKey("opacity", .number(opacities), default: 1, "0 transparent to 1 opaque"),
            FormatKey(
                "blendMode", .choice(BlendMode.allCases.map(\.rawValue)), default: .string(BlendMode.normal.rawValue),
                "how the layer (its sublayers and shadow with it, as one picture) combines with what lies under it in its "
                    + "parent: the W3C Compositing and Blending modes (CSS mix-blend-mode), and add (After Effects' "
                    + "Add, CSS plus-lighter)"),
            FormatKey(
                "hidden", .boolean, default: false,
                "true: not drawn (still usable as a frame or centre for parameters)"),
            FormatKey(
                "cornerRadius", .number(0...100_000), default: 0,
                "rounds the frame's corners and clips the contents to them"),
            FormatKey(
                "fill", .either([.color, .object(gradientFill)]), "a colour, or {\"gradient\": {...}}, drawn first"),
            FormatKey(
                "image", .string,
                "a PNG, JPEG, WebP or SVG file, relative to the pipeline file; drawn over the fill (an SVG as with svg)"
            ),
            FormatKey(
                "svg", .string,
                "an SVG file, relative to the pipeline file, drawn as vectors at the render's scale, in place of an "
                    + "image; the files it refers to must lie in the pipeline file's folder"),
            FormatKey(
                "lottie", .either([.string, .object(lottie)]),
                "a Lottie animation (JSON), or {file, start, speed, loop}: its frame at each render time, in place of "
                    + "an image"),
            FormatKey(
                "video", .either([.string, .object(video)]),
                "a video file, or {file, start, …}: its frame at each render time, in place of an image"),
            FormatKey(
                "sequence", .object(sequence),
                "numbered PNG, JPEG or WebP files played as a video, in place of an image"),
            FormatKey(
                "snapshot", .string,
                "another layer's name: this one shows that layer and its sublayers as they look at `at`, frozen, in "
                    + "place of an image (its frame defaults to theirs)"),
            FormatKey("at", .number(time), default: 0, "with snapshot: the timeline time the snapshot shows"),
            FormatKey(
                "shape", .object(shape),
                "vector paths drawn at the render's scale over the fill and under the text, in place of an image "
                    + "(CAShapeLayer, Lottie's shape layers)"),
            FormatKey(
                "replicator", .object(replicator),
                "draws the sublayers again and again, each copy moved, turned, scaled and tinted a step further "
                    + "about the layer's anchor (CAReplicatorLayer, Lottie's repeater)"),
            FormatKey(
                "gravity", .choice(Gravity.allCases.map(\.rawValue)), default: .string(Gravity.aspectFill.rawValue),
                "how the image, SVG, Lottie animation, video, sequence or snapshot is placed in the frame"),
            FormatKey(
                "text", .either([.string, .object(text)]),
                "a string in the default style, or {string, font, …}; drawn over the image, wrapped to the frame"),
            FormatKey(
                "shadow", .object(shadow),
                "a drop shadow of the layer's rounded frame (of the pixels its effects leave when it has effects, of its "
                    + "projected picture when turned)"),
            FormatKey(
                "filters", .array(.object(filter)),
                "effects applied in order to what the layer draws, its sublayers included, in its own coordinates, "
                    + "before its mask and opacity: CSS filter, Core Animation's filters"),
            FormatKey(
                "backdropFilters", .array(.object(filter)),
                "effects applied in order to what is drawn behind the layer, inside its rounded frame and mask, "
                    + "shown under its own fill and content: CSS backdrop-filter"),
            FormatKey("mask", .object(mask), "keeps part of the layer and of its sublayers"),
            FormatKey(
                "matte", .object(matte),
                "a track matte: the layer, with its sublayers, shows through another layer of the same list (its "
                    + "alpha or luminance), after its mask and before its opacity; the matte layer is then not drawn "
                    + "itself (After Effects' track matte)"),
            FormatKey(
                "showMatte", .boolean, default: false,
                "with matte: the matte layer is drawn too, where it stands in the list"),
            FormatKey(
                "sublayers", .described(summary: "an array of layers"),
                "layers inside this one, bottom first, drawn over it; their frames are in its own coordinates"),
            FormatKey(
                "masksToBounds", .boolean, default: false,
                "clips the sublayers to the layer's rounded frame (its own shadow still shows)"),
            FormatKey(
                "motionBlur", .either([.boolean, .object(Keys.layerMotionBlur)]),
                defaultNote: "true when the canvas has motionBlur",
                "with the canvas's motionBlur: false keeps the layer's own state at the frame's time in every "
                    + "sample (taken on any layer); {samples} gives it its own, only on a layer a step animates, or "
                    + "inside one"),
        ], required: ["name"],
        "a layer: its place, transform, opacity and what it draws (fill, then image, then text, then its sublayers)")

    public static let video = KeySet(
        "layers[].video",
        [
            FormatKey(
                "file", .string,
                "a video file ffmpeg's libraries read (MP4, MOV, WebM, GIF, …), relative to the pipeline file"),
            FormatKey(
                "audio", .boolean, default: false,
                "play the clip's own sound under the video (mp4, webm, mov), following its timing"),
            FormatKey("volume", .number(Keys.volumes), default: 1, "the gain of the clip's sound, with \"audio\""),
        ] + clipTiming, required: ["file"], "a video clip and when it plays")

    public static let lottie = KeySet(
        "layers[].lottie",
        [
            FormatKey("file", .string, "a Lottie animation (Bodymovin JSON), relative to the pipeline file"),
            FormatKey(
                "start", .number(-86_400...86_400), default: 0,
                "render time, in seconds, at which the animation's first frame shows (and shows before)"),
            FormatKey("speed", .number(0...100, aboveLower: true), default: 1, "animation seconds per render second"),
            FormatKey(
                "loop", .boolean, default: false, "after the last frame: play again from the first, or hold the last"),
        ], required: ["file"], "a Lottie animation and when it plays")

    public static let sequence = KeySet(
        "layers[].sequence",
        [
            FormatKey(
                "files", .string,
                "numbered PNG, JPEG or WebP files: a pattern such as shots/frame_%04d.png or a glob such as "
                    + "shots/*.png"),
            FormatKey("fps", .number(0...1000, aboveLower: true), "frames per second of the sequence"),
        ] + clipTiming, required: ["files", "fps"], "an image sequence and when it plays")

    /// When footage plays, shared by videos and sequences: clip time `from` + (t − `start`) × `speed`.
    static let clipTiming = [
        FormatKey("start", .number(-86_400...86_400), default: 0, "render time, in seconds, at which `from` shows"),
        FormatKey("from", .number(0...86_400), default: 0, "clip time, in seconds, shown at `start`"),
        FormatKey("speed", .number(0...100, aboveLower: true), default: 1, "clip seconds per render second"),
        FormatKey(
            "end", .choice(FootageSpec.End.allCases.map(\.rawValue)), default: "hold",
            "after the last frame: hold it, hide the layer's footage, or loop from `from`"),
        FormatKey(
            "before", .choice(FootageSpec.Before.allCases.map(\.rawValue)), default: "first",
            "before `start`: show the frame at `from`, or nothing"),
    ]

    public static let gradientFill = KeySet(
        "layers[].fill",
        [
            FormatKey("gradient", .object(gradient), "a linear or radial gradient")
        ], required: ["gradient"], "a gradient fill")

    public static let gradient = gradientKeys("layers[].fill.gradient")

    /// A gradient's keys where it stands at `place`: a layer's fill, a shape's fill or stroke.
    static func gradientKeys(_ place: String) -> KeySet {
        KeySet(
            place,
            [
                FormatKey(
                    "type", .choice(Gradient.Kind.allCases.map(\.rawValue)), default: "linear",
                    "linear: from start to end; radial: centred on start, the last colour on the circle through end"),
                FormatKey("colors", .array(.color, count: 2...Int.max), "two or more colours"),
                FormatKey(
                    "locations", .array(.number(0...1)), defaultNote: "evenly spaced",
                    "one location 0...1 per colour"),
                FormatKey(
                    "start", .point(unitPoints), default: [0.5, 0],
                    "where the first colour is (a radial one's centre), in unit coordinates of the layer"),
                FormatKey(
                    "end", .point(unitPoints), default: [0.5, 1],
                    "where the last colour is, in unit coordinates of the layer"),
            ], required: ["colors"], "a gradient, as CAGradientLayer draws it")
    }

    public static let text = KeySet(
        "layers[].text",
        [
            textString,
            FormatKey(
                "font", .string, default: .string(TextContent.defaultFontFamily),
                "the font family: one of the pipeline's `fonts` or one installed"),
            FormatKey(
                "fallback", .boolean, default: false,
                "true: a family that is not found is drawn in fontconfig's nearest match instead of failing"),
            FormatKey("size", .number(1...2000), default: 17, "the font size in pixels (17 is iOS's body text)"),
            FormatKey("bold", .boolean, default: false, "bold weight"),
            FormatKey("color", .color, default: "#000000", "the text colour"),
            FormatKey(
                "align", .choice(TextAlignment.allCases.map(\.rawValue)), default: "start",
                "horizontal alignment: `start` and `end` follow each paragraph's direction (`start` is the left edge "
                    + "of a left-to-right paragraph, the right edge of a right-to-left one), `left`, `center` and "
                    + "`right` do not"),
            FormatKey("lineHeight", .number(0.5...5), default: 1.2, "line spacing as a multiple of the size"),
            FormatKey(
                "verticalAlign", .choice(TextVerticalAlignment.allCases.map(\.rawValue)), default: "top",
                "where the lines sit between the frame's top and bottom"),
            FormatKey(
                "padding", .number(0...10_000), default: 0,
                "pixels kept free inside each edge of the frame; the text wraps to the width left"),
            FormatKey(
                "maxLines", .integer(1...10_000),
                "at most this many lines; a longer text ends its last line with an ellipsis (…)"),
            FormatKey("stroke", .object(textStroke), "an outline of the glyphs, drawn under their fill"),
            FormatKey("shadow", .object(textShadow), "a blurred shadow of the text, drawn under it"),
            FormatKey(
                "features", .array(.pattern(openTypeFeature, summary: "OpenType features such as `\"-liga\"`")),
                default: [],
                "OpenType features, in HarfBuzz's syntax: a 4-character tag, `+` (or nothing) to turn it on, `-` to "
                    + "turn it off, `=value` to set its value: `\"tnum\"`, `\"-liga\"`, `\"kern=0\"`, `\"ss01=1\"`"),
            FormatKey(
                "tracking", .number(nil), default: 0,
                "letter spacing in thousandths of the size (After Effects' unit), added after every character; "
                    + "negative tightens"),
            FormatKey(
                "textAnimators", .array(.object(textAnimator)), default: [],
                "per-character animation, After Effects' text animators: each selects characters, words or lines "
                    + "and changes their properties by how much each is selected"),
            FormatKey(
                "counter", .object(textCounter),
                "a number counting over time, written by a pattern, shown in place of `string` (which stays required: "
                    + "what the text is before the render)"),
            FormatKey(
                "captions", .object(captions),
                "SubRip or WebVTT captions: the cue at each time is shown in place of `string`"),
        ], required: ["string"], "a text and its style")

    /// `string` as a text's plain value, or changing over time.
    static let textString = FormatKey(
        "string", .either([.string, .object(textStringKeyframes)]),
        "the text to draw, wrapped to the frame's width; or {values, times}: strings held from each time on")

    public static let textStringKeyframes = KeySet(
        "layers[].text.string",
        [
            FormatKey("values", .array(.string, count: 1...Int.max), "the strings, in order"),
            FormatKey(
                "times", .array(.number(time), count: 1...Int.max),
                "render seconds, increasing, one per value: each value shows from its time until the next (the first "
                    + "also before its time), as After Effects' Source Text keyframes"),
        ], required: ["values", "times"], "a string that changes at given times, held between them")

    public static let textAnimator = KeySet(
        "layers[].text.textAnimators[]",
        [
            FormatKey(
                "select", .either([.object(textSelector), .array(.object(textSelector), count: 1...Int.max)]),
                defaultNote: "every character, fully",
                "one selector, or a list combined in order by their `mode`s"),
            FormatKey("properties", .object(textAnimatorProperties), "what a fully selected unit shows"),
        ], required: ["properties"], "an animator: which characters, and what changes on them")

    /// The percentages of selector weights: −100 % inverts a change, 100 % is all of it.
    static let percentAmount = -100.0...100.0

    public static let textSelector = KeySet(
        "layers[].text.textAnimators[].select",
        [
            FormatKey(
                "type", .choice(TextSelectorType.allCases.map(\.rawValue)), default: "range",
                "a range selector (start, end, offset, shape) or a wiggly one (noise over time)"),
            FormatKey(
                "by", .choice(TextUnitBasis.allCases.map(\.rawValue)), default: "characters",
                "the units counted; a space takes no part under charactersExcludingSpaces and words"),
            FormatKey(
                "units", .choice(TextSelectorUnits.allCases.map(\.rawValue)), default: "percent",
                "range: start, end and offset in percent of the units, or as unit indices"),
            FormatKey(
                "start", .number(-100_000...100_000), default: 0,
                "range: where the selection starts (a start after the end selects between the two)"),
            FormatKey(
                "end", .number(-100_000...100_000), defaultNote: "100 (percent), the unit count (index)",
                "range: where it ends"),
            FormatKey("offset", .number(-100_000...100_000), default: 0, "range: added to start and end"),
            FormatKey(
                "shape", .choice(TextSelectorShape.allCases.map(\.rawValue)), default: "square",
                "range: how the weight rises and falls across the range"),
            FormatKey("easeHigh", .number(percentAmount), default: 0, "range: percent easing of the weight near 1"),
            FormatKey("easeLow", .number(percentAmount), default: 0, "range: percent easing of the weight near 0"),
            FormatKey(
                "smoothness", .number(0...100), default: 100,
                "range, square: 100 weighs a partly covered unit by its covered part, 0 selects it fully or not"),
            FormatKey("amount", .number(percentAmount), default: 100, "range: percent weight of a fully selected unit"),
            FormatKey(
                "mode", .choice(TextSelectorMode.allCases.map(\.rawValue)),
                defaultNote: "add (range), intersect (wiggly)",
                "how this selector combines with those before it in the list"),
            FormatKey("randomize", .boolean, default: false, "range: the units in an order shuffled from `seed`"),
            FormatKey(
                "seed", .integer(-2_147_483_648...2_147_483_647), default: 0, "the random order's or noise's seed"),
            FormatKey("maxAmount", .number(percentAmount), default: 100, "wiggly: the highest weight, percent"),
            FormatKey("minAmount", .number(percentAmount), default: -100, "wiggly: the lowest weight, percent"),
            FormatKey("wigglesPerSecond", .number(0...1000), default: 2, "wiggly: new values per second"),
            FormatKey("correlation", .number(0...100), default: 50, "wiggly: percent: 100 moves every unit together"),
            FormatKey(
                "temporalPhase", .number(-36_000...36_000), default: 0, "wiggly: degrees: 360 is one wiggle later"),
            FormatKey(
                "spatialPhase", .number(-36_000...36_000), default: 0, "wiggly: degrees: 360 is one wiggle per unit"),
            FormatKey(
                "lockDimensions", .boolean, default: false,
                "wiggly: x and y of position, anchor and scale take the same weight"),
        ], "which units an animator changes and how much (After Effects' range and wiggly selectors)")

    public static let textAnimatorProperties = KeySet(
        "layers[].text.textAnimators[].properties",
        [
            FormatKey("position", .point(coordinates), "[x, y] pixels added: a unit of weight w moves w of it"),
            FormatKey("anchor", .point(coordinates), "[x, y] pixels the unit's own origin moves: w of it"),
            FormatKey(
                "scale", .numberOrPoint(-1000...1000), "a factor or [sx, sy]: weight w scales by 1 + w · (s − 1)"),
            FormatKey("rotation", .number(-36_000...36_000), "degrees clockwise: w of it"),
            FormatKey("opacity", .number(opacities), "the layer's opacity multiplied by 1 + w · (o − 1)"),
            FormatKey("fillColor", .color, "the fill moves w of the way from the text's colour to it"),
            FormatKey("strokeColor", .color, "the outline's colour moves w of the way to it"),
            FormatKey("strokeWidth", .number(0...1000), "the outline's width moves w of the way to it, in pixels"),
            FormatKey("tracking", .number(-100_000...100_000), "thousandths of the size added after the unit: w of it"),
            FormatKey("blur", .number(0...200), "blur radius in pixels: w of it"),
            FormatKey("skew", .number(-85...85), "degrees of horizontal shear: w of it"),
        ], "what a fully selected unit shows; a unit of weight w (−1 to 1) shows w of the change")

    public static let textCounter = KeySet(
        "layers[].text.counter",
        [
            FormatKey("from", .number(-1e15...1e15), default: 0, "the number before and at `start`"),
            FormatKey("to", .number(-1e15...1e15), "the number at and after the end"),
            FormatKey("start", .number(time), default: 0, "render seconds at which counting starts"),
            FormatKey(
                "duration", .number(time), default: 1, "seconds of counting (a spring's settling time when it has one)"),
            FormatKey(
                "timing", .definition("timing", summary: "a timing curve or a spring"), default: "linear",
                "the curve the count follows; the host's curves and springs"),
            FormatKey(
                "format", .string, default: "0",
                "a prefix, a pattern of 0, #, \",\" and \".\", a suffix: \"$#,##0.00\" writes $1,234.50; digits after "
                    + "\".\" are the decimals, 0s before it the least integer digits, \",\" groups thousands"),
        ], required: ["to"], "a number counting from `from` to `to`, shown as the text")

    public static let captions = KeySet(
        "layers[].text.captions",
        [
            FormatKey(
                "file", .string,
                "a SubRip (.srt) or WebVTT (.vtt) file in UTF-8, relative to the pipeline file"),
            FormatKey(
                "margin", .number(0...10_000), default: 40, "pixels kept free inside the frame's edges (a safe area)"),
            FormatKey(
                "maxWidth", .number(0...100_000, aboveLower: true), defaultNote: "the frame's width less the margins",
                "the widest a line is, in pixels"),
            FormatKey("maxLines", .integer(1...100), default: 2, "at most this many lines of a cue shown"),
            FormatKey("box", .object(captionBox), "a box drawn behind each cue's lines"),
            FormatKey(
                "highlight", .object(captionHighlight),
                "how the word being spoken stands out: timed by WebVTT inline timestamps, or estimated"),
            FormatKey(
                "language", .pattern(languageTagPattern, summary: "a BCP 47 tag such as `\"en\"` or `\"pt-BR\"`"),
                default: "und",
                "the captions' language, written into their subtitle track (`output.subtitles`) as its ISO 639-2 "
                    + "code (`eng`, `por`); its language must be an ISO 639 code"),
        ], required: ["file"], "captions from a file, with their safe area and box")

    /// A well-formed BCP 47 tag (RFC 5646) that begins with a 2- or 3-letter language: extended
    /// languages, script, region, variants, extensions and a private use part, each optional;
    /// `CaptionLanguage` checks tags with it.
    static let languageTagPattern =
        "^[A-Za-z]{2,3}(-[A-Za-z]{3}){0,3}(-[A-Za-z]{4})?(-([A-Za-z]{2}|[0-9]{3}))?"
        + "(-([A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}))*(-[0-9A-WYZa-wyz](-[A-Za-z0-9]{2,8})+)*(-[Xx](-[A-Za-z0-9]{1,8})+)?$"

    public static let captionBox = KeySet(
        "layers[].text.captions.box",
        [
            FormatKey("color", .color, default: "#000000b3", "the box's colour"),
            FormatKey("padding", .number(0...1000), default: 8, "pixels between the text and the box's edges"),
            FormatKey("cornerRadius", .number(0...1000), default: 4, "rounds the box's corners"),
        ], "a box behind the caption's lines")

    public static let captionHighlight = KeySet(
        "layers[].text.captions.highlight",
        [
            FormatKey("color", .color, "the current word's colour"),
            FormatKey("scale", .number(0.1...10), default: 1, "the current word's scale"),
            FormatKey("box", .color, "a colour drawn behind the current word"),
            FormatKey(
                "wordTiming", .choice(CaptionWordTiming.allCases.map(\.rawValue)), default: "characters",
                "how a cue without inline timestamps shares its time among its words: by their grapheme clusters, "
                    + "or evenly"),
        ], "the current word's look, and its timing where the file gives none")

    /// A 4-character OpenType tag, "+" or "-" before it, "=value" after it, as HarfBuzz reads a
    /// feature (`TextContent.features`); the decoder checks `isOpenTypeFeature` alike.
    static let openTypeFeature = "^[+-]?[A-Za-z0-9_]{4}(=[0-9]+)?$"

    public static let textStroke = KeySet(
        "layers[].text.stroke",
        [
            FormatKey("color", .color, "the outline's colour"),
            FormatKey(
                "width", .number(0...1000), default: 1,
                "the outline's width in the layer's pixels, centred on the glyphs' edges (half shows outside them)"),
        ], required: ["color"], "an outline of the glyphs with round joins, drawn under their fill")

    public static let textShadow = KeySet(
        "layers[].text.shadow",
        [
            FormatKey("color", .color, default: "#00000080", "the shadow colour; its alpha is the shadow's opacity"),
            FormatKey("offset", .point(coordinates), default: [0, 2], "[x, y] in the layer's pixels"),
            FormatKey("blur", .number(0...200), default: 4, "blur radius in the layer's pixels"),
        ], "a blurred copy of the text (its glyphs and outline) drawn under it")

    public static let filter = KeySet(
        "layers[].filters[]",
        [
            FormatKey(
                "effect", .described(summary: "an effect's name"),
                "an effect: blur, brightness, contrast, saturate, grayscale, sepia, invert, opacity, hue-rotate, "
                    + "color-matrix, a plugin's, or frei0r.<name> (see `pipeline plugins`)"),
            FormatKey(
                "params", .described(summary: "an object"),
                "the effect's parameters by name; those left out take their defaults, and an `edges` left out "
                    + "is `extend` for footage or an image covering the layer and for backdropFilters, else "
                    + "`transparent`"),
        ], required: ["effect"], "one effect of a layer's filters or backdropFilters")

    public static let shadow = KeySet(
        "layers[].shadow",
        [
            FormatKey("color", .color, default: "#000000", "the shadow colour"),
            FormatKey("opacity", .number(opacities), default: 0.5, "multiplies the colour's alpha"),
            FormatKey("radius", .number(0...200), default: 8, "blur radius in pixels"),
            FormatKey("offset", .point(coordinates), default: [0, 4], "[x, y] in pixels"),
        ], "a drop shadow of the layer's rounded frame")

    public static let mask = KeySet(
        "layers[].mask",
        [
            FormatKey(
                "shapes", .array(.object(maskShape), count: 1...LayerMaskPaths.maximumShapes),
                "the shapes whose area the layer keeps: at most \(ANIM_MASK_MAX_SHAPES) rects, rounded rects, circles "
                    + "and ellipses, and paths"),
            FormatKey(
                "fillRule", .choice(MaskFillRule.allCases.map(\.rawValue)), default: "nonzero",
                "even-odd: overlapping shapes cut holes"),
            FormatKey("inverted", .boolean, default: false, "keep the part outside the shapes instead"),
            FormatKey(
                "feather", .number(0...1000), default: 0,
                "softens the mask's edge over about this many pixels of the layer (a Gaussian blur of it)"),
        ], required: ["shapes"], "keeps part of the layer")

    public static let matte = KeySet(
        "layers[].matte",
        [
            FormatKey(
                "layer", .string,
                "the matte layer's name: a layer in the same list (a sibling), drawn with its animation, effects and "
                    + "sublayers (even when hidden) only to make the matte"),
            FormatKey(
                "mode", .choice(MatteMode.allCases.map(\.rawValue)), default: .string(MatteMode.alpha.rawValue),
                "alpha: shows where the matte layer is opaque; luma: where it is bright (Rec. 709 luminance of its "
                    + "sRGB values, times its alpha: CSS mask-mode luminance); -inverted: the complement"),
        ], required: ["layer"], "a track matte")

    public static let maskShape = KeySet(
        "layers[].mask.shapes[]",
        [
            FormatKey("shape", .choice(MaskShapeKind.allCases.map(\.rawValue)), "the shape's kind"),
            FormatKey(
                "rect", .rect(coordinates),
                "where the shape is, in the layer's own coordinates (every kind but path needs it)"),
            FormatKey("cornerRadius", .number(0...100_000), default: 0, "rounded-rect only"),
            FormatKey(
                "path", .string,
                "path only: SVG path data in the layer's own coordinates, any number of subpaths"),
        ], required: ["shape"], "one shape of a mask")
}

/// The kinds of mask shapes, by their names in pipeline files.
public enum MaskShapeKind: String, CaseIterable, Sendable {
    case rect
    case roundedRect = "rounded-rect"
    case circle, ellipse
    /// SVG path data, kept by the host (the ABI's mask holds the other kinds).
    case path
}

/// How overlapping mask shapes combine.
public enum MaskFillRule: String, CaseIterable, Sendable {
    case nonzero
    case evenOdd = "even-odd"
}
