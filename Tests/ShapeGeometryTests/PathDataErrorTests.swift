import ShapeGeometry
import Testing

/// The error parsing `text` throws, or nil when it parses.
private func failure(_ text: String) -> PathDataError? {
    do {
        _ = try PathData.parse(text)
        return nil
    } catch {
        return error
    }
}

@Suite struct PathDataErrorTests {
    @Test func aMissingNumberIsWhereItShouldBe() throws {
        // L's set of numbers, x and y, starts at the 20 (offset 10) and lacks its y.
        let error = try #require(failure("M 10 10 L 20"))
        #expect(error.message == "a number is missing after L")
        #expect(error.offset == 10)
        #expect(error.description == "a number is missing after L at offset 10")
        // C's six numbers start at the 1 (offset 8); the Z comes where the fifth should.
        let beforeLetter = try #require(failure("M 0 0 C 1 2 3 4 Z"))
        #expect(beforeLetter.message == "a number is missing after C")
        #expect(beforeLetter.offset == 8)
        // No number at all after the letter: at the end.
        #expect(try #require(failure("M 0 0 L")).offset == 7)
    }

    @Test func offsetsCountUTF8Bytes() throws {
        // "é" and the no-break space are two bytes each, neither a command nor a separator.
        let error = try #require(failure("M 1 1 é X"))
        #expect(error.offset == 6)
        #expect(error.message == "unknown command é")
        let after = try #require(failure("M 1 1 L\u{00A0}2 2"))
        #expect(after.offset == 7, "a no-break space is no separator")
    }

    @Test func pathDataStartsWithAMove() throws {
        let error = try #require(failure("  L 1 1"))
        #expect(error.message == "path data starts with M or m, found L")
        #expect(error.offset == 2)
        #expect(failure("1 1")?.message == "path data starts with M or m, found 1")
    }

    @Test func unknownCommand() throws {
        let error = try #require(failure("M 1 1 X"))
        #expect(error.message == "unknown command X")
        #expect(error.offset == 6)
    }

    @Test func numbersAfterCloseAreRefused() throws {
        let error = try #require(failure("M 0 0 L 1 1 Z 5"))
        #expect(error.message == "a command letter is expected, found 5")
        #expect(error.offset == 14)
    }

    @Test func infiniteNumbersAreRefused() throws {
        let error = try #require(failure("M 0 0 L 1e999 0"))
        #expect(error.message.hasSuffix("not a finite number"))
        #expect(error.message.contains("1e999"))
        #expect(error.offset == 8)
    }

    @Test func arcFlagsMustBeZeroOrOne() throws {
        let error = try #require(failure("M 0 0 A 5 5 0 2 1 10 0"))
        #expect(error.message == "an arc flag must be 0 or 1, found 2")
        #expect(error.offset == 14)
        let missing = try #require(failure("M 0 0 A 5 5 0 1"))
        #expect(missing.message == "an arc flag (0 or 1) is missing after A")
        #expect(missing.offset == 15)
    }

    @Test func dataOverTheByteLimitIsRefused() throws {
        let text = "M 0 0" + String(repeating: " ", count: PathData.maximumBytes - 4)
        let error = try #require(failure(text))
        #expect(error.message.contains("\(PathData.maximumBytes)"))
        #expect(error.message.contains("over the limit"))
        // At the limit it parses.
        #expect(failure(String(text.dropLast())) == nil)
    }

    @Test func dataOverTheCommandLimitIsRefused() throws {
        // The move, then one explicit L and repeated pairs: maximumCommands in all, then one more.
        let atLimit = "M0 0L" + String(repeating: "1 1 ", count: PathData.maximumCommands - 1)
        #expect(failure(atLimit) == nil)
        let over = atLimit + "2 2"
        let error = try #require(failure(over))
        #expect(error.message.contains("\(PathData.maximumCommands) commands"))
        #expect(error.offset == over.utf8.count - 3)
        let letters = "M0 0" + String(repeating: "L1 1", count: PathData.maximumCommands)
        #expect(failure(letters)?.offset == letters.utf8.count - 4)
    }
}
