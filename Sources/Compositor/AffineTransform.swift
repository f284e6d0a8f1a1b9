import CAnimatorABI
import CCairo
import Foundation

/// A 2-D affine map in Cairo's layout: x' = a·x + c·y + tx, y' = b·x + d·y + ty.
struct AffineTransform: Equatable {
    var a, b, c, d, tx, ty: Double

    static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    func apply(_ p: anim_point_t) -> anim_point_t {
        anim_point_t(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// A transform Cairo accepts: finite and invertible (a singular matrix puts a context in error).
    var isUsable: Bool {
        let determinant = a * d - b * c
        return a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
            && determinant != 0 && determinant.isFinite
    }

    /// The axis-aligned box around the image of `rect`: the extremes of its four corners, taken
    /// pairwise (no arrays: this runs for every layer of every frame).
    func boundingBox(of rect: anim_rect_t) -> anim_rect_t {
        let right = rect.x + rect.width
        let bottom = rect.y + rect.height
        let p = apply(anim_point_t(x: rect.x, y: rect.y))
        let q = apply(anim_point_t(x: right, y: rect.y))
        let r = apply(anim_point_t(x: rect.x, y: bottom))
        let s = apply(anim_point_t(x: right, y: bottom))
        let minX = min(min(p.x, q.x), min(r.x, s.x))
        let minY = min(min(p.y, q.y), min(r.y, s.y))
        let maxX = max(max(p.x, q.x), max(r.x, s.x))
        let maxY = max(max(p.y, q.y), max(r.y, s.y))
        return anim_rect_t(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    var cairoMatrix: cairo_matrix_t {
        cairo_matrix_t(xx: a, yx: b, xy: c, yy: d, x0: tx, y0: ty)
    }
}

/// Cosine and sine of an angle in degrees, exact at multiples of 90° so quarter turns stay crisp.
func cosSin(degrees: Double) -> (cos: Double, sin: Double) {
    if degrees.truncatingRemainder(dividingBy: 90) == 0 {
        switch Int((degrees / 90).truncatingRemainder(dividingBy: 4) + 4) % 4 {
        case 0: return (1, 0)
        case 1: return (0, 1)
        case 2: return (-1, 0)
        default: return (0, -1)
        }
    }
    let radians = degrees * .pi / 180
    return (cos(radians), sin(radians))
}
