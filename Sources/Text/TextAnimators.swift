import CAnimatorABI
import Foundation
import Timing

/// The units a text selector counts, After Effects' "Based On".
public enum TextUnitBasis: String, Sendable, CaseIterable {
    /// Every character (grapheme cluster), spaces included.
    case characters
    /// Every character but the spaces, which take no part (their weight is 0).
    case charactersExcludingSpaces
    /// Runs of characters between spaces; a space belongs to no word (its weight is 0).
    case words
    /// The laid-out lines.
    case lines
}

/// How a range selector's weight rises and falls across its range, After Effects' "Shape".
public enum TextSelectorShape: String, Sendable, CaseIterable {
    case square, rampUp, rampDown, triangle, round, smooth
}

/// How a selector's weights combine with those of the selectors before it on the same animator,
/// After Effects' "Mode" (as mask modes combine).
public enum TextSelectorMode: String, Sendable, CaseIterable {
    case add, subtract, intersect, min, max, difference

    /// The selection before an animator's first selector: everything (1) when that selector
    /// subtracts, intersects or takes the minimum, so that a lone `subtract` selects what its
    /// range leaves out and a lone `intersect` or `min` its range; nothing (0) otherwise.
    public var initialSelection: Double {
        switch self {
        case .subtract, .intersect, .min: 1
        case .add, .max, .difference: 0
        }
    }

    /// `selected` (the weight so far) combined with `weight` (this selector's), kept within
    /// −1…1: add a + w, subtract a − w, intersect a · w, min, max, difference |a − w|.
    public func combine(_ selected: Double, _ weight: Double) -> Double {
        let combined =
            switch self {
            case .add: selected + weight
            case .subtract: selected - weight
            case .intersect: selected * weight
            case .min: Swift.min(selected, weight)
            case .max: Swift.max(selected, weight)
            case .difference: abs(selected - weight)
            }
        return Swift.min(Swift.max(combined, -1), 1)
    }
}

/// Whether a range selector's `start`, `end` and `offset` are percentages of the units or unit
/// indices, After Effects' "Units".
public enum TextSelectorUnits: String, Sendable, CaseIterable {
    case percent, index
}

/// The characters of a laid-out text as the selectors count them: for each character (grapheme
/// cluster, in logical order) whether it is a space, the word it belongs to and its line. The
/// drawing side builds it from its layout (`init(_:layout:)`); `init(string:)` is for a text
/// without wrapping.
public struct TextUnitMap: Sendable, Equatable {
    public let isSpace: [Bool]
    /// The word of each character, counted from 0; nil for a space.
    public let word: [Int?]
    /// The line of each character, counted from 0.
    public let line: [Int]

    public init(isSpace: [Bool], word: [Int?], line: [Int]) {
        precondition(isSpace.count == word.count && word.count == line.count, "one entry per character")
        (self.isSpace, self.word, self.line) = (isSpace, word, line)
    }

    /// The characters of `string`: whitespace is a space, a run of other characters a word, and
    /// each "\n" (itself a space) starts a new line after it.
    public init(string: String) {
        var isSpace: [Bool] = []
        var word: [Int?] = []
        var line: [Int] = []
        var (words, lines, inWord) = (0, 0, false)
        for character in string {
            let space = character.isWhitespace
            isSpace.append(space)
            line.append(lines)
            if space {
                word.append(nil)
                if inWord { words += 1 }
                inWord = false
                if character.isNewline { lines += 1 }
            } else {
                word.append(words)
                inWord = true
            }
        }
        self.init(isSpace: isSpace, word: word, line: line)
    }

    public var count: Int { isSpace.count }

    /// Each character's unit under `basis`, nil where it takes no part, and how many units there are.
    public func units(_ basis: TextUnitBasis) -> (unit: [Int?], count: Int) {
        switch basis {
        case .characters:
            return (Array(0..<count).map { $0 }, count)
        case .charactersExcludingSpaces:
            var next = 0
            let units = isSpace.map { space -> Int? in
                guard !space else { return nil }
                defer { next += 1 }
                return next
            }
            return (units, next)
        case .words:
            return (word, (word.compactMap { $0 }.max() ?? -1) + 1)
        case .lines:
            return (line, (line.max() ?? -1) + 1)
        }
    }
}

/// After Effects' range selector (Lottie's `s`, `e`, `o`, `sh`, `xe`, `ne`, `sm`, `a`, `m`, `rn`):
/// it selects the units between `start` and `end` shifted by `offset`, with a weight shaped by
/// `shape`, eased by `easeHigh` and `easeLow`, scaled by `amount`.
public struct TextRangeSelector: Sendable, Equatable {
    public var by: TextUnitBasis = .characters
    public var units: TextSelectorUnits = .percent
    /// Where the range starts and ends and how far it is shifted: percent of the units, or unit
    /// indices (`units`). A start after the end selects the same range as the two swapped.
    public var start: Double = 0
    /// nil: the end of the text (100 %, or the unit count in index units).
    public var end: Double?
    public var offset: Double = 0
    public var shape: TextSelectorShape = .square
    /// −100…100 %: positive values slow the weight's approach to 1 (high) or its departure from 0
    /// (low), negative ones quicken it.
    public var easeHigh: Double = 0
    public var easeLow: Double = 0
    /// 0…100 %, for `square`: 100 weighs a partly covered unit by how much of it is covered, 0
    /// selects it fully or not at all.
    public var smoothness: Double = 100
    /// −100…100 %: the weight of a fully selected unit.
    public var amount: Double = 100
    public var mode: TextSelectorMode = .add
    /// Units are taken in an order shuffled from `seed` rather than in reading order.
    public var randomize = false
    public var seed: Int = 0

    public init() {}

    /// The range in unit positions, `start` ≤ `end`, for `count` units: Lottie's conversion
    /// (percent × count / 100, plus the offset in the same units).
    public func span(count: Int) -> (start: Double, end: Double) {
        let scale = units == .percent ? Double(count) / 100 : 1
        let end = self.end ?? (units == .percent ? 100 : Double(count))
        let (s, e) = ((start + offset) * scale, (end + offset) * scale)
        return (Swift.min(s, e), Swift.max(s, e))
    }

    /// The weight of unit `index` of `count`, in −1…1 (`amount` may be negative), for the shapes
    /// of the Lottie documentation (Text: range selector) and After Effects' manual. With the
    /// range [s, e] in unit positions and the unit covering [i, i + 1):
    ///
    /// - square: the part of [i, i + 1) the range covers, min(e, i + 1) − max(s, i), within 0…1;
    ///   `smoothness` σ < 100 % then maps it to 0 below 0.5 − σ/2 and to (m − (0.5 − σ/2)) / σ
    ///   above, within 0…1 (a hard step at σ = 0);
    /// - the others read the unit's centre c = i + 0.5 as u = (c − s) / (e − s): ramp up u within
    ///   0…1, ramp down 1 − that, triangle 1 − |2u − 1| within 0…1, round √(1 − (2u − 1)²) with u
    ///   within 0…1, smooth (1 − cos 2πu) / 2 with u within 0…1; an empty range (s = e) weighs
    ///   ramp up 1 at and after it and 0 before, ramp down the opposite, the rest 0.
    ///
    /// The shape's value is then eased by the cubic Bézier (x1, y1, x2, y2) that `easeLow` and
    /// `easeHigh` give, as in Lottie: x1 = low / 100 when low > 0, y1 = −low / 100 when low < 0
    /// (else 0); x2 = 1 − high / 100 when high > 0, y2 = 1 + high / 100 when high < 0 (else 1).
    /// Finally it is multiplied by `amount` / 100.
    public func weight(ofUnit index: Int, count: Int) -> Double {
        let (s, e) = span(count: count)
        let i = Double(index)
        var value: Double
        switch shape {
        case .square:
            value = Self.unit(Swift.min(e, i + 1) - Swift.max(s, i))
            if smoothness < 100 {
                let sigma = Swift.max(smoothness, 0) / 100
                let threshold = 0.5 - sigma / 2
                value =
                    sigma == 0
                    ? (value >= 0.5 ? 1 : 0) : (value < threshold ? 0 : Self.unit((value - threshold) / sigma))
            }
        case .rampUp, .rampDown:
            let up = e == s ? (i + 0.5 >= e ? 1 : 0) : Self.unit((i + 0.5 - s) / (e - s))
            value = shape == .rampUp ? up : 1 - up
        case .triangle, .round, .smooth:
            guard e > s else {
                value = 0
                break
            }
            let u = Self.unit((i + 0.5 - s) / (e - s))
            value =
                switch shape {
                case .triangle: Self.unit(1 - abs(2 * u - 1))
                case .round: (1 - (2 * u - 1) * (2 * u - 1)).squareRoot()
                default: (1 - cos(2 * Double.pi * u)) / 2
                }
        }
        return ease.value(at: value) * amount / 100
    }

    /// The curve `easeHigh` and `easeLow` give.
    var ease: CubicBezierCurve {
        let low = Swift.min(Swift.max(easeLow, -100), 100) / 100
        let high = Swift.min(Swift.max(easeHigh, -100), 100) / 100
        return CubicBezierCurve(low > 0 ? low : 0, low < 0 ? -low : 0, high > 0 ? 1 - high : 1, high < 0 ? 1 + high : 1)
    }

    /// The weights of `count` units, each unit taking the weight of its place in the order
    /// `randomize` gives (`TextSelectorRandom.order`).
    public func weights(count: Int) -> [Double] {
        let order = randomize ? TextSelectorRandom.order(count: count, seed: seed) : Array(0..<count)
        return order.map { weight(ofUnit: $0, count: count) }
    }

    private static func unit(_ value: Double) -> Double { Swift.min(Swift.max(value, 0), 1) }
}

/// After Effects' wiggly selector: every unit's weight wanders between `minAmount` and
/// `maxAmount` over time, from smooth noise drawn from `seed`.
public struct TextWigglySelector: Sendable, Equatable {
    public var by: TextUnitBasis = .characters
    public var mode: TextSelectorMode = .intersect
    /// −100…100 %: the bounds of the weight.
    public var maxAmount: Double = 100
    public var minAmount: Double = -100
    /// How many times a second the noise takes a new value (its lattice spacing in time).
    public var wigglesPerSecond: Double = 2
    /// 0…100 %: 100 moves every unit together, 0 each on its own.
    public var correlation: Double = 50
    /// Degrees: 360 shifts the noise by one wiggle in time, or from one unit to the next.
    public var temporalPhase: Double = 0
    public var spatialPhase: Double = 0
    /// The two dimensions of a point property (position, anchor, scale) take the same weight;
    /// without it the second is drawn from its own noise.
    public var lockDimensions = false
    public var seed: Int = 0

    public init() {}

    /// The weight of unit `index` at `time` seconds, for dimension 0 or 1:
    /// min + (n + 1) / 2 · (max − min), in percent / 100, where n in −1…1 is
    /// c · N(shared, x) + (1 − c) · N(unit, x + index · spatialPhase / 360), c = correlation / 100,
    /// x = time · wigglesPerSecond + temporalPhase / 360, and N is `TextSelectorRandom.noise`
    /// (smooth value noise) on a stream of its own for the shared motion and for each unit and
    /// dimension.
    public func weight(ofUnit index: Int, time: Double, dimension: Int = 0) -> Double {
        let dimension = lockDimensions ? 0 : dimension
        let x = time * wigglesPerSecond + temporalPhase / 360
        let c = Swift.min(Swift.max(correlation, 0), 100) / 100
        let shared = TextSelectorRandom.noise(seed: seed, stream: UInt64(dimension), at: x)
        let own = TextSelectorRandom.noise(
            seed: seed, stream: 2 + 2 * UInt64(index) + UInt64(dimension), at: x + Double(index) * spatialPhase / 360)
        let n = c * shared + (1 - c) * own
        return (minAmount + (n + 1) / 2 * (maxAmount - minAmount)) / 100
    }
}

/// One selector of a text animator.
public enum TextSelector: Sendable, Equatable {
    case range(TextRangeSelector)
    case wiggly(TextWigglySelector)

    public var by: TextUnitBasis {
        switch self {
        case .range(let range): range.by
        case .wiggly(let wiggly): wiggly.by
        }
    }

    public var mode: TextSelectorMode {
        switch self {
        case .range(let range): range.mode
        case .wiggly(let wiggly): wiggly.mode
        }
    }
}

/// The weight of one character: how much of an animator's properties it shows, for the first
/// and second dimension of a point property (the same unless a wiggly selector leaves its
/// dimensions unlocked). One-number properties use `x`.
public struct TextSelectionWeight: Sendable, Equatable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) { (self.x, self.y) = (x, y) }
    public init(_ both: Double) { (x, y) = (both, both) }
}

extension [TextSelector] {
    /// Each character's weight at `time`: every selector weighs the units of its `by` (a
    /// character outside them, a space under `charactersExcludingSpaces` or `words`, weighs 0),
    /// and the selectors combine in order by their modes from the first one's
    /// `initialSelection`. No selector selects every character fully.
    public func weights(of characters: TextUnitMap, time: Double) -> [TextSelectionWeight] {
        guard let first else {
            return [TextSelectionWeight](repeating: TextSelectionWeight(1), count: characters.count)
        }
        var x = [Double](repeating: first.mode.initialSelection, count: characters.count)
        var y = x
        for selector in self {
            let (unit, count) = characters.units(selector.by)
            let rangeWeights: [Double]
            if case .range(let range) = selector {
                rangeWeights = range.weights(count: count)
            } else {
                rangeWeights = []
            }
            for character in 0..<characters.count {
                var (wx, wy) = (0.0, 0.0)
                if let unit = unit[character] {
                    switch selector {
                    case .range: (wx, wy) = (rangeWeights[unit], rangeWeights[unit])
                    case .wiggly(let wiggly):
                        wx = wiggly.weight(ofUnit: unit, time: time, dimension: 0)
                        wy = wiggly.weight(ofUnit: unit, time: time, dimension: 1)
                    }
                }
                x[character] = selector.mode.combine(x[character], wx)
                y[character] = selector.mode.combine(y[character], wy)
            }
        }
        return zip(x, y).map { TextSelectionWeight(x: $0, y: $1) }
    }
}

/// The deterministic randomness of text selectors, the same on every machine: SplitMix64
/// (Steele, Lea and Flood's generator, as Java's SplittableRandom) seeded with the selector's
/// seed, integers only.
public enum TextSelectorRandom {
    /// SplitMix64's next value from `state`, which it advances.
    public static func next(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A permutation of 0..<count: a Fisher–Yates shuffle (from the last place down, each place
    /// swapped with one at or before it chosen as next % (place + 1)) driven by SplitMix64 from
    /// `seed`. Unit i is weighed as if it stood at place order[i].
    public static func order(count: Int, seed: Int) -> [Int] {
        var order = Array(0..<count)
        var state = UInt64(bitPattern: Int64(seed))
        var place = count - 1
        while place > 0 {
            let other = Int(next(&state) % UInt64(place + 1))
            order.swapAt(place, other)
            place -= 1
        }
        return order
    }

    /// A value in −1…1 for lattice point `point` of stream `stream`: the first SplitMix64 output
    /// from seed ⊕ stream · 0xD1B54A32D192ED03 ⊕ point · 0x8CB92BA72F3D8DD7, its top 53 bits as
    /// a fraction mapped to −1…1.
    public static func lattice(seed: Int, stream: UInt64, point: Int64) -> Double {
        var state =
            UInt64(bitPattern: Int64(seed)) ^ (stream &* 0xD1B5_4A32_D192_ED03)
            ^ (UInt64(bitPattern: point) &* 0x8CB9_2BA7_2F3D_8DD7)
        let bits = next(&state) >> 11
        return Double(bits) / Double(1 << 53) * 2 - 1
    }

    /// Smooth value noise at `x`: the lattice values at ⌊x⌋ and ⌊x⌋ + 1 joined by smoothstep
    /// (3f² − 2f³ of the fraction f), within −1…1.
    public static func noise(seed: Int, stream: UInt64, at x: Double) -> Double {
        let floor = x.rounded(.down)
        let point = Int64(Swift.max(Swift.min(floor, 1e15), -1e15))
        let f = x - floor
        let smooth = f * f * (3 - 2 * f)
        let a = lattice(seed: seed, stream: stream, point: point)
        let b = lattice(seed: seed, stream: stream, point: point + 1)
        return a + (b - a) * smooth
    }
}
