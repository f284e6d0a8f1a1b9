import Foundation

/// Lottie (Bodymovin JSON) written from a test's own numbers: one shape layer of one group, the
/// composition's pixels as the shapes' coordinates, 30 frames a second. Keys are written in the
/// order given: rlottie reads an object's keys in order and needs its "ty" first, a gradient's
/// "p" before its "k".
enum Bodymovin {
    typealias Object = KeyValuePairs<String, Any>

    static let frameRate = 30

    /// A value that does not change.
    static func still(_ value: Any) -> Object { ["a": 0, "k": value] }

    /// A value moving at constant speed from `from` at frame 0 to `to` at frame `frames`.
    static func linear(_ from: [Double], _ to: [Double], frames: Int) -> Object {
        let first: Object = ["i": ["x": [1.0], "y": [1.0]], "o": ["x": [0.0], "y": [0.0]], "t": 0, "s": from]
        return ["a": 1, "k": [first, ["t": frames, "s": to] as Object]]
    }

    static func linear(_ from: Double, _ to: Double, frames: Int) -> Object { linear([from], [to], frames: frames) }

    static func path(_ path: ReferencePath) -> Object {
        let shape: Object = [
            "v": path.vertices.map(\.array), "i": path.inTangents.map(\.array), "o": path.outTangents.map(\.array),
            "c": path.isClosed,
        ]
        return ["ty": "sh", "ks": still(shape)]
    }

    /// A stroke; caps and joins by Lottie's numbers (1 butt or miter, 2 round, 3 square or bevel).
    static func stroke(_ color: [Double], width: Double, cap: Int = 1, join: Int = 1, dashes: [Object] = []) -> Object {
        [
            "ty": "st", "c": still(color + [1]), "o": still(100), "w": still(width), "lc": cap, "lj": join, "ml": 4,
            "d": dashes,
        ]
    }

    /// A dash pattern of one dash and one gap, and its offset.
    static func dashes(dash: Double, gap: Double, offset: Object) -> [Object] {
        [["n": "d", "v": still(dash)], ["n": "g", "v": still(gap)], ["n": "o", "v": offset]]
    }

    static func fill(_ color: [Double]) -> Object {
        ["ty": "fl", "c": still(color + [1]), "o": still(100), "r": 1]
    }

    /// Trim paths; `individually` is Lottie's "m": 2, the paths trimmed as one.
    static func trim(end: Object, individually: Bool = false) -> Object {
        ["ty": "tm", "s": still(0), "e": end, "o": still(0), "m": individually ? 2 : 1]
    }

    /// A radial gradient stroke (type 2, no highlight) from `colors[0]` at `start` to `colors[1]`
    /// on the circle through `end`.
    static func radialGradientStroke(_ colors: [[Double]], start: [Double], end: Object, width: Double) -> Object {
        let stops = colors.enumerated().flatMap { [Double($0.offset) / Double(colors.count - 1)] + $0.element }
        return [
            "ty": "gs", "o": still(100), "w": still(width), "lc": 1, "lj": 1, "ml": 4, "t": 2,
            "g": ["p": colors.count, "k": still(stops)] as Object, "s": still(start), "e": end, "h": still(0),
            "a": still(0),
        ]
    }

    static func star(
        points: Int, center: [Double], outerRadius: Double, innerRadius: Double, outerRoundness: Double,
        innerRoundness: Double
    ) -> Object {
        [
            "ty": "sr", "sy": 1, "d": 1, "pt": still(points), "p": still(center), "r": still(0),
            "or": still(outerRadius), "ir": still(innerRadius), "os": still(outerRoundness),
            "is": still(innerRoundness),
        ]
    }

    /// A repeater of `copies`, each turned `rotation` degrees further about `anchor`, opacity
    /// going from `startOpacity` on the first copy to `endOpacity` on the last.
    static func repeater(copies: Int, anchor: [Double], rotation: Double, startOpacity: Double, endOpacity: Object)
        -> Object
    {
        let transform: Object = [
            "ty": "tr", "p": still([0, 0]), "a": still(anchor), "r": still(rotation), "s": still([100, 100]),
            "so": still(startOpacity), "eo": endOpacity,
        ]
        return ["ty": "rp", "c": still(copies), "o": still(0), "m": 1, "tr": transform]
    }

    /// The composition, `size` × `size` and `frames` long, of one layer drawing `items` in one
    /// group, its transform turned by `rotation` (degrees) about the centre.
    static func composition(size: Int, frames: Int, items: [Object], rotation: Object = still(0)) -> Data {
        let identity: Object = [
            "ty": "tr", "p": still([0, 0]), "a": still([0, 0]), "s": still([100, 100]), "r": still(0), "o": still(100),
        ]
        let center = [Double(size) / 2, Double(size) / 2, 0]
        let layer: Object = [
            "ddd": 0, "ind": 1, "ty": 4, "nm": "shapes", "sr": 1, "ao": 0, "ip": 0, "op": frames, "st": 0, "bm": 0,
            "ks": [
                "o": still(100), "r": rotation, "p": still(center), "a": still(center), "s": still([100, 100, 100]),
            ] as Object,
            "shapes": [["ty": "gr", "nm": "group", "it": items + [identity]] as Object],
        ]
        let root: Object = [
            "v": "5.7.0", "fr": frameRate, "ip": 0, "op": frames, "w": size, "h": size, "nm": "reference", "ddd": 0,
            "assets": [Any](), "layers": [layer],
        ]
        return Data(json(root).utf8)
    }

    /// JSON text of `value`: objects with their keys in order (a dictionary's sorted), arrays, strings, booleans, numbers.
    static func json(_ value: Any) -> String {
        switch value {
        case let object as Object:
            return "{" + object.map { "\(json($0.key)): \(json($0.value))" }.joined(separator: ", ") + "}"
        case let object as [String: Any]:
            return "{" + object.keys.sorted().map { "\(json($0)): \(json(object[$0]!))" }.joined(separator: ", ") + "}"
        case let array as [Any]: return "[" + array.map(json).joined(separator: ", ") + "]"
        case let string as String:
            return "\""
                + string.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                + "\""
        case let flag as Bool: return flag ? "true" : "false"
        case let number as Int: return "\(number)"
        case let number as Double: return "\(number)"
        default: preconditionFailure("no JSON for \(value)")
        }
    }
}

/// A path given as Lottie gives one, vertices with in and out tangents relative to them, so the
/// Lottie file and the pipeline file draw the same curves from the same start.
struct ReferencePath {
    var vertices: [SIMD2<Double>]
    var inTangents: [SIMD2<Double>]
    var outTangents: [SIMD2<Double>]
    var isClosed: Bool

    /// Straight lines through `points`.
    static func polyline(_ points: [SIMD2<Double>], closed: Bool = false) -> ReferencePath {
        let zero = [SIMD2<Double>](repeating: .zero, count: points.count)
        return ReferencePath(vertices: points, inTangents: zero, outTangents: zero, isClosed: closed)
    }

    /// A circle of four cubics, clockwise on screen from the top, handles 0.5523 of the radius.
    static func circle(center: SIMD2<Double>, radius: Double) -> ReferencePath {
        let k = 0.552_284_749_8 * radius
        let vertices: [SIMD2<Double>] = [[0, -radius], [radius, 0], [0, radius], [-radius, 0]].map { center + $0 }
        return ReferencePath(
            vertices: vertices, inTangents: [[-k, 0], [0, -k], [k, 0], [0, k]],
            outTangents: [[k, 0], [0, k], [-k, 0], [0, -k]], isClosed: true)
    }

    /// SVG path data for the same curves: a line where both handles are zero, else a cubic.
    var svg: String {
        func point(_ p: SIMD2<Double>) -> String { "\(p.x) \(p.y)" }
        var data = "M \(point(vertices[0]))"
        let count = isClosed ? vertices.count : vertices.count - 1
        for index in 0..<count {
            let next = (index + 1) % vertices.count
            let (out, into) = (outTangents[index], inTangents[next])
            if out == .zero && into == .zero {
                data += " L \(point(vertices[next]))"
            } else {
                data += " C \(point(vertices[index] + out)) \(point(vertices[next] + into)) \(point(vertices[next]))"
            }
        }
        return isClosed ? data + " Z" : data
    }
}

extension SIMD2<Double> {
    fileprivate var array: [Double] { [x, y] }
}
