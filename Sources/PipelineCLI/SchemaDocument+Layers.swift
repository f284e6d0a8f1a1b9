import CAnimatorABI
import Compositor
import Scene

/// Layers: base state (frame, transform, opacity, shadow, mask) and contents (fill, image, text).
extension SchemaDocument {
    static let coordinates = -100_000.0...100_000.0

    var layer: SchemaJSON {
        SchemaType.object([
            ("name", SchemaType.string("the layer's name, unique; steps and layer parameters refer to it")),
            ("frame", SchemaType.rect(Self.coordinates, "[x, y, width, height] in canvas pixels (default: the whole canvas)")),
            ("anchor", SchemaType.point(-10...10, default: [0.5, 0.5], "the point scaling and rotation turn around, in unit coordinates of the frame")),
            ("scale", ["anyOf": [SchemaType.number(-1000...1000), SchemaType.point(-1000...1000)], "default": 1,
                       "description": "a factor, or [sx, sy]"]),
            ("rotation", SchemaType.number(-36_000...36_000, default: 0, "degrees, clockwise")),
            ("translation", SchemaType.point(Self.coordinates, default: [0, 0], "[x, y] pixels added after scale and rotation")),
            ("opacity", SchemaType.number(0...1, default: 1, "0 transparent to 1 opaque")),
            ("hidden", SchemaType.boolean(default: false, "true: not drawn (still usable as a frame or centre for parameters)")),
            ("cornerRadius", SchemaType.number(0...100_000, default: 0, "rounds the frame's corners and clips the contents to them")),
            ("fill", fill),
            ("image", SchemaType.string("a PNG or JPEG file, relative to the pipeline file; drawn over the fill")),
            ("gravity", SchemaType.choice(Gravity.allCases.map(\.rawValue), default: LayerContent().gravity.rawValue, "how the image is placed in the frame")),
            ("text", text),
            ("shadow", shadow),
            ("mask", mask),
        ], required: ["name"], "a layer: its place, transform, opacity and what it draws (fill, then image, then text)")
    }

    private var fill: SchemaJSON {
        let gradient = SchemaType.object([
            ("colors", ["type": "array", "items": SchemaType.color("a colour stop"), "minItems": 2, "description": "two or more colours"]),
            ("locations", ["type": "array", "items": SchemaType.number(0...1),
                           "description": "one location 0...1 per colour (default: evenly spaced)"]),
            ("start", SchemaType.point(-10...10, default: [0.5, 0], "where the first colour is, in unit coordinates of the layer")),
            ("end", SchemaType.point(-10...10, default: [0.5, 1], "where the last colour is, in unit coordinates of the layer")),
        ], required: ["colors"], "a linear gradient, as CAGradientLayer draws it")
        return ["anyOf": [SchemaType.color("a solid colour"), SchemaType.object([("gradient", gradient)], required: ["gradient"])],
                "description": "a colour, or {\"gradient\": {...}}"]
    }

    private var text: SchemaJSON {
        // The decoder's default size is iOS's body text size; the rest are TextContent's defaults.
        let defaults = TextContent(string: "", size: 17)
        let styled = SchemaType.object([
            ("string", SchemaType.string("the text to draw, wrapped to the frame's width")),
            ("font", ["type": "string", "default": .string(defaults.fontFamily), "description": "the font family"]),
            ("size", SchemaType.number(1...2000, default: defaults.size, "the font size in pixels")),
            ("bold", SchemaType.boolean(default: defaults.bold, "bold weight")),
            ("color", SchemaType.color(default: "#000000", "the text colour")),
            ("align", SchemaType.choice(TextAlignment.allCases.map(\.rawValue), default: defaults.alignment.rawValue, "horizontal alignment")),
            ("lineHeight", SchemaType.number(0.5...5, default: defaults.lineHeight, "line spacing as a multiple of the size")),
        ], required: ["string"])
        return ["anyOf": [SchemaType.string("the text to draw, in the default style"), styled],
                "description": "a string, or {string, font, size, bold, color, align, lineHeight}"]
    }

    private var shadow: SchemaJSON {
        SchemaType.object([
            ("color", SchemaType.color(default: "#000000", "the shadow colour")),
            ("opacity", SchemaType.number(0...1, default: 0.5, "multiplies the colour's alpha")),
            ("radius", SchemaType.number(0...200, default: 8, "blur radius in pixels")),
            ("offset", SchemaType.point(Self.coordinates, default: [0, 4], "[x, y] in pixels")),
        ], "a drop shadow of the layer's rounded frame")
    }

    private var mask: SchemaJSON {
        let shape = SchemaType.object([
            ("shape", SchemaType.choice(["rect", "rounded-rect", "circle", "ellipse"], "the shape's kind")),
            ("rect", SchemaType.rect(Self.coordinates, "where the shape is, in the layer's own coordinates")),
            ("cornerRadius", SchemaType.number(0...100_000, default: 0, "rounded-rect only")),
        ], required: ["shape", "rect"])
        return SchemaType.object([
            ("shapes", ["type": "array", "items": shape, "minItems": 1, "maxItems": .number(Double(ANIM_MASK_MAX_SHAPES)),
                        "description": "the shapes whose area the layer keeps"]),
            ("fillRule", SchemaType.choice(["nonzero", "even-odd"], default: "nonzero", "even-odd: overlapping shapes cut holes")),
            ("inverted", SchemaType.boolean(default: false, "keep the part outside the shapes instead")),
        ], required: ["shapes"], "keeps part of the layer")
    }
}
