import CCairo
import CTextShaping
import Foundation

/// A text shaped once, whatever width it is later broken at: its grapheme clusters, words and
/// line-break opportunities (`TextSegmentation`), its paragraphs (split at "\n") each with its
/// direction, and its glyphs, each with its font, its glyph index, its advance and offsets and
/// its HarfBuzz cluster (a UTF-8 byte range of the text). Characters the text's font lacks come from the
/// first font that has them (see `TextFonts.fallback`), a grapheme cluster at a time.
///
/// Every glyph knows its grapheme cluster and its word, so per-letter and per-word animation
/// and captions can ask for "the glyphs of cluster i" or "of word j"; `layOut(width:)` breaks
/// the paragraphs into lines and places the glyphs, and its `Layout` answers "the glyphs of
/// line k".
package struct ShapedParagraph {
    typealias LineBreak = TextSegmentation.LineBreak

    /// One glyph as shaped. Glyphs come run by run in logical order, and inside a run in
    /// visual order (a right-to-left run's glyphs reversed).
    package struct Glyph {
        /// Its font among `fonts`.
        package var font: Int
        /// The glyph index in that font (0: the font has no glyph for the character).
        package var index: UInt32
        /// The UTF-8 bytes its HarfBuzz cluster covers: a ligature's covers every character it
        /// joins, a base's and its marks' the same characters.
        var cluster: Range<Int>
        /// The grapheme cluster and the word segment holding the cluster's first character.
        package var grapheme: Int
        var word: Int
        /// Its offset from the pen (x to the right, y down) and how far it moves the pen, in pixels.
        package var offset: SIMD2<Double>
        package var advance: Double
        var run: Int
    }

    /// A stretch of one paragraph in one bidi level, script and font, shaped at once.
    struct Run {
        var range: Range<Int>
        var level: UInt8
        var font: Int
        var glyphs: Range<Int>
    }

    /// A paragraph: the text between newlines (without them) and its direction.
    struct Paragraph {
        var range: Range<Int>
        var isRightToLeft: Bool
        var runs: Range<Int>
    }

    let text: String
    /// The fonts glyphs use; the first is the text's own.
    package let fonts: [TextFont]
    /// The text's grapheme clusters, words and line-break opportunities (UAX #29, UAX #14).
    package let segments: TextSegmentation
    let paragraphs: [Paragraph]
    let runs: [Run]
    package let glyphs: [Glyph]
    /// "…", shaped alone, for a line cut at `maxLines`.
    package let ellipsis: [Glyph]
    /// Characters no installed font has, in the order met, each once.
    package let missing: [Unicode.Scalar]
    /// Pixels added after each cluster.
    let tracking: Double
    /// The width of the text before each byte offset (a cluster counted at its first byte):
    /// the width of a stretch is a difference.
    private let widthBefore: [Double]
    /// Whether the character starting at each byte offset is a space (trimmed at a line's end).
    private let isSpace: [Bool]
    private let bytes: [UInt8]

    /// The text shaped in `family` at `size` pixels per em with the OpenType `features`,
    /// `tracking` thousandths of an em added after each cluster; nil when fontconfig has no
    /// font at all.
    package init?(
        _ text: String, family: String, bold: Bool, size: Double, features: [String] = [], tracking: Double = 0
    ) {
        guard let primary = TextFonts.primary(family: family, bold: bold, size: size) else { return nil }
        self.text = text
        self.tracking = tracking / 1000 * size
        let segments = TextSegmentation(text)
        self.segments = segments
        var fonts = [primary]
        var missing: [Unicode.Scalar] = []
        func fontIndex(_ font: TextFont) -> Int {
            if let index = fonts.firstIndex(where: { $0 === font }) { return index }
            fonts.append(font)
            return fonts.count - 1
        }
        let bytes = Array(text.utf8)
        self.bytes = bytes
        var scalarOffsets: [Int] = []
        var scalars: [Unicode.Scalar] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            scalarOffsets.append(offset)
            scalars.append(scalar)
            offset += UTF8.width(scalar)
        }
        var isSpace = [Bool](repeating: false, count: bytes.count + 1)
        for (index, scalar) in scalars.enumerated() where scalar.properties.isWhitespace {
            isSpace[scalarOffsets[index]] = true
        }
        self.isSpace = isSpace
        // The paragraphs, and each character's level and script within its own.
        var paragraphRanges: [Range<Int>] = []
        var start = 0
        for (index, scalar) in scalars.enumerated() where Self.endsParagraph(scalar) {
            let end = scalarOffsets[index]
            // "\r\n" ends one paragraph.
            if scalar == "\n", index > 0, scalars[index - 1] == "\r" {
                start = end + 1
                continue
            }
            paragraphRanges.append(start..<end)
            start = end + UTF8.width(scalar)
        }
        paragraphRanges.append(start..<bytes.count)
        var levels = [UInt8](repeating: 0, count: bytes.count)
        var scripts = [UInt32](repeating: 0, count: bytes.count)
        var directions: [Bool] = []
        for range in paragraphRanges {
            let first = scalarOffsets.firstIndex { $0 >= range.lowerBound } ?? scalars.count
            let count = scalarOffsets[first...].prefix { $0 < range.upperBound }.count
            var paragraphLevels = [UInt8](repeating: 0, count: count)
            var paragraphScripts = [UInt32](repeating: 0, count: count)
            let rightToLeft = bytes[range].withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    text_analyse_paragraph(
                        $0.baseAddress, $0.count, TEXT_DIRECTION_AUTO, &paragraphLevels, &paragraphScripts, count)
                }
            }
            directions.append(rightToLeft == 1)
            for index in 0..<count {
                levels[scalarOffsets[first + index]] = paragraphLevels[index]
                scripts[scalarOffsets[first + index]] = paragraphScripts[index]
            }
        }
        // Each grapheme cluster's font, then runs of one level, script and font.
        var runs: [Run] = []
        var paragraphs: [Paragraph] = []
        for (range, rightToLeft) in zip(paragraphRanges, directions) {
            let firstRun = runs.count
            var next =
                range.isEmpty
                ? segments.graphemes.count : Self.segment(containing: range.lowerBound, in: segments.graphemes)
            while next < segments.graphemes.count, segments.graphemes[next].lowerBound < range.upperBound {
                let grapheme = segments.graphemes[next]
                next += 1
                guard grapheme.lowerBound >= range.lowerBound else { continue }
                let clusterScalars = Self.scalars(in: grapheme, offsets: scalarOffsets, scalars: scalars)
                let font = fontIndex(
                    Self.font(
                        for: clusterScalars, primary: primary, family: family, bold: bold, size: size,
                        missing: &missing))
                let end = min(grapheme.upperBound, range.upperBound)
                let level = levels[grapheme.lowerBound]
                if let last = runs.last, runs.count > firstRun, last.level == level, last.font == font,
                    scripts[last.range.lowerBound] == scripts[grapheme.lowerBound]
                {
                    runs[runs.count - 1].range = last.range.lowerBound..<end
                } else {
                    runs.append(Run(range: grapheme.lowerBound..<end, level: level, font: font, glyphs: 0..<0))
                }
            }
            paragraphs.append(Paragraph(range: range, isRightToLeft: rightToLeft, runs: firstRun..<runs.count))
        }
        // Shaping, run by run.
        let featureList = features.joined(separator: ",")
        // Runs of spaces count as one, and a paragraph's leading spaces as none: those spaces
        // get no glyph.
        let paragraphStarts = Set(paragraphRanges.map(\.lowerBound))
        var collapsed = Set<Int>()
        for (index, scalar) in scalars.enumerated() where scalar == " " {
            let offset = scalarOffsets[index]
            if paragraphStarts.contains(offset) || (index > 0 && scalars[index - 1] == " ") {
                collapsed.insert(offset)
            }
        }
        var glyphs: [Glyph] = []
        let wordRanges = segments.words.map(\.range)
        for (runIndex, run) in runs.enumerated() {
            let shaped = Self.shape(
                bytes, run: run.range, rightToLeft: run.level & 1 == 1, script: scripts[run.range.lowerBound],
                font: fonts[run.font], features: featureList)
            // Each cluster ends where the next one (in logical order) starts.
            let starts = Set(shaped.map { Int($0.cluster) }).sorted()
            let ends = Dictionary(uniqueKeysWithValues: zip(starts, starts.dropFirst() + [run.range.upperBound]))
            let first = glyphs.count
            for glyph in shaped {
                let clusterStart = Int(glyph.cluster)
                let next = ends[clusterStart]!
                if next - clusterStart == 1, collapsed.contains(clusterStart) { continue }
                glyphs.append(
                    Glyph(
                        font: run.font, index: glyph.index, cluster: clusterStart..<next,
                        grapheme: Self.segment(containing: clusterStart, in: segments.graphemes),
                        word: Self.segment(containing: clusterStart, in: wordRanges),
                        offset: SIMD2(glyph.x_offset, glyph.y_offset), advance: glyph.x_advance, run: runIndex))
            }
            runs[runIndex].glyphs = first..<glyphs.count
        }
        // Ellipsis, in the text's font or the first that has it.
        let ellipsisFont = fontIndex(
            Self.font(
                for: ["…"], primary: primary, family: family, bold: bold, size: size, missing: &missing))
        let ellipsisBytes = Array(Self.ellipsis.utf8)
        ellipsis = Self.shape(
            ellipsisBytes, run: 0..<ellipsisBytes.count, rightToLeft: false, script: scripts.first ?? 0,
            font: fonts[ellipsisFont], features: featureList
        ).map {
            Glyph(
                font: ellipsisFont, index: $0.index, cluster: 0..<0, grapheme: -1, word: -1,
                offset: SIMD2($0.x_offset, $0.y_offset), advance: $0.x_advance, run: -1)
        }
        var clusterWidths = [Double](repeating: 0, count: bytes.count + 1)
        var seen = Set<Int>()
        for glyph in glyphs {
            clusterWidths[glyph.cluster.lowerBound] += glyph.advance
            if seen.insert(glyph.cluster.lowerBound).inserted {
                clusterWidths[glyph.cluster.lowerBound] += self.tracking
            }
        }
        var widthBefore = [Double](repeating: 0, count: bytes.count + 1)
        for index in 0..<bytes.count { widthBefore[index + 1] = widthBefore[index] + clusterWidths[index] }
        self.widthBefore = widthBefore
        self.fonts = fonts
        self.paragraphs = paragraphs
        self.runs = runs
        self.glyphs = glyphs
        self.missing = missing
    }

    package static let ellipsis = "…"

    private static func endsParagraph(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}" || scalar == "\u{85}"
    }

    private static func scalars(in range: Range<Int>, offsets: [Int], scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var low = 0
        var high = offsets.count
        while low < high {
            let middle = (low + high) / 2
            if offsets[middle] < range.lowerBound { low = middle + 1 } else { high = middle }
        }
        var found: [Unicode.Scalar] = []
        while low < offsets.count, offsets[low] < range.upperBound {
            found.append(scalars[low])
            low += 1
        }
        return found
    }

    /// The index of the segment (sorted, covering the text) holding byte `offset`.
    static func segment(containing offset: Int, in segments: [Range<Int>]) -> Int {
        var low = 0
        var high = segments.count
        while low < high {
            let middle = (low + high) / 2
            if segments[middle].upperBound <= offset { low = middle + 1 } else { high = middle }
        }
        return min(low, segments.count - 1)
    }

    /// The font of one grapheme cluster: the text's own when it has every character that
    /// shows, else the first that has them all (a colour one first for an emoji), else the
    /// first that has its base character; characters no font has are noted in `missing`.
    private static func font(
        for cluster: [Unicode.Scalar], primary: TextFont, family: String, bold: Bool, size: Double,
        missing: inout [Unicode.Scalar]
    ) -> TextFont {
        let shown = cluster.filter {
            !$0.properties.isDefaultIgnorableCodePoint && !$0.properties.isVariationSelector
                && $0.properties.generalCategory != .control && !$0.properties.isWhitespace
        }
        guard !shown.isEmpty else { return primary }
        let emoji =
            !cluster.contains("\u{FE0E}")
            && (cluster.contains("\u{FE0F}") || shown[0].properties.isEmojiPresentation
                || cluster.contains { (0x1F3FB...0x1F3FF).contains($0.value) })
        if !emoji, shown.allSatisfy(primary.has) { return primary }
        if let font = TextFonts.fallback(family: family, bold: bold, size: size, scalars: shown, emoji: emoji) {
            return font
        }
        if emoji, shown.allSatisfy(primary.has) { return primary }
        if shown.count > 1,
            let font = TextFonts.fallback(family: family, bold: bold, size: size, scalars: [shown[0]], emoji: emoji)
        {
            return font
        }
        for scalar in shown where !primary.has(scalar) && !missing.contains(scalar) { missing.append(scalar) }
        return primary
    }

    private static func shape(
        _ bytes: [UInt8], run: Range<Int>, rightToLeft: Bool, script: UInt32, font: TextFont, features: String
    ) -> [shaped_glyph_t] {
        var shaped: UnsafeMutablePointer<shaped_glyph_t>?
        let count =
            font.withFace { face in
                bytes.withUnsafeBufferPointer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) {
                        text_shape_run(
                            face, font.size, $0.baseAddress, $0.count, run.lowerBound, run.count,
                            rightToLeft ? 1 : 0, script, features.isEmpty ? nil : features, &shaped)
                    }
                }
            } ?? -1
        defer { free(shaped) }
        guard count > 0, let shaped else { return [] }
        return Array(UnsafeBufferPointer(start: shaped, count: Int(count)))
    }

    // MARK: Asking for glyphs

    /// The glyphs (indices into `glyphs`) showing grapheme cluster `index`: its own, or a
    /// ligature or conjunct it is part of.
    package func glyphs(ofGrapheme index: Int) -> [Int] {
        glyphs(overlapping: segments.graphemes[index])
    }

    /// The glyphs showing word segment `index`.
    func glyphs(ofWord index: Int) -> [Int] {
        glyphs(overlapping: segments.words[index].range)
    }

    private func glyphs(overlapping range: Range<Int>) -> [Int] {
        glyphs.indices.filter {
            glyphs[$0].cluster.overlaps(range) || glyphs[$0].cluster.lowerBound == range.lowerBound
        }
    }

    /// The width of the text from byte `start` to byte `end`.
    package func width(from start: Int, to end: Int) -> Double {
        widthBefore[end] - widthBefore[start]
    }

    var ellipsisWidth: Double { ellipsis.reduce(0) { $0 + $1.advance } + tracking }
}

// MARK: Lines

extension ShapedParagraph {
    /// A glyph placed on its line.
    package struct PlacedGlyph {
        /// Its index in `glyphs`; nil for the ellipsis's.
        package var glyph: Int?
        package var font: Int
        package var index: UInt32
        /// Its origin: x from the line's left end, y from its baseline (down).
        package var position: SIMD2<Double>
        var line: Int
    }

    /// One line: the bytes of the text it shows (spaces at its end included), its width and
    /// the glyphs on it in display order.
    package struct Line {
        var paragraph: Int
        package var range: Range<Int>
        package var width: Double
        package var isRightToLeft: Bool
        var hasEllipsis = false
        var glyphs: Range<Int> = 0..<0
    }

    /// The text broken into lines at a width and its glyphs placed.
    package struct Layout {
        package var lines: [Line]
        package var glyphs: [PlacedGlyph]

        /// The glyphs of line `index`, left to right.
        package func glyphs(ofLine index: Int) -> ArraySlice<PlacedGlyph> { glyphs[lines[index].glyphs] }

        /// Where the shaped glyphs `indices` (as `glyphs(ofGrapheme:)` and `glyphs(ofWord:)`
        /// give them) were placed; glyphs cut by `maxLines` or at a line's closing spaces have
        /// no place.
        func placed(_ indices: [Int]) -> [PlacedGlyph] {
            let wanted = Set(indices)
            return glyphs.filter { $0.glyph.map(wanted.contains) ?? false }
        }
    }

    /// The lines at `width`: each paragraph broken at its line-break opportunities (UAX #14),
    /// each line as long as fits (spaces at its end do not count); a stretch with no
    /// opportunity wider than `width` keeps a line of its own. With `maxLines`, the lines past
    /// it are dropped and the last kept one ends with "…", after as much of it as leaves room.
    /// Each line is then put in display order (the paragraph's bidi levels, rule L2).
    package func layOut(width: Double, maxLines: Int? = nil) -> Layout {
        var lines: [Line] = []
        for (index, paragraph) in paragraphs.enumerated() {
            for range in breakLines(of: paragraph, width: width) {
                lines.append(
                    Line(
                        paragraph: index, range: range, width: self.width(from: range.lowerBound, to: trim(range)),
                        isRightToLeft: paragraph.isRightToLeft))
            }
        }
        if let maxLines, maxLines > 0, lines.count > maxLines {
            lines.removeLast(lines.count - maxLines)
            var last = lines[maxLines - 1]
            let breaks = opportunities(in: paragraphs[last.paragraph]).filter {
                $0.offset > last.range.lowerBound && $0.offset < last.range.upperBound
            }
            for candidate in breaks.reversed() where last.width + ellipsisWidth > width {
                last.range = last.range.lowerBound..<candidate.offset
                last.width = self.width(from: last.range.lowerBound, to: trim(last.range))
            }
            last.hasEllipsis = true
            last.width += ellipsisWidth
            lines[maxLines - 1] = last
        }
        var placed: [PlacedGlyph] = []
        for index in lines.indices {
            let first = placed.count
            place(lines[index], number: index, into: &placed)
            lines[index].glyphs = first..<placed.count
        }
        return Layout(lines: lines, glyphs: placed)
    }

    /// The end of `range` without the spaces it ends with.
    private func trim(_ range: Range<Int>) -> Int {
        var end = range.upperBound
        while end > range.lowerBound, let last = lastCharacterStart(before: end, from: range.lowerBound),
            isSpace[last]
        {
            end = last
        }
        return end
    }

    private func lastCharacterStart(before end: Int, from start: Int) -> Int? {
        var index = end - 1
        while index > start, bytes[index] & 0xC0 == 0x80 { index -= 1 }
        return index >= start ? index : nil
    }

    private func opportunities(in paragraph: Paragraph) -> [LineBreak] {
        segments.lineBreaks.filter { $0.offset > paragraph.range.lowerBound && $0.offset < paragraph.range.upperBound }
    }

    /// Greedy breaking: each line takes the furthest opportunity that fits, or the first when
    /// none does; a mandatory one ends it.
    private func breakLines(of paragraph: Paragraph, width: Double) -> [Range<Int>] {
        let candidates =
            opportunities(in: paragraph) + [LineBreak(offset: paragraph.range.upperBound, isMandatory: true)]
        var lines: [Range<Int>] = []
        var start = paragraph.range.lowerBound
        var next = 0
        while next < candidates.count {
            var chosen = next
            while !candidates[chosen].isMandatory, chosen + 1 < candidates.count,
                self.width(from: start, to: trim(start..<candidates[chosen + 1].offset)) <= width + 1e-9
            {
                chosen += 1
            }
            lines.append(start..<candidates[chosen].offset)
            start = candidates[chosen].offset
            next = chosen + 1
        }
        return lines
    }

    /// Appends the line's glyphs in display order: its runs (cut to the line, its closing
    /// spaces left out) reversed by level as rule L2 says, the ellipsis at the logical end.
    private func place(_ line: Line, number: Int, into placed: inout [PlacedGlyph]) {
        let paragraph = paragraphs[line.paragraph]
        let end = trim(line.range)
        var pieces: [(level: UInt8, glyphs: [Int])] = []
        for run in runs[paragraph.runs] where run.range.overlaps(line.range.lowerBound..<end) {
            let inside = glyphs[run.glyphs].indices.filter {
                (line.range.lowerBound..<end).contains(glyphs[$0].cluster.lowerBound)
            }
            if !inside.isEmpty { pieces.append((run.level, inside)) }
        }
        if line.hasEllipsis {
            pieces.append((paragraph.isRightToLeft ? 1 : 0, ellipsis.indices.map { -1 - $0 }))
        }
        let highest = pieces.map(\.level).max() ?? 0
        let lowestOdd = pieces.map(\.level).filter { $0 & 1 == 1 }.min() ?? highest + 1
        if highest > 0 {
            for level in stride(from: highest, through: max(lowestOdd, 1), by: -1) {
                var start = 0
                while start < pieces.count {
                    guard pieces[start].level >= level else {
                        start += 1
                        continue
                    }
                    var stop = start
                    while stop < pieces.count, pieces[stop].level >= level { stop += 1 }
                    pieces[start..<stop].reverse()
                    start = stop
                }
            }
        }
        let order = pieces.flatMap(\.glyphs)
        var x = 0.0
        for (position, index) in order.enumerated() {
            let glyph = index >= 0 ? glyphs[index] : ellipsis[-1 - index]
            placed.append(
                PlacedGlyph(
                    glyph: index >= 0 ? index : nil, font: glyph.font, index: glyph.index,
                    position: SIMD2(x, 0) + glyph.offset, line: number))
            x += glyph.advance
            let next = position + 1 < order.count ? order[position + 1] : nil
            let sameCluster =
                next.map { next in
                    index >= 0 && next >= 0 && glyphs[next].cluster == glyph.cluster
                        || index < 0 && next < 0
                } ?? false
            if !sameCluster { x += tracking }
        }
    }
}
