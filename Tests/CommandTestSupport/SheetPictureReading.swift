import Foundation

/// Reading the contact sheet and the timing chart back as a viewer sees them: the parts of a
/// picture are told apart from its background, which is the colour of its top-left corner.
extension RGBAImage {
    public var backgroundColour: Pixel { self[0, 0] }

    public func isBackground(_ x: Int, _ y: Int) -> Bool { self[x, y].distance(to: backgroundColour) <= 3 }

    /// Maximal runs of `true` of at least `minimum` length.
    public static func runs(_ flags: [Bool], atLeast minimum: Int) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start: Int?
        for (index, flag) in (flags + [false]).enumerated() {
            if flag, start == nil { start = index }
            if !flag, let first = start {
                if index - first >= minimum { runs.append(first..<index) }
                start = nil
            }
        }
        return runs
    }

    /// The non-background runs of at least `minimum` pixels along row `y`. Text is made of glyphs
    /// a few pixels wide, so long runs are pictures: cells, plot panels.
    public func solidRuns(row y: Int, atLeast minimum: Int) -> [Range<Int>] {
        Self.runs((0..<width).map { !isBackground($0, y) }, atLeast: minimum)
    }

    public func solidRuns(column x: Int, atLeast minimum: Int) -> [Range<Int>] {
        Self.runs((0..<height).map { !isBackground(x, $0) }, atLeast: minimum)
    }

    /// The rectangles of a contact sheet's cells, row by row: bands of rows holding a long
    /// non-background run, cut into cells along each band's middle row.
    public func sheetCells(minimumSide: Int = 12) -> [(x: Range<Int>, y: Range<Int>)] {
        let bands = Self.runs(
            (0..<height).map { !solidRuns(row: $0, atLeast: minimumSide).isEmpty }, atLeast: minimumSide)
        return bands.flatMap { band in
            solidRuns(row: (band.lowerBound + band.upperBound) / 2, atLeast: minimumSide).map { (x: $0, y: band) }
        }
    }

    /// Pixels in the rectangle brighter than the background by more than `threshold`: light ink.
    public func inkCount(x: Range<Int>, y: Range<Int>, threshold: Int = 60) -> Int {
        let background = backgroundColour
        var count = 0
        for row in y {
            for column in x where self[column, row].g - background.g > threshold { count += 1 }
        }
        return count
    }

    /// A `factor`-times smaller copy, each pixel the mean of the block it covers.
    public func downscaled(by factor: Int) -> RGBAImage {
        let (w, h) = (width / factor, height / factor)
        var bytes = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                for channel in 0..<4 {
                    var sum = 0
                    for dy in 0..<factor {
                        for dx in 0..<factor {
                            sum += Int(self.bytes[((y * factor + dy) * width + x * factor + dx) * 4 + channel])
                        }
                    }
                    bytes[(y * w + x) * 4 + channel] = UInt8((sum + factor * factor / 2) / (factor * factor))
                }
            }
        }
        return RGBAImage(width: w, height: h, bytes: bytes)
    }

    /// The part of the picture in the rectangle, as an image of its own.
    public func cropped(x: Range<Int>, y: Range<Int>) -> RGBAImage {
        var bytes: [UInt8] = []
        for row in y { bytes += self.bytes[(row * width + x.lowerBound) * 4..<(row * width + x.upperBound) * 4] }
        return RGBAImage(width: x.count, height: y.count, bytes: bytes)
    }
}
