import CVectorGraphics
import Foundation

/// One path or basic shape of an SVG document, with the style it resolves to: what a shape layer
/// draws from `"shape": {"svg": …}`.
public struct SVGShape: Equatable, Sendable {
    public enum FillRule: Equatable, Sendable { case nonZero, evenOdd }
    public enum LineCap: Equatable, Sendable { case butt, round, square }
    public enum LineJoin: Equatable, Sendable { case miter, round, bevel }

    /// SVG path data: a `<path>`'s `d` as written, a basic shape's outline written as path data.
    public var pathData: String
    /// `a b c d e f` (x' = a x + c y + e, y' = b x + d y + f) from the shape's coordinates to the
    /// document's pixels: its transforms and its ancestors', the root's viewBox mapping included.
    public var matrix: [Double]
    /// Red, green, blue and alpha from 0 to 1, opacities folded in; nil for none.
    public var fill: [Double]?
    public var fillRule: FillRule
    public var stroke: [Double]?
    public var strokeWidth: Double
    public var miterLimit: Double
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    /// Dash lengths (an even count); empty for a solid line.
    public var dashes: [Double]
    public var dashOffset: Double
    /// The element's line in the document.
    public var line: Int
}

/// The shapes an SVG document draws (libxml2, in libpipeline-vector.so), for shape layers.
public enum SVGShapes {
    public struct Document: Sendable {
        public var shapes: [SVGShape]
        /// What the document asks for that is not drawn as asked, one per kind:
        /// "logo.svg line 12: <text> is not drawn as a shape (…)".
        public var warnings: [String]
        /// The document's size in pixels (its width and height, else its viewBox's); nil when it
        /// gives none.
        public var size: (width: Double, height: Double)?
    }

    /// Reads the SVG file at `path`; its warnings name the file as `path` is written.
    public static func read(path: String) throws(ImageLoadError) -> Document {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ImageLoadError(path: path, description: "cannot read it")
        }
        return try read([UInt8](data), path: path)
    }

    /// Reads the SVG document in `bytes`, read from `path`.
    public static func read(_ bytes: [UInt8], path: String) throws(ImageLoadError) -> Document {
        if let failure = vector_unavailable() {
            throw ImageLoadError(path: path, description: String(cString: failure))
        }
        var shapes: UnsafeMutablePointer<vector_svg_shape_t>?
        var count = 0
        var warnings: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        var warningCount = 0
        var width = 0.0
        var height = 0.0
        var error: UnsafeMutablePointer<CChar>?
        let status = bytes.withUnsafeBufferPointer {
            vector_svg_shapes(
                $0.baseAddress, $0.count, &shapes, &count, &warnings, &warningCount, &width, &height, &error)
        }
        guard status == 0 else {
            defer { vector_free(error) }
            let reason = error.map { String(cString: $0) } ?? "not well-formed XML"
            throw ImageLoadError(path: path, description: "not an SVG document pipeline reads shapes from: \(reason)")
        }
        defer { vector_svg_shapes_free(shapes, count, warnings, warningCount) }
        return Document(
            shapes: (0..<count).map { shape(shapes![$0]) },
            warnings: (0..<warningCount).map { "\(path) \(String(cString: warnings![$0]!))" },
            size: width > 0 && height > 0 ? (width, height) : nil)
    }

    private static func shape(_ shape: vector_svg_shape_t) -> SVGShape {
        let matrix = shape.matrix
        let fill = shape.fill
        let stroke = shape.stroke
        return SVGShape(
            pathData: String(cString: shape.path_data),
            matrix: [matrix.0, matrix.1, matrix.2, matrix.3, matrix.4, matrix.5],
            fill: shape.has_fill != 0 ? [fill.0, fill.1, fill.2, fill.3] : nil,
            fillRule: shape.fill_rule == 1 ? .evenOdd : .nonZero,
            stroke: shape.has_stroke != 0 ? [stroke.0, stroke.1, stroke.2, stroke.3] : nil,
            strokeWidth: shape.stroke_width,
            miterLimit: shape.miter_limit,
            lineCap: [SVGShape.LineCap.butt, .round, .square][Int(shape.line_cap)],
            lineJoin: [SVGShape.LineJoin.miter, .round, .bevel][Int(shape.line_join)],
            dashes: (0..<shape.dash_count).map { shape.dashes[$0] },
            dashOffset: shape.dash_offset,
            line: Int(shape.line))
    }
}
