/// A shape layer's keys, with Core Animation's names (CAShapeLayer) and Lottie's for what Core
/// Animation lacks (`trimOffset`, `polystar`).
extension Keys {
    public static let shape = KeySet(
        "layers[].shape",
        [
            FormatKey(
                "paths", .array(.object(shapePath), count: 1...ShapeContent.maximumPaths),
                "several paths, each with its own style, drawn in order (in place of path and the style keys here)"),
            FormatKey(
                "trim", .choice(ShapeContent.Trim.allCases.map(\.rawValue)), default: "simultaneously",
                "with paths: simultaneously trims each path by its own length; individually trims them as one "
                    + "path, in order (Lottie's trim paths)"),
            FormatKey(
                "svg", .string,
                "an SVG file whose paths, basic shapes, groups and transforms become the paths, each with its "
                    + "fill and stroke"),
        ] + shapePathKeys, "what a shape layer draws: one path and its style, several paths, or an SVG's")

    public static let shapePath = KeySet(
        "layers[].shape.paths[]", shapePathKeys, required: ["path"], "one path of a shape and its style")

    /// One path and its style, as CAShapeLayer's properties.
    static let shapePathKeys = [
        FormatKey(
            "path", .either([.string, .object(shapePrimitive)]),
            "SVG path data in the layer's coordinates (every SVG 1.1 command), or {rect}, {ellipse} or {polystar}"),
        FormatKey("fillColor", .color, default: "#000000", "the fill; \"#00000000\" for none"),
        FormatKey("fillGradient", .object(shapeFillGradient), "a gradient fill, in place of fillColor"),
        FormatKey(
            "fillRule", .choice(MaskFillRule.allCases.map(\.rawValue)), default: "nonzero",
            "even-odd: overlapping subpaths cut holes"),
        FormatKey("strokeColor", .color, defaultNote: "none", "the outline's colour"),
        FormatKey("strokeGradient", .object(shapeStrokeGradient), "a gradient outline, in place of strokeColor"),
        FormatKey("lineWidth", .number(0...100_000), default: 1, "the outline's width in the layer's units"),
        FormatKey("lineCap", .choice(ShapeStyle.LineCap.allCases.map(\.rawValue)), default: "butt", "open ends"),
        FormatKey("lineJoin", .choice(ShapeStyle.LineJoin.allCases.map(\.rawValue)), default: "miter", "corners"),
        FormatKey(
            "miterLimit", .number(1...1000), default: 10,
            "a miter join longer than this many line widths is bevelled"),
        FormatKey(
            "lineDashPattern", .array(.number(0...100_000), count: 1...ShapeStyle.maximumDashes),
            "lengths of dashes and gaps, alternately, along the outline (not all zero)"),
        FormatKey(
            "lineDashPhase", .number(coordinates), default: 0, "how far into the dash pattern the outline starts"),
        FormatKey("strokeStart", .number(0...1), default: 0, "where the drawn part starts, 0...1 of the path's length"),
        FormatKey("strokeEnd", .number(0...1), default: 1, "where it ends, 0...1 of the path's length"),
        FormatKey(
            "trimOffset", .number(-36_000...36_000), default: 0,
            "degrees: shifts strokeStart and strokeEnd by a turn per 360, wrapping round the path (Lottie's offset)"),
    ]

    public static let shapePrimitive = KeySet(
        "layers[].shape.path",
        [
            FormatKey("rect", .rect(coordinates), "[x, y, width, height]: a rectangle, clockwise from its top left"),
            FormatKey("cornerRadius", .number(0...100_000), default: 0, "with rect: rounds its corners"),
            FormatKey(
                "ellipse", .rect(coordinates), "[x, y, width, height]: the ellipse inside it, clockwise from its top"),
            FormatKey("polystar", .object(polystar), "a star or regular polygon (Lottie's polystar)"),
        ], "a path of a primitive shape: one of rect, ellipse or polystar")

    public static let polystar = KeySet(
        "layers[].shape.path.polystar",
        [
            FormatKey(
                "type", .choice(["star", "polygon"]), default: "star", "a star has inner vertices between its points"),
            FormatKey("points", .number(3...1000), "how many points (outer vertices)"),
            FormatKey(
                "center", .point(coordinates), defaultNote: "the layer's centre",
                "the centre, in the layer's coordinates"),
            FormatKey("outerRadius", .number(0...100_000), "the points' distance from the centre"),
            FormatKey(
                "innerRadius", .number(0...100_000), default: 0, "a star's inner vertices' distance from the centre"),
            FormatKey("outerRoundness", .number(0...100), default: 0, "percent: rounds the points"),
            FormatKey("innerRoundness", .number(0...100), default: 0, "percent: rounds a star's inner vertices"),
            FormatKey(
                "rotation", .number(-36_000...36_000), default: 0, "degrees clockwise; 0 puts a point straight up"),
        ], required: ["points", "outerRadius"], "a star or regular polygon")

    public static let shapeFillGradient = gradientKeys("layers[].shape.fillGradient")
    public static let shapeStrokeGradient = gradientKeys("layers[].shape.strokeGradient")

    /// A layer's replicator (`Replicator`).
    public static let replicator = KeySet(
        "layers[].replicator",
        [
            FormatKey(
                "instanceCount", .integer(1...Double(Replicator.maximumCount)),
                "how many copies of the sublayers are drawn, the first of them as they are"),
            FormatKey(
                "instanceTransform", .object(instanceTransform),
                "how each copy is placed from the one before, about the layer's anchor"),
            FormatKey(
                "instanceDelay", .number(time), default: 0,
                "seconds each copy shows the sublayers' animation later than the one before"),
            FormatKey(
                "instanceColor", .color, default: "#ffffff",
                "the colour the first copy's colours are multiplied by (white leaves them)"),
            FormatKey(
                "instanceRedOffset", .number(-1...1), default: 0,
                "added to the multiplying colour's red for each copy after the first"),
            FormatKey(
                "instanceGreenOffset", .number(-1...1), default: 0,
                "added to the multiplying colour's green for each copy after the first"),
            FormatKey(
                "instanceBlueOffset", .number(-1...1), default: 0,
                "added to the multiplying colour's blue for each copy after the first"),
            FormatKey(
                "instanceAlphaOffset", .number(-1...1), default: 0,
                "added to the multiplying colour's alpha for each copy after the first (-0.08: each fainter)"),
        ], required: ["instanceCount"], "repeats the layer's sublayers")

    /// How each copy of a replicator is placed from the one before.
    public static let instanceTransform = KeySet(
        "layers[].replicator.instanceTransform",
        [
            FormatKey("translation", .point(nil), default: [0, 0], "[x, y] pixels further for each copy"),
            FormatKey("rotation", .number(-36_000...36_000), default: 0, "degrees further clockwise for each copy"),
            FormatKey("scale", .numberOrPoint(-1000...1000), default: 1, "a factor, or [sx, sy], again for each copy"),
        ], "copy i: translation i·t, rotation i·θ, scale sⁱ, about the anchor")
}
