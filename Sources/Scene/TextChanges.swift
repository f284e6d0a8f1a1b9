import Foundation
import PluginDescriptions
import Timing

/// A text's string held between keys, as After Effects' Source Text keyframes: `values[i]` shows
/// from `times[i]` seconds until the next time; the first also before its time.
public struct TextStringKeyframes: Sendable, Equatable {
    public let values: [String]
    /// Render seconds, increasing, one per value.
    public let times: [Double]

    public init(values: [String], times: [Double]) {
        precondition(!values.isEmpty && values.count == times.count, "one time per value")
        (self.values, self.times) = (values, times)
    }

    /// The value shown at `time`: the last whose time is at or before it, else the first.
    public func value(at time: Double) -> String {
        let index = times.lastIndex { $0 <= time } ?? 0
        return values[index]
    }
}

/// How a counter writes its number: a prefix, a pattern of `0`, `#`, `,` and `.`, a suffix
/// (`"$#,##0.00"`, `"0%"`, `"+0.0 km"`). The digits after `.` give the decimals (all shown,
/// rounded half away from zero); the `0`s before it the least number of integer digits (zeros
/// in front); a `,` among them groups the integer digits by three with `,`. A minus sign
/// comes before the prefix.
public struct NumberPattern: Sendable, Equatable {
    public var prefix = ""
    public var suffix = ""
    public var decimals = 0
    public var minimumIntegerDigits = 1
    public var groupsThousands = false

    public init() {}

    /// The pattern `written`, or nil with why not when it has no digits (`0` or `#`).
    public static func parse(_ written: String) -> Result<NumberPattern, NumberPatternError> {
        let characters = Array(written)
        guard let first = characters.firstIndex(where: { $0 == "0" || $0 == "#" }) else {
            return .failure(NumberPatternError(message: "it has no digit: write 0 or # for the number"))
        }
        var end = first
        while end < characters.count, "0#,.".contains(characters[end]) { end += 1 }
        let number = characters[first..<end]
        var pattern = NumberPattern()
        pattern.prefix = String(characters[..<first])
        pattern.suffix = String(characters[end...])
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2 else {
            return .failure(NumberPatternError(message: "it has two decimal points"))
        }
        if parts.count == 2 {
            guard !parts[1].contains(",") else {
                return .failure(NumberPatternError(message: "\",\" groups only the digits before \".\""))
            }
            pattern.decimals = parts[1].count
        }
        pattern.groupsThousands = parts[0].contains(",")
        pattern.minimumIntegerDigits = parts[0].filter { $0 == "0" }.count
        return .success(pattern)
    }

    /// `value` written by the pattern.
    public func format(_ value: Double) -> String {
        guard value.isFinite else { return prefix + "0" + suffix }
        let scale = pow10(decimals)
        let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
        let negative = value < 0 && scaled > 0
        var digits = scaled < 1e18 ? String(UInt64(scaled)) : String(format: "%.0f", scaled)
        if digits.count < decimals + 1 { digits = String(repeating: "0", count: decimals + 1 - digits.count) + digits }
        var integer = String(digits.dropLast(decimals))
        let fraction = String(digits.suffix(decimals))
        if integer == "0" && minimumIntegerDigits == 0 { integer = "" }
        if integer.count < minimumIntegerDigits {
            integer = String(repeating: "0", count: minimumIntegerDigits - integer.count) + integer
        }
        if groupsThousands {
            var grouped = ""
            for (index, digit) in integer.enumerated() {
                if index > 0 && (integer.count - index) % 3 == 0 { grouped.append(",") }
                grouped.append(digit)
            }
            integer = grouped
        }
        let number = decimals > 0 ? integer + "." + fraction : integer
        return (negative ? "-" : "") + prefix + number + suffix
    }

    private func pow10(_ n: Int) -> Double {
        var result = 1.0
        for _ in 0..<n { result *= 10 }
        return result
    }
}

public struct NumberPatternError: Error, Sendable, Equatable {
    public let message: String
}

/// A number counting from `from` to `to` over `duration` seconds from `start`, along a timing
/// curve, written by `pattern`: the text's string while it plays (`from` before, `to` after).
public struct TextCounter: Sendable {
    public var from: Double
    public var to: Double
    public var start: Double
    public var duration: Double
    /// A host curve (a name, a cubic Bézier or a spring); a spring may overshoot `to`.
    public var curve: any TimingCurve
    public var pattern: NumberPattern

    public init(
        from: Double, to: Double, start: Double, duration: Double, curve: any TimingCurve, pattern: NumberPattern
    ) {
        (self.from, self.to, self.start, self.duration, self.curve, self.pattern) =
            (from, to, start, duration, curve, pattern)
    }

    /// The number at `time`: from + (to − from) · curve((time − start) / duration), the progress
    /// within 0…1 before the curve.
    public func value(at time: Double) -> Double {
        let progress = duration > 0 ? min(max((time - start) / duration, 0), 1) : (time >= start ? 1 : 0)
        return from + (to - from) * curve.value(at: progress, plugins: CounterCurveCalls())
    }

    public func string(at time: Double) -> String { pattern.format(value(at: time)) }
}

/// A counter's curve is one of the host's (the decoder refuses plugin curves there), so
/// evaluating it never calls a plugin.
struct CounterCurveCalls: PluginCurveCalls {
    func value(of curve: CurveEntry, at progress: Double, arguments: [Double]) -> Double {
        preconditionFailure("a counter's curve is a host curve; \(curve.name) is a plugin's")
    }
}

/// Where a text's string comes from over time.
public enum TextSource: Sendable {
    /// The string the file gives, the whole render.
    case fixed
    case keyframes(TextStringKeyframes)
    case counter(TextCounter)
}

extension TextSource {
    /// Whether the string is the file's alone.
    public var isFixed: Bool {
        if case .fixed = self { true } else { false }
    }
}
