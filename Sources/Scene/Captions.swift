import CAnimatorABI
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

/// What is wrong at a line of a caption file, and what would be right.
public struct CaptionSyntaxError: Error, Sendable, Equatable {
    public let line: Int
    public let message: String
}

/// SubRip (`.srt`) and WebVTT (`.vtt`) files read into cues.
public enum CaptionParser {
    public enum Format: String, Sendable {
        case subRip = "srt"
        case webVTT = "vtt"
    }

    /// The lines of `text`, a byte order mark dropped, split at CRLF, LF or CR.
    static func lines(_ text: String) -> [String] {
        var body = Substring(text)
        if body.first == "\u{FEFF}" { body = body.dropFirst() }
        var lines: [String] = []
        var current = ""
        var scalars = body.unicodeScalars.makeIterator()
        var pendingCR = false
        while let scalar = scalars.next() {
            if pendingCR {
                pendingCR = false
                if scalar == "\n" { continue }
            }
            if scalar == "\r" || scalar == "\n" {
                lines.append(current)
                current = ""
                pendingCR = scalar == "\r"
            } else {
                current.unicodeScalars.append(scalar)
            }
        }
        lines.append(current)
        return lines
    }

    public static func parse(_ text: String, as format: Format) throws(CaptionSyntaxError) -> [CaptionCue] {
        switch format {
        case .subRip: try parseSubRip(text)
        case .webVTT: try parseWebVTT(text)
        }
    }

    // MARK: SubRip

    /// Blocks separated by blank lines: a number, `hh:mm:ss,mmm --> hh:mm:ss,mmm` (a `.` is taken
    /// for the `,`, as many players do; coordinates after it are kept as settings), then the
    /// text lines.
    public static func parseSubRip(_ text: String) throws(CaptionSyntaxError) -> [CaptionCue] {
        let lines = lines(text)
        var cues: [CaptionCue] = []
        var index = 0
        while index < lines.count {
            if lines[index].trimmingSpaces.isEmpty {
                index += 1
                continue
            }
            var identifier: String?
            if !lines[index].contains("-->") {
                let number = lines[index].trimmingSpaces
                guard number.allSatisfy(\.isASCII), Int(number) != nil else {
                    throw CaptionSyntaxError(
                        line: index + 1,
                        message: "expected a cue's number or its timing \"00:00:01,000 --> 00:00:02,500\", found "
                            + number.quotedForMessage)
                }
                identifier = number
                index += 1
                guard index < lines.count, !lines[index].trimmingSpaces.isEmpty else {
                    throw CaptionSyntaxError(
                        line: index + 1,
                        message: "cue \(number) has no timing: expected \"00:00:01,000 --> 00:00:02,500\"")
                }
            }
            let timingLine = index + 1
            let (start, end, settings) = try timing(lines[index], line: timingLine, format: .subRip)
            index += 1
            var textLines: [[CaptionSpan]] = []
            while index < lines.count, !lines[index].trimmingSpaces.isEmpty {
                textLines.append(subRipSpans(lines[index]))
                index += 1
            }
            cues.append(
                CaptionCue(
                    start: start, end: end, lines: textLines, identifier: identifier, settings: settings,
                    fileLine: timingLine))
        }
        return cues
    }

    /// SubRip's basic tags; any other text, unknown tags included, is kept as written.
    static func subRipSpans(_ line: String) -> [CaptionSpan] {
        var spans: [CaptionSpan] = []
        var style = CaptionSpan(text: "")
        var colors: [String?] = []
        var rest = Substring(line)
        func flush() {
            if !style.text.isEmpty { spans.append(style) }
            style.text = ""
        }
        while let first = rest.first {
            if first == "<", let close = rest.firstIndex(of: ">") {
                let tag = rest[rest.index(after: rest.startIndex)..<close].lowercased()
                let name = tag.split(separator: " ").first.map(String.init) ?? ""
                var known = true
                switch name {
                case "b", "/b", "i", "/i", "u", "/u":
                    flush()
                    let on = !name.hasPrefix("/")
                    switch name.last {
                    case "b": style.bold = on
                    case "i": style.italic = on
                    default: style.underline = on
                    }
                case "font":
                    flush()
                    colors.append(style.color)
                    style.color = attribute("color", in: String(rest[rest.index(after: rest.startIndex)..<close]))
                case "/font":
                    flush()
                    style.color = colors.popLast() ?? nil
                default: known = false
                }
                if known {
                    rest = rest[rest.index(after: close)...]
                    continue
                }
            }
            style.text.append(first)
            rest = rest.dropFirst()
        }
        flush()
        return spans
    }

    /// The value of `name="…"` (or unquoted) in a tag's text.
    private static func attribute(_ name: String, in tag: String) -> String? {
        guard let range = tag.range(of: name + "=", options: .caseInsensitive) else { return nil }
        var value = tag[range.upperBound...]
        if let quote = value.first, quote == "\"" || quote == "'" {
            value = value.dropFirst()
            return String(value.prefix { $0 != quote })
        }
        return String(value.prefix { !$0.isWhitespace })
    }

    // MARK: WebVTT

    /// The WebVTT file format (W3C WebVTT: "WEBVTT" first, then blocks separated by blank lines:
    /// NOTE, STYLE and REGION blocks, and cues of an optional identifier line, a timing line
    /// `[hh:]mm:ss.ttt --> [hh:]mm:ss.ttt [settings]` and text lines).
    public static func parseWebVTT(_ text: String) throws(CaptionSyntaxError) -> [CaptionCue] {
        let lines = lines(text)
        guard let header = lines.first, header.hasPrefix("WEBVTT"),
            header.count == 6 || header.dropFirst(6).first == " " || header.dropFirst(6).first == "\t"
        else {
            throw CaptionSyntaxError(
                line: 1,
                message: "a WebVTT file starts with \"WEBVTT\" alone, or followed by a space or a tab and any text; "
                    + "its first line is \(String((lines.first ?? "").prefix(40)).quotedForMessage)")
        }
        var index = 1
        // The header's other lines, up to the first blank line.
        while index < lines.count, !lines[index].isEmpty { index += 1 }
        var cues: [CaptionCue] = []
        while index < lines.count {
            if lines[index].isEmpty {
                index += 1
                continue
            }
            let blockStart = index
            var block: [String] = []
            while index < lines.count, !lines[index].isEmpty {
                block.append(lines[index])
                index += 1
            }
            let first = block[0]
            if !first.contains("-->"),
                ["NOTE", "STYLE", "REGION"].contains(where: { keyword in
                    first == keyword || first.hasPrefix(keyword + " ") || first.hasPrefix(keyword + "\t")
                })
            {
                continue
            }
            var identifier: String?
            var timingIndex = 0
            if !first.contains("-->") {
                identifier = first
                timingIndex = 1
                guard block.count > 1, block[1].contains("-->") else {
                    throw CaptionSyntaxError(
                        line: blockStart + 2,
                        message: "cue \(first.quotedForMessage) has no timing: expected \"00:01.000 --> 00:02.500\" "
                            + "on the line after its identifier")
                }
            }
            let timingLine = blockStart + timingIndex + 1
            let (start, end, settings) = try timing(block[timingIndex], line: timingLine, format: .webVTT)
            var textLines: [[CaptionSpan]] = []
            for (offset, line) in block.dropFirst(timingIndex + 1).enumerated() {
                if line.contains("-->") {
                    throw CaptionSyntaxError(
                        line: timingLine + offset + 1,
                        message: "a cue's text cannot hold \"-->\"; a new cue needs a blank line before it")
                }
                textLines.append(try webVTTSpans(line, line: timingLine + offset + 1, cueStart: start, cueEnd: end))
            }
            cues.append(
                CaptionCue(
                    start: start, end: end, lines: textLines, identifier: identifier, settings: settings,
                    fileLine: timingLine))
        }
        return cues
    }

    /// WebVTT's cue text: tags `<b>`, `<i>`, `<u>`, `<c.class>`, `<v Speaker>`, `<lang …>`,
    /// `<ruby>`, `<rt>` (the last three kept as plain text runs), inline timestamps, and the
    /// character references `&amp;`, `&lt;`, `&gt;`, `&lrm;`, `&rlm;`, `&nbsp;`. An unknown tag is
    /// left out, as the specification's parser does.
    static func webVTTSpans(_ line: String, line number: Int, cueStart: Double, cueEnd: Double)
        throws(CaptionSyntaxError) -> [CaptionSpan]
    {
        var spans: [CaptionSpan] = []
        var style = CaptionSpan(text: "")
        var stack: [(name: String, saved: CaptionSpan)] = []
        var rest = Substring(line)
        func flush() {
            if !style.text.isEmpty { spans.append(style) }
            style.text = ""
        }
        while let first = rest.first {
            if first == "&", let semicolon = rest.prefix(8).firstIndex(of: ";") {
                let entity = String(rest[rest.startIndex...semicolon])
                let replacement: String? =
                    switch entity {
                    case "&amp;": "&"
                    case "&lt;": "<"
                    case "&gt;": ">"
                    case "&lrm;": "\u{200E}"
                    case "&rlm;": "\u{200F}"
                    case "&nbsp;": "\u{00A0}"
                    default: nil
                    }
                if let replacement {
                    style.text += replacement
                    rest = rest[rest.index(after: semicolon)...]
                    continue
                }
            }
            guard first == "<" else {
                style.text.append(first)
                rest = rest.dropFirst()
                continue
            }
            guard let close = rest.firstIndex(of: ">") else {
                throw CaptionSyntaxError(
                    line: number,
                    message: "a tag opened with \"<\" is not closed with \">\" (write \"&lt;\" for a \"<\")")
            }
            let tag = String(rest[rest.index(after: rest.startIndex)..<close])
            rest = rest[rest.index(after: close)...]
            if let time = tag.first, time.isNumber {
                guard let seconds = timestamp(tag) else {
                    throw CaptionSyntaxError(
                        line: number,
                        message:
                            "<\(tag)> is not a timestamp: expected <mm:ss.ttt> or <hh:mm:ss.ttt>, such as <00:01.500>")
                }
                guard seconds > cueStart, seconds < cueEnd else {
                    throw CaptionSyntaxError(
                        line: number,
                        message:
                            "the timestamp <\(tag)> lies outside its cue (\(format(cueStart)) s to \(format(cueEnd)) s): "
                            + "an inline timestamp is after the cue's start and before its end")
                }
                flush()
                style.time = seconds
                continue
            }
            if tag.hasPrefix("/") {
                let name = String(tag.dropFirst().prefix { $0 != "." && $0 != " " })
                flush()
                if let open = stack.lastIndex(where: { $0.name == name }) {
                    let time = style.time
                    style = stack[open].saved
                    style.time = time
                    stack.removeSubrange(open...)
                }
                continue
            }
            let head = tag.prefix { $0 != " " && $0 != "\t" }
            let parts = head.split(separator: ".", omittingEmptySubsequences: false)
            let name = String(parts.first ?? "")
            let annotation = tag.dropFirst(head.count).trimmingSpaces
            switch name {
            case "b", "i", "u", "c", "v", "lang", "ruby", "rt":
                flush()
                stack.append((name, style))
                switch name {
                case "b": style.bold = true
                case "i": style.italic = true
                case "u": style.underline = true
                case "v": style.voice = annotation
                default: break
                }
                style.classes += parts.dropFirst().map(String.init)
            default: continue
            }
        }
        flush()
        return spans
    }

    /// `timing` lines: start, `-->`, end, then settings (WebVTT) or coordinates (SubRip).
    static func timing(_ text: String, line: Int, format: Format) throws(CaptionSyntaxError) -> (
        Double, Double, String
    ) {
        let example = format == .subRip ? "00:00:01,000 --> 00:00:02,500" : "00:01.000 --> 00:02.500"
        guard let arrow = text.range(of: "-->") else {
            throw CaptionSyntaxError(
                line: line, message: "expected a cue's timing such as \"\(example)\", found \(text.quotedForMessage)")
        }
        let startText = text[..<arrow.lowerBound].trimmingSpaces
        let after = text[arrow.upperBound...].trimmingSpaces
        let endText = String(after.prefix { !$0.isWhitespace })
        let settings = after.dropFirst(endText.count).trimmingSpaces
        let read = format == .subRip ? subRipTimestamp : timestamp
        guard let start = read(startText) else {
            throw CaptionSyntaxError(
                line: line,
                message: "\(startText.quotedForMessage) is not a \(format.timestampForm): write e.g. \"\(example)\"")
        }
        guard let end = read(endText) else {
            throw CaptionSyntaxError(
                line: line,
                message: "\(endText.quotedForMessage) is not a \(format.timestampForm): write e.g. \"\(example)\"")
        }
        guard end > start else {
            throw CaptionSyntaxError(
                line: line,
                message:
                    "the cue ends (\(endText)) before or as it starts (\(startText)): its end must come after its start"
            )
        }
        return (start, end, settings)
    }

    /// WebVTT's timestamp: `[hh:]mm:ss.ttt`, hours of two or more digits and omitted when zero,
    /// minutes and seconds of two digits below 60, exactly three digits of milliseconds.
    static func timestamp(_ text: String) -> Double? {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 2 || fields.count == 3 else { return nil }
        let secondsParts = fields.last!.split(separator: ".", omittingEmptySubsequences: false)
        guard secondsParts.count == 2, secondsParts[1].count == 3, let millis = digits(secondsParts[1]) else {
            return nil
        }
        guard secondsParts[0].count == 2, let seconds = digits(secondsParts[0]), seconds < 60 else { return nil }
        let minutesField = fields[fields.count - 2]
        guard minutesField.count == 2, let minutes = digits(minutesField), minutes < 60 else { return nil }
        var hours = 0
        if fields.count == 3 {
            guard fields[0].count >= 2, let value = digits(fields[0]) else { return nil }
            hours = value
        }
        return Double(hours * 3600 + minutes * 60 + seconds) + Double(millis) / 1000
    }

    /// SubRip's timestamp: `hh:mm:ss,mmm` (or `.mmm`), hours of one or more digits.
    static func subRipTimestamp(_ text: String) -> Double? {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 3 else { return nil }
        let last = fields[2].replacingOccurrences(of: ",", with: ".")
        let secondsParts = last.split(separator: ".", omittingEmptySubsequences: false)
        guard secondsParts.count == 2, (1...3).contains(secondsParts[1].count),
            let fraction = digits(secondsParts[1]), secondsParts[0].count == 2,
            let seconds = digits(secondsParts[0]), seconds < 60, fields[1].count == 2,
            let minutes = digits(fields[1]), minutes < 60, !fields[0].isEmpty, let hours = digits(fields[0])
        else { return nil }
        var scale = 1.0
        for _ in 0..<secondsParts[1].count { scale *= 10 }
        return Double(hours * 3600 + minutes * 60 + seconds) + Double(fraction) / scale
    }

    private static func digits(_ text: some StringProtocol) -> Int? {
        guard !text.isEmpty, text.count < 10, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }
}

extension CaptionParser.Format {
    var timestampForm: String {
        switch self {
        case .subRip: "SubRip timestamp hh:mm:ss,mmm"
        case .webVTT: "WebVTT timestamp [hh:]mm:ss.ttt"
        }
    }
}

extension StringProtocol {
    /// Without spaces and tabs at either end.
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

/// How captions are laid out and drawn: decoded now, drawn by the compositor.
public struct CaptionStyle: Sendable {
    /// Pixels kept free inside the frame's edges (a safe area).
    public var margin: Double = 40
    /// The widest a line is, in pixels; nil: the frame's width less the margins.
    public var maxWidth: Double?
    public var maxLines: Int = 2
    public var box: CaptionBox?
    public var highlight: CaptionHighlight?

    public init() {}
}

/// A box behind a cue's lines.
public struct CaptionBox: Sendable {
    public var color: anim_color_t
    public var padding: Double
    public var cornerRadius: Double

    public init(color: anim_color_t, padding: Double, cornerRadius: Double) {
        (self.color, self.padding, self.cornerRadius) = (color, padding, cornerRadius)
    }
}

/// How the word being spoken stands out; each nil leaves that unchanged.
public struct CaptionHighlight: Sendable {
    public var color: anim_color_t?
    public var scale: Double
    /// A colour drawn behind the word.
    public var box: anim_color_t?
    /// How the words of a cue without inline timestamps share its time.
    public var wordTiming: CaptionWordTiming

    public init(
        color: anim_color_t? = nil, scale: Double = 1, box: anim_color_t? = nil,
        wordTiming: CaptionWordTiming = .characters
    ) {
        (self.color, self.scale, self.box, self.wordTiming) = (color, scale, box, wordTiming)
    }
}

/// A text layer's captions: the cues of its file and their style.
public struct TextCaptions: Sendable {
    public let file: String
    public let track: CaptionTrack
    public var style: CaptionStyle
    /// Where the pipeline file names the caption file.
    public let origin: SceneError.Origin
    /// Written into the subtitle track; nil: undetermined.
    public var language: CaptionLanguage?

    public init(file: String, track: CaptionTrack, style: CaptionStyle, origin: SceneError.Origin) {
        (self.file, self.track, self.style, self.origin) = (file, track, style, origin)
    }
}

extension CaptionSpan {
    /// `color` as a colour: `#rgb` or `#rrggbb`, or one of HTML's sixteen colour names, in any
    /// case; nil when it is none of them (the text keeps its own colour).
    public var colorValue: anim_color_t? {
        guard let written = color?.trimmingCharacters(in: .whitespaces).lowercased(), !written.isEmpty else {
            return nil
        }
        let named: [String: UInt32] = [
            "black": 0x000000, "silver": 0xC0C0C0, "gray": 0x808080, "grey": 0x808080, "white": 0xFFFFFF,
            "maroon": 0x800000, "red": 0xFF0000, "purple": 0x800080, "fuchsia": 0xFF00FF, "green": 0x008000,
            "lime": 0x00FF00, "olive": 0x808000, "yellow": 0xFFFF00, "navy": 0x000080, "blue": 0x0000FF,
            "teal": 0x008080, "aqua": 0x00FFFF,
        ]
        var value: UInt32
        if let known = named[written] {
            value = known
        } else if written.hasPrefix("#"), let hex = UInt32(written.dropFirst(), radix: 16) {
            switch written.count {
            case 7: value = hex
            case 4:
                let (r, g, b) = (hex >> 8 & 0xF, hex >> 4 & 0xF, hex & 0xF)
                value = (r * 17) << 16 | (g * 17) << 8 | b * 17
            default: return nil
            }
        } else {
            return nil
        }
        return anim_color_t(
            r: Double(value >> 16 & 0xFF) / 255, g: Double(value >> 8 & 0xFF) / 255, b: Double(value & 0xFF) / 255, a: 1
        )
    }

    /// Whether it draws differently from the text's own style.
    public var isStyled: Bool { bold || italic || colorValue != nil }
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
