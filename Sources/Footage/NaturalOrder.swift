/// File names in the order people number them: runs of digits compare by their value, so
/// frame2.png comes before frame10.png; everything else compares byte by byte. Equal values
/// with different zero padding (7 and 007) fall back to plain byte order.
enum NaturalOrder {
    static func precedes(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        var i = 0
        var j = 0
        while i < x.count && j < y.count {
            if isDigit(x[i]) && isDigit(y[j]) {
                let (first, nextI) = digitRun(x, from: i)
                let (second, nextJ) = digitRun(y, from: j)
                if first.count != second.count { return first.count < second.count }
                if first != second { return first.lexicographicallyPrecedes(second) }
                (i, j) = (nextI, nextJ)
            } else {
                if x[i] != y[j] { return x[i] < y[j] }
                (i, j) = (i + 1, j + 1)
            }
        }
        if x.count - i != y.count - j { return x.count - i < y.count - j }
        return x.lexicographicallyPrecedes(y)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (48...57).contains(byte) }

    /// The run's digits without leading zeros, and where the run ends.
    private static func digitRun(_ bytes: [UInt8], from start: Int) -> (ArraySlice<UInt8>, Int) {
        var end = start
        while end < bytes.count && isDigit(bytes[end]) { end += 1 }
        var significant = start
        while significant < end - 1 && bytes[significant] == 48 { significant += 1 }
        return (bytes[significant..<end], end)
    }
}
