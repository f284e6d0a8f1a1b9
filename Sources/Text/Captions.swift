import Foundation

/// A run of caption text in one style: SubRip's `<b>`, `<i>`, `<u>` and `<font color>`, WebVTT's
/// `<b>`, `<i>`, `<u>`, `<c.class>` and `<v Speaker>`.
public struct CaptionSpan: Sendable, Equatable {
    public var text: String
    public var bold = false
    public var italic = false
    public var underline = false
    /// SubRip's `<font color="…">` (`#rrggbb` or a colour name of HTML's 16).
    public var color: String?
    /// WebVTT's classes (`<c.yellow.loud>`), outermost first.
    public var classes: [String] = []
    /// WebVTT's voice (`<v Speaker>`).
    public var voice: String?
    /// When it starts: the WebVTT inline timestamp before it (`<00:00:01.500>`), or nil.
    public var time: Double?

    public init(text: String) { self.text = text }
}

/// How the words of a cue without inline timestamps share its time (`highlight.wordTiming`).
public enum CaptionWordTiming: String, Sendable, CaseIterable {
    /// Each word by its length: its grapheme clusters over those of all the cue's words.
    case characters
    /// Every word the same share.
    case even
}

/// One word of a cue (a run between spaces) and when it starts: the inline timestamp before it,
/// the cue's start, or the time its share of the cue begins (`CaptionCue.words(timing:)`).
public struct CaptionWord: Sendable, Equatable {
    public let text: String
    public let start: Double
    /// The cue's line it is on, counted from 0.
    public let line: Int
}

/// One cue of a caption file: when it shows and its lines of styled text.
public struct CaptionCue: Sendable, Equatable {
    /// Seconds; the cue shows from `start` until before `end`.
    public let start: Double
    public let end: Double
    public let lines: [[CaptionSpan]]
    /// WebVTT's identifier, or SubRip's number.
    public let identifier: String?
    /// WebVTT's cue settings as written (`align:start line:0`); SubRip's coordinates; empty when none.
    public let settings: String
    /// The line of its timing in the file, from 1.
    public let fileLine: Int

    public init(
        start: Double, end: Double, lines: [[CaptionSpan]], identifier: String?, settings: String, fileLine: Int
    ) {
        (self.start, self.end, self.lines, self.identifier, self.settings, self.fileLine) =
            (start, end, lines, identifier, settings, fileLine)
    }

    /// Whether its text holds inline timestamps, so that its words have times of their own.
    public var hasWordTimes: Bool { lines.contains { $0.contains { $0.time != nil } } }

    /// Its words in order, each with its start (the cue's start until the first timestamp).
    public var words: [CaptionWord] {
        var words: [CaptionWord] = []
        for (number, line) in lines.enumerated() {
            var pending = ""
            var pendingStart = start
            var time = start
            for span in line {
                if let spanTime = span.time { time = spanTime }
                for character in span.text {
                    if character.isWhitespace {
                        if !pending.isEmpty {
                            words.append(CaptionWord(text: pending, start: pendingStart, line: number))
                        }
                        pending = ""
                    } else {
                        if pending.isEmpty { pendingStart = time }
                        pending.append(character)
                    }
                }
            }
            if !pending.isEmpty { words.append(CaptionWord(text: pending, start: pendingStart, line: number)) }
        }
        return words
    }

    /// Its words, each with its start: the inline timestamps', or, in a cue without any, the
    /// cue's time shared out in order by `timing`. Word i of n, with c(w) the grapheme clusters
    /// of word w, starts at start + (end − start) × s / t, where s is the sum of c over the words
    /// before it and t over all of them (`characters`), or s = i and t = n (`even`).
    public func words(timing: CaptionWordTiming) -> [CaptionWord] {
        let words = words
        guard !hasWordTimes else { return words }
        let weights = words.map { timing == .even ? 1 : $0.text.count }
        let total = Double(weights.reduce(0, +))
        var before = 0
        return zip(words, weights).map { word, weight in
            defer { before += weight }
            return CaptionWord(
                text: word.text, start: start + (end - start) * Double(before) / total, line: word.line)
        }
    }

    /// The plain text, lines joined by "\n".
    public var text: String { lines.map { $0.map(\.text).joined() }.joined(separator: "\n") }
}

/// A caption file's cues, in file order.
public struct CaptionTrack: Sendable {
    public let cues: [CaptionCue]

    public init(cues: [CaptionCue]) { self.cues = cues }

    /// The cue shown at `time`: of the cues with start ≤ time < end, the one that started last
    /// (the later in the file when two start together); nil between cues.
    public func cue(at time: Double) -> CaptionCue? {
        cues.enumerated().filter { $0.element.start <= time && time < $0.element.end }
            .max { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }?.element
    }

    /// The cue at `time`, its words timed by `timing` (`CaptionCue.words(timing:)`), and the
    /// index among them of the word being spoken: the last that has started.
    public func current(at time: Double, timing: CaptionWordTiming) -> (
        cue: CaptionCue, words: [CaptionWord], word: Int?
    )? {
        guard let cue = cue(at: time) else { return nil }
        let words = cue.words(timing: timing)
        return (cue, words, words.lastIndex { $0.start <= time })
    }
}

extension CaptionCue {
    /// Each span with the UTF-8 bytes of `text` it covers (the "\n" between lines in none).
    public var spanRanges: [(range: Range<Int>, span: CaptionSpan)] {
        var ranges: [(range: Range<Int>, span: CaptionSpan)] = []
        var offset = 0
        for (number, line) in lines.enumerated() {
            if number > 0 { offset += 1 }
            for span in line {
                let count = span.text.utf8.count
                ranges.append((offset..<offset + count, span))
                offset += count
            }
        }
        return ranges
    }
}
