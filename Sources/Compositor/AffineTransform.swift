import CAnimatorABI
import CCairo
import Foundation

/// A 2-D affine map in Cairo's layout: x' = a·x + c·y + tx, y' = b·x + d·y + ty.
struct AffineTransform: Equatable {
    var a, b, c, d, tx, ty: Double

    func apply(_ p: anim_point_t) -> anim_point_t {
        anim_point_t(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// A transform Cairo accepts: finite and invertible (a singular matrix puts a context in error).
    var isUsable: Bool {
        let determinant = a * d - b * c
        return [a, b, c, d, tx, ty].allSatisfy(\.isFinite) && determinant != 0 && determinant.isFinite
    }

    /// The axis-aligned box around the image of `rect`.
    func boundingBox(of rect: anim_rect_t) -> anim_rect_t {
        let corners = [(rect.x, rect.y), (rect.x + rect.width, rect.y),
                       (rect.x, rect.y + rect.height), (rect.x + rect.width, rect.y + rect.height)]
            .map { apply(anim_point_t(x: $0.0, y: $0.1)) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let minX = xs.min()!, minY = ys.min()!
        return anim_rect_t(x: minX, y: minY, width: xs.max()! - minX, height: ys.max()! - minY)
    }

    var cairoMatrix: cairo_matrix_t {
        cairo_matrix_t(xx: a, yx: b, xy: c, yy: d, x0: tx, y0: ty)
    }
}

/// Cosine and sine of an angle in degrees, exact at multiples of 90° so quarter turns stay crisp.
func cosSin(degrees: Double) -> (cos: Double, sin: Double) {
    if degrees.truncatingRemainder(dividingBy: 90) == 0 {
        let quarter = Int((degrees / 90).truncatingRemainder(dividingBy: 4) + 4) % 4
        return [(1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0)][quarter]
    }
    let radians = degrees * .pi / 180
    return (cos(radians), sin(radians))
}
