import ShapeGeometry
import Testing

/// A fixed linear congruential sequence, so the strings are the same on every run.
private struct Sequence {
    var state: UInt64 = 0x2545_F491_4F6C_DD1D

    mutating func next(_ count: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int(state >> 33) % count
    }

    mutating func pick<T>(_ values: [T]) -> T { values[next(values.count)] }
}

/// Path data of random commands with the right count of numbers in SVG's forms, one in four with
/// a character dropped or replaced.
private func strings(count: Int) -> [String] {
    let arguments: [Character: Int] = [
        "M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0,
    ]
    let numbers = ["0", "1", "-3.5", ".5", "1e2", "-.25e-1", "12", "7.", "1e-3", "300"]
    var sequence = Sequence()
    return (0..<count).map { _ in
        var text = "M 1 2"
        for _ in 0..<(1 + sequence.next(6)) {
            let letter = sequence.pick(Array(arguments.keys).sorted())
            text.append(sequence.next(2) == 0 ? letter : Character(letter.lowercased()))
            for index in 0..<arguments[letter]! {
                text += sequence.pick([" ", ",", " ,"])
                let isFlag = letter == "A" && (index == 3 || index == 4)
                text += isFlag ? sequence.pick(["0", "1", "1", "0", "2"]) : sequence.pick(numbers)
            }
            text += " "
        }
        if sequence.next(4) == 0 {
            var characters = Array(text)
            characters[sequence.next(characters.count)] = sequence.pick(["X", "-", ".", "e", " "])
            text = String(characters)
        }
        return text
    }
}

@Suite struct PathDataRobustnessTests {
    @Test func coordinatesBeyondDoublesRangeAreRefused() throws {
        do {
            _ = try PathData.parse("M 1e308 0 l 1e308 0")
            Issue.record("1e308 + 1e308 overflows")
        } catch {
            #expect(error.message == "a coordinate after l overflows (beyond ±1.8e308)")
            #expect(error.offset == 12, "at the start of the set that overflows")
        }
    }

    @Test func extremeArcRadiiStillGiveAPath() throws {
        // Radii whose squares overflow, or vanish, leave the arc a line or a scaled half circle.
        for text in ["M 0 0 A 1e200 1e200 0 0 1 10 0", "M 0 0 A 1e-200 1e-200 0 0 1 10 0"] {
            let path = try PathData.parse(text)
            #expect(path.subpaths[0].segments.last?.end == [10, 0], "\(text)")
            #expect(path.numbers.allSatisfy { $0.isFinite }, "\(text)")
            #expect(path.length >= 10 - 1e-9, "\(text)")
        }
    }

    @Test func arbitraryDataParsesOrSaysWhere() {
        var parsed = 0
        for text in strings(count: 1000) {
            do {
                let path = try PathData.parse(text)
                parsed += 1
                #expect(path.numbers.allSatisfy { $0.isFinite }, "\(text)")
                let trimmed = path.trimmed(start: 0.2, end: 0.7, offsetDegrees: 45)
                #expect(trimmed.numbers.allSatisfy { $0.isFinite }, "\(text)")
            } catch {
                #expect((0...text.utf8.count).contains(error.offset), "\(text): \(error)")
                #expect(!error.message.isEmpty)
            }
        }
        // Both outcomes are exercised.
        #expect(parsed > 300 && parsed < 950)
    }
}
