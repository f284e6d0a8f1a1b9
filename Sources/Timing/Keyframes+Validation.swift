extension Keyframes {
    /// At least two values: with one, linear and cubic could not meet Core Animation's rule that
    /// key times run from 0 to 1 one per value, and a value held throughout is no animation.
    static func check(values: [[Double]]) throws(KeyframesError) {
        guard values.count >= 2 else {
            throw KeyframesError("has \(counted(values.count, "value")); give at least 2", key: "values")
        }
        let count = values[0].count
        for (index, value) in values.enumerated() {
            guard !value.isEmpty else {
                throw KeyframesError(
                    "has no components; give a number or a list of numbers", key: "values", index: index)
            }
            guard value.count == count else {
                throw KeyframesError(
                    "has \(counted(value.count, "component")) where values[0] has \(count); "
                        + "give every value the same count",
                    key: "values", index: index)
            }
            if let component = value.firstIndex(where: { !$0.isFinite }) {
                throw KeyframesError("component \(component) is not a finite number", key: "values", index: index)
            }
        }
    }

    /// `given`, checked against Core Animation's rules for linear, cubic and discrete key times,
    /// or evenly spaced times from 0 to 1 when none are given.
    static func checked(keyTimes given: [Double]?, values: Int, mode: CalculationMode) throws(KeyframesError)
        -> [Double]
    {
        let count = mode == .discrete ? values + 1 : values
        guard let given else { return evenlySpaced(count) }
        guard given.count == count else {
            let rule =
                mode == .discrete
                ? "discrete takes one more than there are values (\(count)): each value holds until the next key time"
                : "\(mode.rawValue) takes one per value (\(count))"
            throw KeyframesError("has \(given.count) for \(values) values; \(rule)", key: "keyTimes")
        }
        for (index, time) in given.enumerated() {
            guard time.isFinite else { throw KeyframesError("is not a finite number", key: "keyTimes", index: index) }
            guard (0...1).contains(time) else {
                throw KeyframesError("is \(shown(time)), outside 0...1", key: "keyTimes", index: index)
            }
            if index > 0, time < given[index - 1] {
                throw KeyframesError(
                    "is \(shown(time)), less than the key time before it (\(shown(given[index - 1]))); "
                        + "key times must not decrease",
                    key: "keyTimes", index: index)
            }
        }
        guard given[0] == 0 else {
            throw KeyframesError("is \(shown(given[0])); the first key time must be 0", key: "keyTimes", index: 0)
        }
        guard given[count - 1] == 1 else {
            throw KeyframesError(
                "is \(shown(given[count - 1])); the last key time must be 1", key: "keyTimes", index: count - 1)
        }
        return given
    }

    /// Core Animation's rule: one timing function per segment between two values.
    static func check(timingFunctions: [any TimingCurve]?, segments: Int) throws(KeyframesError) {
        guard let timingFunctions, timingFunctions.count != segments else { return }
        throw KeyframesError(
            "has \(timingFunctions.count) for \(counted(segments, "segment")); "
                + "give one per segment (one fewer than values)",
            key: "timingFunctions")
    }

    /// `count` key times from 0 to 1 at equal steps.
    static func evenlySpaced(_ count: Int) -> [Double] {
        (0..<count).map { Double($0) / Double(count - 1) }
    }

    /// "1 value", "3 values".
    private static func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    /// Integers without a fraction ("1", not "1.0"), other numbers as Swift prints them.
    private static func shown(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
