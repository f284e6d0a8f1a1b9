/// The README's key reference, generated from the declarations: one Markdown table per object
/// of the format. `pipeline schema --markdown` prints it; `scripts/generate-docs` writes it into
/// the README, and a test fails when the two differ.
public enum KeyTable {
    /// Every object of the format, in reading order: the file's own keys, then each nested
    /// object, then the timing forms.
    public static var sets: [KeySet] {
        var seen = Set<String>()
        var sets: [KeySet] = []
        for set in Keys.pipeline.allSets + [Keys.curveCall] + Keys.springForms
        where seen.insert(set.place + set.doc).inserted {
            sets.append(set)
        }
        return sets
    }

    public static var markdown: String {
        sets.map(table).joined(separator: "\n")
    }

    private static func table(_ set: KeySet) -> String {
        let title = set.place.isEmpty ? "The file" : "`\(set.place)`"
        var lines = ["#### \(title): \(set.doc)", "", "| key | value | default | meaning |", "|---|---|---|---|"]
        for key in set.keys {
            let name = "`\(key.name)`" + (set.required.contains(key.name) ? " (required)" : "")
            lines.append("| \(name) | \(describe(key.form)) | \(defaultText(key)) | \(escaped(key.doc)) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func defaultText(_ key: FormatKey) -> String {
        if let value = key.defaultValue { return "`\(value.text())`" }
        return key.defaultNote.map(escaped) ?? ""
    }

    /// The form as a person reads it: "number 0 to 1", "`[x, y]`, each -10 to 10".
    static func describe(_ form: ValueForm) -> String {
        switch form {
        case .number(let range, let aboveLower):
            guard let range else { return "number" }
            return aboveLower
                ? "number above \(format(range.lowerBound)), at most \(format(range.upperBound))"
                : "number \(span(range))"
        case .integer(let range): return "integer \(span(range))"
        case .boolean: return "`true` or `false`"
        case .string: return "string"
        case .choice(let choices): return choices.map { "`\($0)`" }.joined(separator: ", ")
        case .color: return "colour `#rrggbb`, `#rrggbbaa` or `#rgb`"
        case .point(let range): return "`[x, y]`" + (range.map { ", each \(span($0))" } ?? "")
        case .rect(let range):
            return "`[x, y, width, height]`" + (range.map { ", each \(span($0)), width and height not negative" } ?? "")
        case .numberOrPoint(let range): return "number or `[x, y]`, each \(span(range))"
        case .constant(let value): return "`\(format(value))`"
        case .object(let set): return "object, see `\(set.place)`"
        case .array(let element, let count, let unique):
            var text = "array of \(describe(element))"
            if let count {
                text +=
                    count.upperBound == Int.max
                    ? ", at least \(count.lowerBound)" : ", \(count.lowerBound) to \(count.upperBound)"
            }
            return unique ? text + ", each once" : text
        case .either(let forms): return forms.map(describe).joined(separator: "; or ")
        case .definition(_, let summary), .described(let summary), .pattern(_, let summary): return summary
        }
    }

    private static func span(_ range: ClosedRange<Double>) -> String {
        "\(format(range.lowerBound)) to \(format(range.upperBound))"
    }

    /// Table cells cannot hold a bare `|`.
    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }
}
