import CAnimatorABI
import Foundation
import JSON
import Text
import Timing

/// A text's animation: its text animators, a string that changes over time (keyframes or a
/// counter) and captions.
extension Decoding {
    /// `"string"`: a string, or `{"values": [...], "times": [...]}` held between the times (the
    /// text's `string` is then the first value).
    func decodeTextString(_ field: Field) throws(SceneError) -> (String, TextSource) {
        if case .string(let text) = field.node.value { return (text, .fixed) }
        guard case .object = field.node.value else {
            throw field.mismatch("a string, or {\"values\": [...], \"times\": [...]}")
        }
        let fields = try field.object(Keys.textStringKeyframes)
        var values: [String] = []
        for item in try fields.required("values", "the strings, in order").array() { values.append(try item.string()) }
        let timesField = try fields.required("times", "render seconds, one per value")
        guard case .array(.number(let range, _), _, _) = fields.declared("times").form else {
            preconditionFailure("times are numbers")
        }
        let items = try timesField.array()
        guard items.count == values.count, !values.isEmpty else {
            throw timesField.error("expected one time per value (\(values.count)), found \(items.count)")
        }
        var times: [Double] = []
        for item in items {
            let time = try item.number(in: range)
            if let last = times.last, time <= last {
                throw item.error("times must increase: \(format(time)) comes after \(format(last))")
            }
            times.append(time)
        }
        return (values[0], .keyframes(TextStringKeyframes(values: values, times: times)))
    }

    /// `"counter": {"from": 0, "to": 1200, "start": 0, "duration": 1, "timing": "ease-out", "format": "#,##0"}`.
    func decodeCounter(_ field: Field) throws(SceneError) -> TextCounter {
        let fields = try field.object(Keys.textCounter)
        let given: Double? = try fields.optional("duration")
        let (curve, duration) =
            try fields["timing"].map { field throws(SceneError) in try decodeTiming(field, duration: given) }
            ?? (Self.linearCurve, given ?? Double(default: Keys.textCounter["duration"].defaultValue!)!)
        if let entry = curve.pluginEntry {
            throw fields["timing"]!.error(
                "a counter's timing is one of the host's curves (a name such as \"ease-out\", {\"cubic-bezier\": "
                    + "[...]} or a spring); \"\(entry.name)\" is a plugin's")
        }
        let written: String = try fields.value("format")
        let pattern: NumberPattern
        switch NumberPattern.parse(written) {
        case .success(let parsed): pattern = parsed
        case .failure(let problem):
            throw (fields["format"] ?? field).error(
                "\(written.quotedForMessage) is not a number format: \(problem.message); such as \"#,##0.00\" or \"$0\""
            )
        }
        return TextCounter(
            from: try fields.value("from"), to: try fields.required("to", "the number at the end"),
            start: try fields.value("start"), duration: duration, curve: curve, pattern: pattern)
    }

    static var linearCurve: any TimingCurve { NamedCurves.curve(named: "linear")! }

    /// `"textAnimators": [{"select": {...} or [...], "properties": {...}}, ...]`.
    func decodeTextAnimators(_ field: Field?) throws(SceneError) -> [TextAnimator] {
        var animators: [TextAnimator] = []
        for item in try field?.array() ?? [] {
            let fields = try item.object(Keys.textAnimator)
            var selectors: [TextSelector] = []
            var isList = false
            if let select = fields["select"] {
                if case .array = select.node.value {
                    isList = true
                    let items = try select.array()
                    guard !items.isEmpty else {
                        throw select.error("expected at least one selector, found an empty list")
                    }
                    for selector in items { selectors.append(try decodeSelector(selector)) }
                } else {
                    selectors.append(try decodeSelector(select))
                }
            }
            let properties = try decodeAnimatorProperties(
                try fields.required("properties", "what a fully selected unit shows, such as {\"opacity\": 0}"))
            animators.append(TextAnimator(selectors: selectors, properties: properties, selectIsList: isList))
        }
        return animators
    }

    private func decodeSelector(_ field: Field) throws(SceneError) -> TextSelector {
        let fields = try field.object(Keys.textSelector)
        let type: TextSelectorType = try fields.value("type")
        let rangeOnly = [
            "units", "start", "end", "offset", "shape", "easeHigh", "easeLow", "smoothness", "amount", "randomize",
        ]
        let wigglyOnly = [
            "maxAmount", "minAmount", "wigglesPerSecond", "correlation", "temporalPhase", "spatialPhase",
            "lockDimensions",
        ]
        let foreign = type == .range ? wigglyOnly : rangeOnly
        if let key = foreign.first(where: { fields[$0] != nil }) {
            throw fields[key]!.error(
                "\"\(key)\" belongs to \(type == .range ? "a wiggly selector (\"type\": \"wiggly\")" : "range selectors"); "
                    + "this selector is a \(type.rawValue) one")
        }
        switch type {
        case .range:
            var range = TextRangeSelector()
            range.by = try fields.value("by")
            range.units = try fields.value("units")
            range.start = try fields.value("start")
            range.end = try fields.optional("end")
            range.offset = try fields.value("offset")
            range.shape = try fields.value("shape")
            range.easeHigh = try fields.value("easeHigh")
            range.easeLow = try fields.value("easeLow")
            range.smoothness = try fields.value("smoothness")
            range.amount = try fields.value("amount")
            range.mode = try fields.optional("mode") ?? .add
            range.randomize = try fields.value("randomize")
            range.seed = try fields.value("seed")
            return .range(range)
        case .wiggly:
            var wiggly = TextWigglySelector()
            wiggly.by = try fields.value("by")
            wiggly.mode = try fields.optional("mode") ?? .intersect
            wiggly.maxAmount = try fields.value("maxAmount")
            wiggly.minAmount = try fields.value("minAmount")
            wiggly.wigglesPerSecond = try fields.value("wigglesPerSecond")
            wiggly.correlation = try fields.value("correlation")
            wiggly.temporalPhase = try fields.value("temporalPhase")
            wiggly.spatialPhase = try fields.value("spatialPhase")
            wiggly.lockDimensions = try fields.value("lockDimensions")
            wiggly.seed = try fields.value("seed")
            return .wiggly(wiggly)
        }
    }

    private func decodeAnimatorProperties(_ field: Field) throws(SceneError) -> TextAnimatorProperties {
        let fields = try field.object(Keys.textAnimatorProperties)
        var properties = TextAnimatorProperties()
        properties.position = try fields.optional("position")
        properties.anchor = try fields.optional("anchor")
        properties.scale = try fields.optional("scale")
        properties.rotation = try fields.optional("rotation")
        properties.opacity = try fields.optional("opacity")
        properties.fillColor = try fields.optional("fillColor")
        properties.strokeColor = try fields.optional("strokeColor")
        properties.strokeWidth = try fields.optional("strokeWidth")
        properties.tracking = try fields.optional("tracking")
        properties.blur = try fields.optional("blur")
        properties.skew = try fields.optional("skew")
        return properties
    }

    /// `"captions": {"file": "talk.srt", ...}`: the file found as an image is, read as UTF-8 and
    /// parsed by its extension; a syntax error is reported at its line of the caption file.
    mutating func decodeCaptions(_ field: Field, layer: String) throws(SceneError) -> TextCaptions? {
        let fields = try field.object(Keys.captions)
        var style = CaptionStyle()
        style.margin = try fields.value("margin")
        style.maxWidth = try fields.optional("maxWidth")
        style.maxLines = try fields.value("maxLines")
        if let box = fields["box"] {
            let box = try box.object(Keys.captionBox)
            style.box = CaptionBox(
                color: try box.value("color"), padding: try box.value("padding"),
                cornerRadius: try box.value("cornerRadius"))
        }
        if let highlight = fields["highlight"] {
            let highlight = try highlight.object(Keys.captionHighlight)
            style.highlight = CaptionHighlight(
                color: try highlight.optional("color"), scale: try highlight.value("scale"),
                box: try highlight.optional("box"), wordTiming: try highlight.value("wordTiming"))
        }
        let fileField = try fields.required("file", "a SubRip (.srt) or WebVTT (.vtt) file")
        let written = try fileField.string()
        let format: CaptionParser.Format
        switch (written as NSString).pathExtension.lowercased() {
        case "srt": format = .subRip
        case "vtt": format = .webVTT
        default:
            throw fileField.error(
                "\(written.quotedForMessage) is not a caption file: expected a SubRip file ending in .srt or a WebVTT "
                    + "file ending in .vtt")
        }
        guard let path = try locate(fileField, layer: layer, what: "caption") else { return nil }
        let bytes = try SceneDecoder.readLimited(path, what: "the caption file")
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw fileField.error("caption file \(path) is not UTF-8 text: save it as UTF-8")
        }
        let cues: [CaptionCue]
        do throws(CaptionSyntaxError) {
            cues = try CaptionParser.parse(text, as: format)
        } catch {
            throw SceneError(
                file: path, position: SourcePosition(line: error.line, column: 1), path: nil, message: error.message)
        }
        var captions = TextCaptions(
            file: path, track: CaptionTrack(cues: cues), style: style,
            origin: SceneError.Origin(file: file, position: fileField.node.position, path: fileField.path))
        if let languageField = fields["language"] {
            let tag = try languageField.string()
            do throws(CaptionLanguageError) {
                captions.language = try CaptionLanguage(tag: tag)
            } catch {
                throw languageField.error(error.message)
            }
        }
        return captions
    }

    /// `textAnimators.<i>.select[.<j>].<name>` or `textAnimators.<i>.properties.<name>` of layer
    /// `target`'s text.
    func textAnimatorKeyPath(_ field: Field, _ text: String, target: Int) throws(SceneError) -> TextAnimatorKeyPath {
        let layer = layerNames[target]
        let layerText = try content(of: target, at: field).text
        let animators = layerText?.animators ?? []
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let form =
            "textAnimators.<index>.select.<field>, textAnimators.<index>.select.<selector index>.<field> or "
            + "textAnimators.<index>.properties.<property>"
        guard parts.count >= 2, let index = Int(parts[1]) else {
            throw field.error("\(text.quotedForMessage) names no text animator: write \(form)")
        }
        guard layerText != nil else {
            throw field.error("\(text) animates a text animator, and layer \"\(layer)\" has no text")
        }
        guard animators.indices.contains(index) else {
            throw field.error(
                "layer \"\(layer)\" has \(animators.count) text animator\(animators.count == 1 ? "" : "s"); "
                    + "textAnimators.\(index) names none (they are numbered from 0)")
        }
        let animator = animators[index]
        var slotField: TextAnimatorField
        switch parts.count > 2 ? parts[2] : "" {
        case "properties" where parts.count == 4:
            slotField = .property(parts[3])
        case "select" where animator.selectIsList:
            guard parts.count == 5, let selector = Int(parts[3]) else {
                throw field.error(
                    "textAnimators.\(index).select is a list: name the selector, as textAnimators.\(index).select.0."
                        + (parts.last ?? "offset"))
            }
            guard animator.selectors.indices.contains(selector) else {
                throw field.error(
                    "textAnimators.\(index) has \(animator.selectors.count) selectors; select.\(selector) names none "
                        + "(they are numbered from 0)")
            }
            slotField = .selector(index: selector, name: parts[4])
        case "select" where parts.count == 4:
            guard !animator.selectors.isEmpty else {
                throw field.error("textAnimators.\(index) has no \"select\": give it one to animate its values")
            }
            slotField = .selector(index: 0, name: parts[3])
        default:
            throw field.error("\(text.quotedForMessage) names no value of a text animator: write \(form)")
        }
        var names: [String]
        switch slotField {
        case .property: names = TextAnimatorProperties.names
        case .selector(let selector, _):
            if case .wiggly = animator.selectors[selector] {
                names = TextAnimatorField.wigglyNames
            } else {
                names = TextAnimatorField.rangeNames
            }
        }
        let name: String
        switch slotField {
        case .property(let n), .selector(_, let n): name = n
        }
        guard names.contains(name), let (kind, range) = TextAnimatorKeyPath.kindAndRange(of: slotField) else {
            let hint =
                NameSuggestion.nearest(to: name, among: names).map { "; did you mean \"\($0)\"?" }
                ?? "; expected one of \(names.map { "\"\($0)\"" }.joined(separator: ", "))"
            throw field.error("\(name.quotedForMessage) is not an animatable value here\(hint)")
        }
        return TextAnimatorKeyPath(
            slot: TextAnimatorSlot(animator: index, field: slotField), written: text, kind: kind, range: range)
    }
}

/// A selector's `type`.
public enum TextSelectorType: String, Sendable, CaseIterable {
    case range, wiggly
}

extension TextSelectorType: KeyValue {}
extension TextUnitBasis: KeyValue {}
extension TextSelectorUnits: KeyValue {}
extension TextSelectorShape: KeyValue {}
extension TextSelectorMode: KeyValue {}
extension CaptionWordTiming: KeyValue {}
