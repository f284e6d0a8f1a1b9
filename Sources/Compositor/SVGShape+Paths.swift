import CAnimatorABI
import Scene
import ShapeGeometry

extension SVGShape {
    /// The shape as a path of a shape layer, in the document's pixels (the layer's units: the
    /// document's top left at the layer's), styled as the document says but for the keys the
    /// pipeline file gives beside `svg` (`overriding`, its `given` keys). Widths and dashes are
    /// scaled by the shape's transform (by the square root of its determinant where it stretches
    /// unevenly). Nil for path data the shape parser refuses.
    func shapePath(overriding file: ShapeStyle?) -> ShapePath? {
        guard matrix.count == 6, let parsed = try? PathData.parse(pathData) else { return nil }
        let path = parsed.transformed(
            by: (a: matrix[0], b: matrix[1], c: matrix[2], d: matrix[3], tx: matrix[4], ty: matrix[5]))
        let factor = abs(matrix[0] * matrix[3] - matrix[1] * matrix[2]).squareRoot()
        var style = ShapeStyle()
        style.fill = fill.map { .color(anim_color_t(r: $0[0], g: $0[1], b: $0[2], a: $0[3])) }
        style.stroke = stroke.map { .color(anim_color_t(r: $0[0], g: $0[1], b: $0[2], a: $0[3])) }
        style.evenOdd = fillRule == .evenOdd
        style.lineWidth = strokeWidth * factor
        style.miterLimit = max(miterLimit, 1)
        style.lineCap = [.butt: .butt, .round: .round, .square: .square][lineCap] ?? .butt
        style.lineJoin = [.miter: .miter, .round: .round, .bevel: .bevel][lineJoin] ?? .miter
        style.dashes = dashes.contains { $0 > 0 } ? dashes.map { $0 * factor } : []
        style.dashPhase = dashOffset * factor
        if let file { style.take(file.given, from: file) }
        return ShapePath(path: path, style: style)
    }
}

extension SVGShape.LineCap: Hashable {}
extension SVGShape.LineJoin: Hashable {}

extension ShapeStyle {
    /// Takes the values of `keys` (style keys as a pipeline file writes them) from `other`, and
    /// its trimming, which a document has none of.
    mutating func take(_ keys: Set<String>, from other: ShapeStyle) {
        if keys.contains("fillColor") || keys.contains("fillGradient") { fill = other.fill }
        if keys.contains("strokeColor") || keys.contains("strokeGradient") { stroke = other.stroke }
        if keys.contains("fillRule") { evenOdd = other.evenOdd }
        if keys.contains("lineWidth") { lineWidth = other.lineWidth }
        if keys.contains("lineCap") { lineCap = other.lineCap }
        if keys.contains("lineJoin") { lineJoin = other.lineJoin }
        if keys.contains("miterLimit") { miterLimit = other.miterLimit }
        if keys.contains("lineDashPattern") { dashes = other.dashes }
        if keys.contains("lineDashPhase") { dashPhase = other.dashPhase }
        (strokeStart, strokeEnd, trimOffset) = (other.strokeStart, other.strokeEnd, other.trimOffset)
    }
}
