import Foundation

/// How alike two pictures are, as video tools measure it: PSNR and SSIM.
extension RGBAImage {
    /// Peak signal-to-noise ratio over the colour channels, in dB; infinite for equal pictures.
    public func psnr(against other: RGBAImage) -> Double {
        var squares = 0.0
        for pixel in 0..<width * height {
            for channel in 0..<3 {
                let difference = Double(bytes[4 * pixel + channel]) - Double(other.bytes[4 * pixel + channel])
                squares += difference * difference
            }
        }
        let mean = squares / Double(3 * width * height)
        return mean == 0 ? .infinity : 10 * log10(255 * 255 / mean)
    }

    /// Mean structural similarity of the luma over every 8 × 8 window (Wang et al. 2004, with
    /// their constants); 1 for equal pictures.
    public func ssim(against other: RGBAImage) -> Double {
        let (x, y) = (luma, other.luma)
        let products: [[Double]] = [
            x, y, zip(x, x).map { $0 * $1 }, zip(y, y).map { $0 * $1 }, zip(x, y).map { $0 * $1 },
        ]
        let sums = products.map(summedArea)
        let (c1, c2, side): (Double, Double, Int) = (6.5025, 58.5225, 8)  // (0.01 × 255)², (0.03 × 255)²
        var total = 0.0
        for top in 0...height - side {
            for left in 0...width - side {
                let window = sums.map { windowSum($0, left: left, top: top, side: side) / Double(side * side) }
                let (mx, my) = (window[0], window[1])
                let (vx, vy, cxy) = (window[2] - mx * mx, window[3] - my * my, window[4] - mx * my)
                let similarity: Double = (2 * mx * my + c1) * (2 * cxy + c2)
                total += similarity / ((mx * mx + my * my + c1) * (vx + vy + c2))
            }
        }
        return total / Double((width - side + 1) * (height - side + 1))
    }

    private var luma: [Double] {
        (0..<width * height).map { pixel in
            let (r, g, b) = (Double(bytes[4 * pixel]), Double(bytes[4 * pixel + 1]), Double(bytes[4 * pixel + 2]))
            return 0.299 * r + 0.587 * g + 0.114 * b
        }
    }

    /// Sums of `values` above and left of each corner, (width + 1) × (height + 1).
    private func summedArea(_ values: [Double]) -> [Double] {
        let row = width + 1
        var sums = [Double](repeating: 0, count: row * (height + 1))
        for y in 0..<height {
            for x in 0..<width {
                let above = sums[y * row + x + 1] - sums[y * row + x]
                sums[(y + 1) * row + x + 1] = values[y * width + x] + above + sums[(y + 1) * row + x]
            }
        }
        return sums
    }

    private func windowSum(_ sums: [Double], left: Int, top: Int, side: Int) -> Double {
        let (row, bottom) = (width + 1, top + side)
        let right: Double = sums[bottom * row + left + side] - sums[top * row + left + side]
        return right - sums[bottom * row + left] + sums[top * row + left]
    }
}
