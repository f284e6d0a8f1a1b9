import Foundation
import Text

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
