import Foundation

/// A problem in path data: what is wrong, and where.
public struct PathDataError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, without the place ("a number is missing after L").
    public let message: String
    /// The UTF-8 offset (0-based) in the path data where the problem is.
    public let offset: Int

    public init(message: String, offset: Int) {
        (self.message, self.offset) = (message, offset)
    }

    /// "<message> at offset <offset>".
    public var description: String { "\(message) at offset \(offset)" }
}

/// SVG 1.1 path data (every command, absolute and relative: M m L l H h V v C c S s Q q T t A a Z z,
/// implicit repeated commands, numbers like "1e-3", ".5.5", "-1-2", flags "11" in arcs as SVG allows).
public enum PathData {
    public static let maximumBytes = 1_000_000
    /// Commands counted as drawn: each letter, and each repetition of one without its letter.
    public static let maximumCommands = 100_000

    /// The path the data draws, every part a cubic (`BezierPath`). Lines and quadratics become the
    /// cubics that draw them exactly; arcs follow SVG 1.1's implementation notes (F.6: endpoint to
    /// centre parameterisation, radii scaled up when too small to reach the end, a zero radius a
    /// line, an arc to its own start left out), one cubic per at most 90°. A moveto that draws
    /// nothing before the next moveto or the end is no subpath. Empty data is an empty path.
    public static func parse(_ text: String) throws(PathDataError) -> BezierPath {
        let count = text.utf8.count
        guard count <= maximumBytes else {
            throw PathDataError(
                message: "path data is \(count) bytes, over the limit of \(maximumBytes) bytes", offset: maximumBytes)
        }
        var parser = PathDataParser(bytes: Array(text.utf8))
        return try parser.parse()
    }
}

private struct PathDataParser {
    let bytes: [UInt8]
    var index = 0
    var commands = 0
    var subpaths: [Subpath] = []
    var current: Subpath?
    var point = SIMD2<Double>.zero
    var subpathStart = SIMD2<Double>.zero
    /// The last cubic's second control or quadratic's control, for S and T to reflect.
    var lastCubicControl: SIMD2<Double>?
    var lastQuadraticControl: SIMD2<Double>?

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func parse() throws(PathDataError) -> BezierPath {
        skipSeparators(commas: false)
        guard index < bytes.count else { return BezierPath(subpaths: []) }
        guard bytes[index] == UInt8(ascii: "M") || bytes[index] == UInt8(ascii: "m") else {
            throw PathDataError(message: "path data starts with M or m, found \(found(at: index))", offset: index)
        }
        while index < bytes.count {
            let letterOffset = index
            let letter = bytes[index]
            guard let command = Command(letter) else {
                let message =
                    isNumberStart(letter)
                    ? "a command letter is expected, found \(found(at: index))" : "unknown command \(found(at: index))"
                throw PathDataError(message: message, offset: index)
            }
            index += 1
            var repeated = command
            var first = true
            repeat {
                try count(at: first ? letterOffset : index)
                try draw(repeated, letter: Character(Unicode.Scalar(letter)))
                first = false
                // A moveto's further pairs are linetos (L after M, l after m).
                if repeated.kind == .move { repeated = Command(kind: .line, relative: command.relative) }
                skipSeparators(commas: true)
            } while command.kind != .close && index < bytes.count && isNumberStart(bytes[index])
        }
        finishSubpath()
        return BezierPath(subpaths: subpaths)
    }

    private mutating func count(at offset: Int) throws(PathDataError) {
        commands += 1
        guard commands <= PathData.maximumCommands else {
            throw PathDataError(
                message: "path data has over \(PathData.maximumCommands) commands (the limit)", offset: offset)
        }
    }

    /// Draws one set of `command`'s numbers. A number missing from the set is reported at the
    /// set's start ("M 10 10 L 20": at the 20, offset 10), where the incomplete set is.
    private mutating func draw(_ command: Command, letter: Character) throws(PathDataError) {
        skipSeparators(commas: true)
        let setStart = index
        do throws(PathDataError) {
            try drawSet(command, letter: letter)
        } catch  where error.message.hasPrefix("a number is missing") {
            throw PathDataError(message: error.message, offset: setStart)
        }
    }

    private mutating func drawSet(_ command: Command, letter: Character) throws(PathDataError) {
        let offset = index
        let base = command.relative ? point : .zero
        var cubicControl: SIMD2<Double>?
        var quadraticControl: SIMD2<Double>?
        switch command.kind {
        case .move:
            let target = base + (try pair(after: letter))
            finishSubpath()
            (point, subpathStart) = (target, target)
        case .close:
            current?.isClosed = true
            finishSubpath()
            point = subpathStart
        case .line:
            let target = base + (try pair(after: letter))
            appendToSubpath(.line(from: point, to: target))
        case .horizontal:
            let x = (command.relative ? point.x : 0) + (try number(after: letter))
            appendToSubpath(.line(from: point, to: SIMD2(x, point.y)))
        case .vertical:
            let y = (command.relative ? point.y : 0) + (try number(after: letter))
            appendToSubpath(.line(from: point, to: SIMD2(point.x, y)))
        case .cubic, .smoothCubic:
            let control1 =
                command.kind == .cubic
                ? base + (try pair(after: letter)) : 2 * point - (lastCubicControl ?? point)
            let control2 = base + (try pair(after: letter))
            let end = base + (try pair(after: letter))
            appendToSubpath(PathSegment(control1: control1, control2: control2, end: end))
            cubicControl = control2
        case .quadratic, .smoothQuadratic:
            let control =
                command.kind == .quadratic
                ? base + (try pair(after: letter)) : 2 * point - (lastQuadraticControl ?? point)
            let end = base + (try pair(after: letter))
            // The cubic that draws the quadratic exactly: controls two thirds of the way to its control.
            appendToSubpath(
                PathSegment(
                    control1: point + (control - point) * (2.0 / 3), control2: end + (control - end) * (2.0 / 3),
                    end: end))
            quadraticControl = control
        case .arc:
            let radii = SIMD2(try number(after: letter), try number(after: letter))
            let rotation = try number(after: letter)
            let large = try flag(after: letter)
            let sweep = try flag(after: letter)
            let end = base + (try pair(after: letter))
            for segment in Self.arc(from: point, to: end, radii: radii, degrees: rotation, large: large, sweep: sweep) {
                appendToSubpath(segment)
            }
        }
        (lastCubicControl, lastQuadraticControl) = (cubicControl, quadraticControl)
        // Finite numbers can still add up past Double's range (relative moves of 1e308).
        let drawn = current?.segments.last.map { [$0.control1, $0.control2, $0.end] } ?? []
        guard (drawn + [point]).allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
            throw PathDataError(message: "a coordinate after \(letter) overflows (beyond ±1.8e308)", offset: offset)
        }
    }

    private mutating func appendToSubpath(_ segment: PathSegment) {
        if current == nil { current = Subpath(start: subpathStart, segments: [], isClosed: false) }
        current!.segments.append(segment)
        point = segment.end
    }

    private mutating func finishSubpath() {
        if let subpath = current, !subpath.segments.isEmpty { subpaths.append(subpath) }
        current = nil
    }

    /// SVG 1.1 F.6.5: the arc's centre and angles from its end points, then F.6.6's radius correction.
    private static func arc(
        from start: SIMD2<Double>, to end: SIMD2<Double>, radii: SIMD2<Double>, degrees: Double, large: Bool,
        sweep: Bool
    ) -> [PathSegment] {
        if start == end { return [] }
        var (rx, ry) = (abs(radii.x), abs(radii.y))
        if rx == 0 || ry == 0 { return [.line(from: start, to: end)] }
        let phi = degrees.truncatingRemainder(dividingBy: 360) * .pi / 180
        let (cosine, sine) = (cos(phi), sin(phi))
        let half = (start - end) / 2
        let x1 = cosine * half.x + sine * half.y
        let y1 = -sine * half.x + cosine * half.y
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 { (rx, ry) = (rx * lambda.squareRoot(), ry * lambda.squareRoot()) }
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        let root = (max(0, numerator / denominator)).squareRoot() * (large == sweep ? -1 : 1)
        let cx1 = root * rx * y1 / ry
        let cy1 = -root * ry * x1 / rx
        let middle = (start + end) / 2
        let center = SIMD2(cosine * cx1 - sine * cy1 + middle.x, sine * cx1 + cosine * cy1 + middle.y)
        let u = SIMD2((x1 - cx1) / rx, (y1 - cy1) / ry)
        let v = SIMD2((-x1 - cx1) / rx, (-y1 - cy1) / ry)
        let startAngle = atan2(u.y, u.x)
        var delta = atan2(u.x * v.y - u.y * v.x, u.x * v.x + u.y * v.y)
        if !sweep && delta > 0 { delta -= 2 * .pi }
        if sweep && delta < 0 { delta += 2 * .pi }
        // Radii whose squares overflow (or vanish) leave no centre: the arc is then drawn straight.
        guard delta.isFinite, center.x.isFinite, center.y.isFinite, rx.isFinite, ry.isFinite else {
            return [.line(from: start, to: end)]
        }
        var segments = BezierPath.ellipticalArc(
            center: center, radii: SIMD2(rx, ry), rotation: phi, startAngle: startAngle, sweep: delta)
        segments[segments.count - 1].end = end
        return segments
    }

    // MARK: Tokens

    private mutating func pair(after letter: Character) throws(PathDataError) -> SIMD2<Double> {
        SIMD2(try number(after: letter), try number(after: letter))
    }

    private mutating func number(after letter: Character) throws(PathDataError) -> Double {
        skipSeparators(commas: true)
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerDigits = skipDigits()
        var fractionDigits = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            fractionDigits = skipDigits()
        }
        guard integerDigits + fractionDigits > 0 else {
            index = start
            throw PathDataError(message: "a number is missing after \(letter)", offset: start)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            let exponentStart = index
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            // An "e" without digits is not part of the number (SVG's grammar).
            if skipDigits() == 0 { index = exponentStart }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw PathDataError(message: "\(text) is not a finite number", offset: start)
        }
        return value
    }

    private mutating func flag(after letter: Character) throws(PathDataError) -> Bool {
        skipSeparators(commas: true)
        guard index < bytes.count, isNumberStart(bytes[index]) else {
            throw PathDataError(message: "an arc flag (0 or 1) is missing after \(letter)", offset: index)
        }
        guard bytes[index] == UInt8(ascii: "0") || bytes[index] == UInt8(ascii: "1") else {
            throw PathDataError(message: "an arc flag must be 0 or 1, found \(found(at: index))", offset: index)
        }
        index += 1
        return bytes[index - 1] == UInt8(ascii: "1")
    }

    private mutating func skipDigits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - start
    }

    private mutating func skipSeparators(commas: Bool) {
        var comma = !commas
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0C: index += 1
            case UInt8(ascii: ",") where !comma:
                comma = true
                index += 1
            default: return
            }
        }
    }

    private func isNumberStart(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
    }

    /// The character at `offset` as a message names it: itself, or its byte in hexadecimal when unprintable.
    private func found(at offset: Int) -> String {
        let scalar = String(decoding: bytes[offset...].prefix(4), as: UTF8.self).unicodeScalars.first
        guard let scalar, scalar.properties.isGraphemeBase else {
            return "byte 0x" + String(bytes[offset], radix: 16, uppercase: true)
        }
        return String(scalar)
    }
}

/// A path data command: its letter's kind and whether it is relative (lower case).
private struct Command {
    enum Kind { case move, close, line, horizontal, vertical, cubic, smoothCubic, quadratic, smoothQuadratic, arc }

    var kind: Kind
    var relative: Bool

    init(kind: Kind, relative: Bool) {
        (self.kind, self.relative) = (kind, relative)
    }

    init?(_ letter: UInt8) {
        let kinds: [UInt8: Kind] = [
            UInt8(ascii: "M"): .move, UInt8(ascii: "Z"): .close, UInt8(ascii: "L"): .line,
            UInt8(ascii: "H"): .horizontal, UInt8(ascii: "V"): .vertical, UInt8(ascii: "C"): .cubic,
            UInt8(ascii: "S"): .smoothCubic, UInt8(ascii: "Q"): .quadratic, UInt8(ascii: "T"): .smoothQuadratic,
            UInt8(ascii: "A"): .arc,
        ]
        let upper = letter & ~0x20
        guard Self.isLetter(letter), let kind = kinds[upper] else { return nil }
        (self.kind, relative) = (kind, letter != upper)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }
}
