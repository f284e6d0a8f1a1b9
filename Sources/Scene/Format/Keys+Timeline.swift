import Timing

/// The timeline: steps, their timing, springs, and interactive transitions.
extension Keys {
    /// The keys that time a step of its own; a step `alongside` another takes none of them.
    public static let stepTiming = ["start", "duration", "timing", "speed", "repeat", "autoreverse"]

    public static let step = KeySet(
        "timeline[]",
        [
            FormatKey("id", .string, "a name later steps use in \"alongside\""),
            FormatKey(
                "animator", .described(summary: "an installed animator's name"),
                "the animator, with \"target\" (see `pipeline plugins`)"),
            FormatKey("target", .string, "the layer to animate: the name of a layer"),
            FormatKey(
                "mixer", .described(summary: "an installed mixer's name"),
                "the mixer, with \"from\" and \"to\"; it blends the two layers, drawn in place of the upper one"),
            FormatKey(
                "animate",
                .either([
                    .choice(LayerKeyPath.allCases.map(\.rawValue)),
                    .pattern(
                        "^(filters|backdropFilters)\\..+\\..+$",
                        summary: "`filters.<effect or index>.<parameter>` or the same under `backdropFilters`"),
                    .pattern(
                        "^(audio\\.[A-Za-z0-9_-]+\\.volume|video\\.volume)$",
                        summary: "`audio.<track or step sound name>.volume`, or `video.volume` of a clip layer"),
                    .pattern(
                        "^textAnimators\\.[0-9]+\\.(select(\\.[0-9]+)?|properties)\\.[A-Za-z]+$",
                        summary: "`textAnimators.<index>.select[.<selector index>].<field>` or "
                            + "`textAnimators.<index>.properties.<property>`"),
                    .pattern(
                        "^shape\\.(paths\\.[0-9]+\\.)?[A-Za-z]+(\\.[A-Za-z]+)?$",
                        summary: "`shape.<key>`, or `shape.paths.<index>.<key>` for a shape of several paths"),
                    .pattern(
                        "^mask\\.(feather|shapes\\.[0-9]+\\.(rect|cornerRadius|path))$",
                        summary: "`mask.feather`, or `mask.shapes.<index>.rect`, `.cornerRadius` or `.path`"),
                ]),
                "a key path of \"target\" that the host animates from, to or by a value, or through keyframes, "
                    + "as CABasicAnimation and CAKeyframeAnimation do; a filter's parameter by its effect's name "
                    + "(the first filter of that effect) or its place in the list; a text animator's value by "
                    + "textAnimators.<index>.select.<field> (select.<selector index>.<field> for a list) or "
                    + "textAnimators.<index>.properties.<property>; a shape's value by shape.<key> "
                    + "(shape.paths.<index>.<key> for several paths); a mask's by mask.feather or "
                    + "mask.shapes.<index>.<key>; a sound's volume by audio.<name>.volume (no target) or video.volume "
                    + "(a clip layer's own sound)"),
            FormatKey(
                "from", .described(summary: "a layer's name, or a value"),
                "a mixer's first layer (its name); an animation's start value"),
            FormatKey(
                "to", .described(summary: "a layer's name, or a value"),
                "a mixer's second layer (its name); an animation's end value"),
            FormatKey(
                "by", .described(summary: "a value"),
                "an animation's change: added to \"from\", or to the layer's value; with \"to\", it ends there"),
            FormatKey("keyframes", .object(keyframes), "an animation's values over time, in place of from, to and by"),
            FormatKey(
                "calculationMode", .choice(CalculationMode.allCases.map(\.rawValue)), default: "linear",
                "how keyframes' values are joined: straight lines, held values, constant speed or a smooth curve"),
            FormatKey(
                "additive", .boolean, default: false,
                "an animation's values are added to the layer's value rather than replacing it"),
            FormatKey(
                "alongside", .string,
                "the id of an earlier step whose progress this one takes, instead of its own timing"),
            FormatKey(
                "params", .described(summary: "object"),
                "the animator's or mixer's parameters, checked against its descriptors (see `pipeline plugins`)"),
            FormatKey("reverse", .boolean, default: false, "play the step backwards: progress p becomes 1 - p"),
            FormatKey("start", .number(time), default: 0, "seconds from the start of the timeline to the step's start"),
            FormatKey(
                "duration", .number(time), default: 0.25,
                "seconds (Core Animation's default; a physical spring's settling time when it has none)"),
            FormatKey(
                "timing", .definition("timing", summary: "a timing curve or a spring"), default: "linear",
                "the timing curve: a name, {\"curve\": name, \"args\": [...]}, {\"cubic-bezier\": [x1, y1, x2, y2]} "
                    + "or {\"spring\": {...}}"),
            FormatKey("speed", .number(0.01...100), default: 1, "plays the step this many times as fast"),
            FormatKey("repeat", .number(0.01...1000), default: 1, "how many times the step plays; fractions allowed"),
            FormatKey("autoreverse", .boolean, default: false, "each repetition plays forwards, then backwards"),
            FormatKey(
                "fillMode", .choice(Step.FillMode.allCases.map(\.rawValue)),
                defaultNote: "a mixer's: `from` alone before, `to` alone after; `both` for an animator that brings "
                    + "its target in; else `forwards`",
                "Core Animation's fill mode: `forwards` holds the end state after the end, `backwards` applies the "
                    + "start state before the start, `both` does both, `removed` neither; written, it replaces "
                    + "the default (a mixer step then runs its mixer outside its span, at progress 0 or 1)"),
            FormatKey(
                "removedOnCompletion", .boolean, default: false,
                "the end state does not hold after the end (as `removed` after the end), whatever the fill mode"),
            FormatKey(
                "sound", .either([.string, .object(stepSound)]),
                "a sound file, or {file, volume}, played once when the step starts moving on screen"),
            FormatKey(
                "soundCurve", .choice(SoundCurve.allCases.map(\.rawValue)), default: "equalPower",
                "a mixer step's crossfade of the sound of the two clips it joins, when both play sound: "
                    + "`equalPower` (−3 dB each at the middle) or `linear`"),
            FormatKey(
                "soundLead", .number(time), default: 0,
                "seconds by which a mixer's `to` clip's sound fades in ahead of the mixer (leads its picture)"),
            FormatKey(
                "soundTail", .number(time), default: 0,
                "seconds by which a mixer's `from` clip's sound fades out after the mixer (trails its picture)"),
        ],
        "an animator step (animator, target), a mixer step (mixer, from, to) or an animation the host runs "
            + "(animate, target, and from, to, by or keyframes); by default it has no effect "
            + "before its start and holds its end state after its end, except transitions: a mixer shows `from` "
            + "until it starts, an animator that brings its target in holds its start state (see fillMode)")

    /// `{"values": [...], "keyTimes": [...], "timingFunctions": [...]}`: CAKeyframeAnimation's values.
    public static let keyframes = KeySet(
        "timeline[].keyframes",
        [
            FormatKey(
                "values", .described(summary: "an array of values"),
                "two or more values of the key path's kind: numbers, points, sizes, rects or colours"),
            FormatKey(
                "keyTimes", .array(.number(0...1)), defaultNote: "evenly spaced",
                "when each value is reached, 0 to 1 of the step (one more than the values for discrete)"),
            FormatKey(
                "timingFunctions", .array(.definition("curve", summary: "a timing curve")),
                "one curve per segment between two values, easing it (the host's curves)"),
        ], required: ["values"], "an animation's values over time, as CAKeyframeAnimation takes them")

    /// `{"file": "tap.wav", "volume": 0.8}`: a step's sound.
    public static let stepSound = KeySet(
        "timeline[].sound",
        [
            FormatKey("file", .string, "a sound file ffmpeg's libraries read, relative to the pipeline file"),
            FormatKey("volume", .number(Keys.volumes), default: 1, "the gain: 1 as recorded, 0.5 half the amplitude"),
            FormatKey(
                "name", .pattern(soundNamePattern, summary: "letters, digits, `_` and `-`"),
                "what `animate` steps (`audio.<name>.volume`) and tracks' `duck` call the sound"),
        ], required: ["file"], "a sound played when the step starts")

    /// `{"curve": name, "args": [...]}`: a built-in or plugin curve with its arguments.
    public static let curveCall = KeySet(
        "timeline[].timing",
        [
            FormatKey("curve", .described(summary: "a curve's name"), "the curve's name (see `pipeline plugins`)"),
            FormatKey("args", .array(.number(nil)), "the curve's extra arguments (plugin curves only)"),
        ], required: ["curve"], "a timing curve with arguments")

    /// UIKit's `usingSpringWithDamping`: the spring settles at the step's end.
    public static let dampingRatioSpring = KeySet(
        "timeline[].timing.spring",
        [
            FormatKey("dampingRatio", .number(0.01...10), "1 settles without overshoot; lower bounces")
        ], required: ["dampingRatio"], "UIKit's usingSpringWithDamping: it settles at the step's end")

    /// CASpringAnimation's physical spring, with its defaults.
    public static let physicalSpring = KeySet(
        "timeline[].timing.spring",
        [
            FormatKey("mass", .number(0.001...1000), default: 1, "the mass on the spring"),
            FormatKey("stiffness", .number(0.001...100_000), default: 100, "the spring's stiffness"),
            FormatKey("damping", .number(0...10_000), default: 10, "the friction"),
            FormatKey(
                "initialVelocity", .number(-1000...1000), default: 0, "the starting speed, in travels per second"),
        ], "CASpringAnimation's physical spring; runs for its settling time unless the step gives a duration")

    /// SwiftUI's `spring(duration:bounce:)`.
    public static let perceptualSpring = KeySet(
        "timeline[].timing.spring",
        [
            FormatKey("duration", .number(0.01...60), default: 0.5, "perceptual duration in seconds"),
            FormatKey("bounce", .number(-0.99...0.99), default: 0, "0 no bounce, higher bouncier"),
        ], "SwiftUI's spring(duration:bounce:); runs for its settling time unless the step gives a duration")

    /// `{"cubic-bezier": [x1, y1, x2, y2]}`: the x coordinates stay in the curve's time span.
    public static let bezierX = 0.0...1.0
    public static let bezierY = -100.0...100.0

    /// The three ways to give a spring; a spring uses the keys of one.
    public static let springForms = [dampingRatioSpring, physicalSpring, perceptualSpring]

    public static let interaction = KeySet(
        "interaction",
        [
            FormatKey(
                "track", .described(summary: "array of [seconds, percent complete] or [seconds, percent, velocity]"),
                "gesture samples going forward in time; the last one is the release"),
            FormatKey(
                "finishIf", .object(finishRule),
                "the rule that decides at release whether the transition finishes or cancels"),
            FormatKey("completionSpeed", .number(0.01...100), default: 1, "speed of the rest after release"),
            FormatKey(
                "completionCurve", .definition("curve", summary: "a timing curve"), default: "ease-in-out",
                "the timing curve of the rest after release"),
            FormatKey(
                "cancelRemoves", .array(.string, unique: true),
                "layers taken away once a cancelled transition lands on its first state, as UIKit takes the "
                    + "to view out: the last frame shows only the screen the gesture started on"),
        ], required: ["track", "finishIf"],
        "an interactive transition, as UIPercentDrivenInteractiveTransition drives one")

    /// A gesture sample's time and percent complete (springs and overshooting gestures go past 0 and 1).
    public static let sampleTime = time
    public static let samplePercent = -1.0...2.0

    public static let finishRule = KeySet(
        "interaction.finishIf",
        [
            FormatKey("progressAtLeast", .number(0...1), "finish when released at least this far"),
            FormatKey("velocityAbove", .number(-1000...1000), "finish when released faster than this"),
        ], "exactly one rule; otherwise the transition cancels")
}
