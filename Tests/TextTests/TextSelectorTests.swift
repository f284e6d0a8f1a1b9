import Foundation
import Testing

@testable import Text

/// The selector math against the formulas written out here, separately from the implementation:
/// the Lottie documentation's range selector shapes (lottie-docs, "Text: range selector", as
/// lottie-web computes them) and After Effects' manual for units, modes and amount.
@Suite struct TextSelectorTests {
    // MARK: reference formulas, written plainly

    /// The part of unit [i, i + 1) that [s, e] covers, by counting sample points.
    static func coveredPart(_ i: Int, _ s: Double, _ e: Double) -> Double {
        let samples = 20_000
        var inside = 0
        for k in 0..<samples {
            let x = Double(i) + (Double(k) + 0.5) / Double(samples)
            if x >= s && x < e { inside += 1 }
        }
        return Double(inside) / Double(samples)
    }

    /// Lottie's ramp up: max(0, min(0.5 / (e − s) + (i − s) / (e − s), 1)).
    static func rampUp(_ i: Int, _ s: Double, _ e: Double) -> Double {
        let i = Double(i)
        return max(0, min(0.5 / (e - s) + (i - s) / (e - s), 1))
    }

    /// Lottie's triangle: the ramp's value m, doubled below 0.5, 1 − 2(m − 0.5) above.
    static func triangle(_ i: Int, _ s: Double, _ e: Double) -> Double {
        let m = rampUp(i, s, e)
        return m < 0.5 ? m * 2 : 1 - 2 * (m - 0.5)
    }

    /// Lottie's round: a half ellipse over the range, by the unit's clamped centre.
    static func round(_ i: Int, _ s: Double, _ e: Double) -> Double {
        let total = e - s
        let index = min(max(0, Double(i) + 0.5 - s), total)
        let x = -total / 2 + index
        let a = total / 2
        return (1 - (x * x) / (a * a)).squareRoot()
    }

    /// Lottie's smooth: (1 + cos(π + 2π · index / (e − s))) / 2.
    static func smooth(_ i: Int, _ s: Double, _ e: Double) -> Double {
        let index = min(max(0, Double(i) + 0.5 - s), e - s)
        return (1 + cos(Double.pi + Double.pi * 2 * index / (e - s))) / 2
    }

    /// Lottie's smoothness for square: below 0.5 − σ/2 nothing, above it (m − threshold) / σ up to 1.
    static func smoothed(_ m: Double, smoothness: Double) -> Double {
        let sigma = smoothness / 100
        let threshold = 0.5 - sigma * 0.5
        return m < threshold ? 0 : min((m - threshold) / sigma, 1)
    }

    /// cubic-bezier(x1, y1, x2, y2) at x, by bisection on the curve parameter.
    static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        func point(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
        }
        var (low, high) = (0.0, 1.0)
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if point(middle, x1, x2) < x { low = middle } else { high = middle }
        }
        return point((low + high) / 2, y1, y2)
    }

    func selector(_ shape: TextSelectorShape, start: Double, end: Double, offset: Double = 0) -> TextRangeSelector {
        var selector = TextRangeSelector()
        (selector.shape, selector.start, selector.end, selector.offset) = (shape, start, end, offset)
        return selector
    }

    // MARK: shapes

    @Test func squareWeighsTheCoveredPartOfEachUnit() {
        for (start, end) in [(0.0, 100.0), (10.0, 55.0), (23.0, 71.0), (0.0, 0.0), (40.0, 40.5)] {
            let weights = selector(.square, start: start, end: end).weights(count: 10)
            for i in 0..<10 {
                let expected = Self.coveredPart(i, start / 10, end / 10)
                #expect(abs(weights[i] - expected) < 1e-3, "\(start)…\(end) unit \(i)")
            }
        }
    }

    @Test func offsetShiftsTheRangeInTheSameUnits() {
        let weights = selector(.square, start: 0, end: 30, offset: 25).weights(count: 8)
        for i in 0..<8 { #expect(abs(weights[i] - Self.coveredPart(i, 2, 4.4)) < 1e-3) }
        var index = selector(.square, start: 1, end: 3, offset: 1.5)
        index.units = .index
        let byIndex = index.weights(count: 6)
        for i in 0..<6 { #expect(abs(byIndex[i] - Self.coveredPart(i, 2.5, 4.5)) < 1e-3) }
    }

    @Test func withoutAnEndTheRangeRunsToTheLastUnit() {
        var index = TextRangeSelector()
        (index.units, index.start) = (.index, 2)
        #expect(index.weights(count: 5) == [0, 0, 1, 1, 1])
        var percent = TextRangeSelector()
        percent.start = 40
        #expect(percent.weights(count: 5) == [0, 0, 1, 1, 1])
    }

    @Test func aStartAfterTheEndSelectsBetweenTheTwo() {
        #expect(
            selector(.square, start: 80, end: 20).weights(count: 10)
                == selector(.square, start: 20, end: 80).weights(count: 10))
    }

    @Test func rampsTriangleRoundAndSmoothFollowLottiesFormulas() {
        let count = 12
        for (start, end) in [(0.0, 100.0), (20.0, 70.0), (35.0, 36.0)] {
            let (s, e) = (start * Double(count) / 100, end * Double(count) / 100)
            let cases: [(TextSelectorShape, (Int) -> Double)] = [
                (.rampUp, { Self.rampUp($0, s, e) }), (.rampDown, { 1 - Self.rampUp($0, s, e) }),
                (.triangle, { Self.triangle($0, s, e) }), (.round, { Self.round($0, s, e) }),
                (.smooth, { Self.smooth($0, s, e) }),
            ]
            for (shape, reference) in cases {
                let weights = selector(shape, start: start, end: end).weights(count: count)
                for i in 0..<count {
                    #expect(abs(weights[i] - reference(i)) < 1e-9, "\(shape) \(start)…\(end) unit \(i)")
                }
            }
        }
    }

    @Test func anEmptyRangeSelectsOnlyWhatARampLeavesOn() {
        let count = 4
        #expect(selector(.rampUp, start: 50, end: 50).weights(count: count) == [0, 0, 1, 1])
        #expect(selector(.rampDown, start: 50, end: 50).weights(count: count) == [1, 1, 0, 0])
        for shape in [TextSelectorShape.triangle, .round, .smooth] {
            #expect(selector(shape, start: 50, end: 50).weights(count: count) == [0, 0, 0, 0])
        }
    }

    @Test func smoothnessSharpensTheSquaresEdges() {
        for smoothness in [0.0, 30.0, 75.0] {
            var square = selector(.square, start: 13, end: 67)
            square.smoothness = smoothness
            let weights = square.weights(count: 10)
            for i in 0..<10 {
                let m = Self.coveredPart(i, 1.3, 6.7)
                let expected = smoothness == 0 ? (m >= 0.5 ? 1.0 : 0.0) : Self.smoothed(m, smoothness: smoothness)
                #expect(abs(weights[i] - expected) < 2e-3, "smoothness \(smoothness) unit \(i)")
            }
        }
    }

    @Test func easeHighAndLowBendTheWeightAsLottiesBezier() {
        for (high, low) in [(50.0, 0.0), (0.0, 50.0), (-40.0, 70.0), (100.0, -100.0)] {
            var ramp = selector(.rampUp, start: 0, end: 100)
            (ramp.easeHigh, ramp.easeLow) = (high, low)
            let (x1, y1) = low > 0 ? (low / 100, 0.0) : (0.0, -low / 100)
            let (x2, y2) = high > 0 ? (1 - high / 100, 1.0) : (1.0, 1 + high / 100)
            let weights = ramp.weights(count: 10)
            for i in 0..<10 {
                let expected = Self.bezier(x1, y1, x2, y2, at: Self.rampUp(i, 0, 10))
                #expect(abs(weights[i] - expected) < 1e-5, "high \(high) low \(low) unit \(i)")
            }
        }
    }

    @Test func amountScalesTheWeightAndMayInvertIt() {
        var half = selector(.rampUp, start: 0, end: 100)
        half.amount = -50
        let weights = half.weights(count: 5)
        for i in 0..<5 { #expect(abs(weights[i] - -0.5 * Self.rampUp(i, 0, 5)) < 1e-12) }
    }

    // MARK: units

    @Test func unitsAreCharactersWordsLinesOrCharactersWithoutSpaces() {
        let map = TextUnitMap(string: "ab cd\nef")
        #expect(map.count == 8)
        #expect(map.units(.characters).count == 8)
        #expect(map.units(.charactersExcludingSpaces).unit == [0, 1, nil, 2, 3, nil, 4, 5])
        #expect(map.units(.words).unit == [0, 0, nil, 1, 1, nil, 2, 2])
        #expect(map.units(.words).count == 3)
        #expect(map.units(.lines).unit == [0, 0, 0, 0, 0, 0, 1, 1])
        #expect(map.units(.lines).count == 2)
    }

    @Test func aWordSelectorGivesEveryCharacterItsWordsWeight() {
        var words = selector(.square, start: 0, end: 50)
        words.by = .words
        // Four words: the first two selected, spaces never.
        let weights = [TextSelector.range(words)].weights(of: TextUnitMap(string: "one two six ten"), time: 0)
        #expect(weights.map(\.x) == [1, 1, 1, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0])
        var letters = selector(.square, start: 0, end: 50)
        letters.by = .charactersExcludingSpaces
        let lettered = [TextSelector.range(letters)].weights(of: TextUnitMap(string: "ab cd"), time: 0)
        #expect(lettered.map(\.x) == [1, 1, 0, 0, 0])
        var lines = selector(.square, start: 50, end: 100)
        lines.by = .lines
        #expect([TextSelector.range(lines)].weights(of: TextUnitMap(string: "a\nb"), time: 0).map(\.x) == [0, 0, 1])
    }

    // MARK: modes

    @Test func modesCombineEachSelectorWithThoseBeforeIt() {
        let first = selector(.rampUp, start: 0, end: 100)
        var second = selector(.rampDown, start: 0, end: 100)
        let map = TextUnitMap(string: "abcdef")
        let a = first.weights(count: 6)
        let b = second.weights(count: 6)
        let rules: [(TextSelectorMode, (Double, Double) -> Double)] = [
            (.add, { min($0 + $1, 1) }), (.subtract, { max($0 - $1, -1) }), (.intersect, { $0 * $1 }),
            (.min, { min($0, $1) }), (.max, { max($0, $1) }), (.difference, { abs($0 - $1) }),
        ]
        for (mode, rule) in rules {
            second.mode = mode
            let weights = [TextSelector.range(first), .range(second)].weights(of: map, time: 0)
            for i in 0..<6 { #expect(abs(weights[i].x - rule(a[i], b[i])) < 1e-12, "\(mode) unit \(i)") }
        }
    }

    @Test func aLoneSubtractingSelectorSelectsWhatItsRangeLeavesOut() {
        var only = selector(.square, start: 0, end: 50)
        only.mode = .subtract
        #expect([TextSelector.range(only)].weights(of: TextUnitMap(string: "abcd"), time: 0).map(\.x) == [0, 0, 1, 1])
        only.mode = .intersect
        #expect([TextSelector.range(only)].weights(of: TextUnitMap(string: "abcd"), time: 0).map(\.x) == [1, 1, 0, 0])
        #expect([TextSelector]().weights(of: TextUnitMap(string: "ab"), time: 0).map(\.x) == [1, 1])
    }

    // MARK: randomness

    @Test func randomizeShufflesTheSameWayForTheSameSeed() {
        let order = TextSelectorRandom.order(count: 10, seed: 7)
        #expect(order.sorted() == Array(0..<10))
        #expect(order == TextSelectorRandom.order(count: 10, seed: 7))
        #expect(order != TextSelectorRandom.order(count: 10, seed: 8))
        // Pinned: SplitMix64 is integer arithmetic, so every machine shuffles alike.
        #expect(TextSelectorRandom.order(count: 6, seed: 1) == Self.pinnedOrder)
        var random = selector(.square, start: 0, end: 30)
        random.randomize = true
        random.seed = 7
        let weights = random.weights(count: 10)
        let plain = selector(.square, start: 0, end: 30).weights(count: 10)
        for i in 0..<10 { #expect(weights[i] == plain[order[i]]) }
    }

    /// SplitMix64's first outputs from state 0 are those its authors publish for seed 0.
    @Test func splitMix64GivesItsPublishedOutputs() {
        var state: UInt64 = 0
        #expect(TextSelectorRandom.next(&state) == 0xE220_A839_7B1D_CDAF)
        #expect(TextSelectorRandom.next(&state) == 0x6E78_9E6A_A1B9_65F4)
    }

    static let pinnedOrder = [0, 1, 3, 2, 4, 5]

    @Test func wigglyWeightsStayBetweenTheirBoundsAndRepeat() {
        var wiggly = TextWigglySelector()
        (wiggly.minAmount, wiggly.maxAmount, wiggly.seed, wiggly.correlation) = (-20, 60, 42, 0)
        for unit in 0..<5 {
            for step in 0..<50 {
                let time = Double(step) * 0.037
                let weight = wiggly.weight(ofUnit: unit, time: time)
                #expect(weight >= -0.2 && weight <= 0.6)
                #expect(weight == wiggly.weight(ofUnit: unit, time: time))
            }
        }
        #expect(wiggly.weight(ofUnit: 0, time: 0.3) != wiggly.weight(ofUnit: 1, time: 0.3))
        wiggly.correlation = 100
        #expect(wiggly.weight(ofUnit: 0, time: 0.3) == wiggly.weight(ofUnit: 3, time: 0.3))
        wiggly.correlation = 0
        #expect(wiggly.weight(ofUnit: 2, time: 0.3, dimension: 0) != wiggly.weight(ofUnit: 2, time: 0.3, dimension: 1))
        wiggly.lockDimensions = true
        #expect(wiggly.weight(ofUnit: 2, time: 0.3, dimension: 0) == wiggly.weight(ofUnit: 2, time: 0.3, dimension: 1))
    }

    /// The noise is the lattice values joined by smoothstep, continuous in time.
    @Test func wigglyNoiseJoinsItsLatticeSmoothly() {
        let a = TextSelectorRandom.lattice(seed: 3, stream: 5, point: 2)
        let b = TextSelectorRandom.lattice(seed: 3, stream: 5, point: 3)
        #expect(TextSelectorRandom.noise(seed: 3, stream: 5, at: 2) == a)
        let f = 0.25
        let expected = a + (b - a) * (3 * f * f - 2 * f * f * f)
        #expect(abs(TextSelectorRandom.noise(seed: 3, stream: 5, at: 2.25) - expected) < 1e-12)
    }

    // MARK: properties

    /// A black text without an outline, unchanged.
    static let blackText = TextUnitChange(
        fillColor: .init(r: 0, g: 0, b: 0, a: 1), strokeColor: .init(r: 0, g: 0, b: 0, a: 0), strokeWidth: 0)

    @Test func aPartlySelectedCharacterShowsItsWeightOfEachProperty() {
        var properties = TextAnimatorProperties()
        properties.position = .init(x: 10, y: -20)
        properties.scale = .init(x: 3, y: 0)
        properties.rotation = 90
        properties.opacity = 0
        properties.fillColor = .init(r: 1, g: 1, b: 1, a: 1)
        properties.strokeWidth = 4
        properties.tracking = 100
        properties.blur = 6
        properties.skew = 20
        var change = Self.blackText
        change.apply(properties, weight: TextSelectionWeight(0.25))
        #expect(change.position.x == 2.5 && change.position.y == -5)
        #expect(change.scale.x == 1.5 && change.scale.y == 0.75)
        #expect(change.rotation == 22.5)
        #expect(change.opacity == 0.75)
        #expect(change.fillColor.r == 0.25 && change.fillColor.a == 1)
        #expect(change.strokeWidth == 1)
        #expect(change.tracking == 25 && change.blur == 1.5 && change.skew == 5)
        var none = Self.blackText
        none.apply(properties, weight: TextSelectionWeight(0))
        #expect(none.opacity == 1 && none.scale.x == 1 && none.position.x == 0 && none.fillColor.r == 0)
    }

    /// A typewriter: opacity 0 on every character, the square's start moving 0 → 100 %: at 50 %
    /// the first half shows, the rest is hidden.
    @Test func aTypewriterRevealsTheFirstCharacters() {
        var select = TextRangeSelector()
        select.start = 50
        var properties = TextAnimatorProperties()
        properties.opacity = 0
        let animators = [TextAnimator(selectors: [.range(select)], properties: properties)]
        let changes = animators.changes(of: TextUnitMap(string: "abcd"), from: Self.blackText, time: 0)
        #expect(changes.map(\.opacity) == [1, 1, 0, 0])
    }
}
