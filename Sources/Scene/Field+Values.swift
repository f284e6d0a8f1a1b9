import CAnimatorABI

/// The value forms shared by layers and animator parameters.
extension Field {
    /// "#rgb", "#rrggbb" or "#rrggbbaa" (sRGB, straight alpha).
    func color() throws(SceneError) -> anim_color_t {
        let expected = "a colour \"#rrggbb\" or \"#rrggbbaa\""
        guard case .string(let text) = node.value else { throw mismatch(expected) }
        guard let color = parseColor(text) else { throw error("\"\(text)\" is not \(expected)") }
        return color
    }

    func point(in range: ClosedRange<Double>? = nil) throws(SceneError) -> anim_point_t {
        let v = try numbers(count: 2, in: range, what: "a point [x, y]")
        return anim_point_t(x: v[0], y: v[1])
    }

    func rect(in range: ClosedRange<Double>? = nil) throws(SceneError) -> anim_rect_t {
        let v = try numbers(count: 4, in: range, what: "a rect [x, y, width, height]")
        if let problem = rectSizeProblem(v) { throw error(problem) }
        return anim_rect_t(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    /// One of `choices`, with the nearest one suggested otherwise.
    func choice(_ choices: [String]) throws(SceneError) -> String {
        let text = try string()
        guard choices.contains(text) else {
            let hint = NameSuggestion.nearest(to: text, among: choices).map { "did you mean \"\($0)\"? " } ?? ""
            throw error(
                "unknown value \(text.quotedForMessage): \(hint)expected one of \(choices.map { "\"\($0)\"" }.joined(separator: ", "))"
            )
        }
        return text
    }
}

/// Why `[x, y, width, height]` is no rect: a negative width or height; nil when it is one.
func rectSizeProblem(_ rect: [Double]) -> String? {
    rect[2] >= 0 && rect[3] >= 0 ? nil : "a rect's width and height must not be negative"
}

func parseColor(_ text: String) -> anim_color_t? {
    guard text.first == "#" else { return nil }
    var digits = Array(text.dropFirst())
    if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
    guard digits.count == 6 || digits.count == 8 else { return nil }
    var channels: [Double] = []
    for index in stride(from: 0, to: digits.count, by: 2) {
        guard let byte = UInt8(String(digits[index...index + 1]), radix: 16) else { return nil }
        channels.append(Double(byte) / 255)
    }
    return anim_color_t(r: channels[0], g: channels[1], b: channels[2], a: channels.count == 4 ? channels[3] : 1)
}
