import CAnimatorABI
import TestSupport

@testable import Scene

/// Pipeline documents generated from the key declarations (`Keys`): every object of the format
/// with its required keys and a random choice of the others, each value drawn from its form.
/// An invalid document differs from a valid one in exactly one value (out of its range, of
/// another type, an unknown key), so both the schema and the decoder must refuse it, and the
/// decoder must say where.
///
/// Steps need installed plugins, so the timeline stays empty; what a schema cannot say (unique
/// layer names, one gradient location per colour, a duration of at least one frame, path data
/// that parses) is kept true by construction.
struct GeneratedDocument: CustomStringConvertible {
    let text: String
    /// The JSON path of the one wrong value; nil for a valid document.
    let mutatedPath: String?
    /// The image file the documents name (as an image and as a video), which must exist beside them.
    static let imageName = "image.png"
    /// An empty SubRip file (no cues) for captions.
    static let captionsName = "captions.srt"

    var isValid: Bool { mutatedPath == nil }
    var description: String { (mutatedPath.map { "invalid at \($0): " } ?? "valid: ") + text }

    /// The document made from `seed`; with `invalid`, one of its values is wrong.
    init(seed: UInt64, invalid: Bool) {
        var counting = Builder(seed: seed, target: nil)
        let valid = counting.document()
        guard invalid, counting.candidates > 0 else {
            (text, mutatedPath) = (valid.text, nil)
            return
        }
        var choosing = SeededGenerator(seed: seed ^ 0x9E37_79B9_7F4A_7C15)
        var mutating = Builder(seed: seed, target: Int(choosing.next() % UInt64(counting.candidates)))
        text = mutating.document().text
        mutatedPath = mutating.mutatedPath
    }
}

/// A JSON value that writes itself as text.
indirect enum GeneratedJSON {
    case number(Double)
    case string(String)
    case bool(Bool)
    case array([GeneratedJSON])
    case object([(String, GeneratedJSON)])

    var text: String {
        switch self {
        case .number(let value):
            value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
        case .string(let text): "\"" + text + "\""
        case .bool(let value): String(value)
        case .array(let items): "[" + items.map(\.text).joined(separator: ", ") + "]"
        case .object(let members): "{" + members.map { "\"\($0.0)\": \($0.1.text)" }.joined(separator: ", ") + "}"
        }
    }
}

extension SeededGenerator {
    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &self) < probability }
    mutating func unit() -> Double { Double.random(in: 0..<1, using: &self) }
    mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &self)] }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
}

/// Builds one document; every value it draws is a candidate for the mutation, counted in
/// order, so the same seed builds the same document with candidate `target` made wrong.
private struct Builder {
    var random: SeededGenerator
    let target: Int?
    var candidates = 0
    var mutatedPath: String?
    var layerCount = 0
    /// How many more rects, rounded rects, circles and ellipses the mask being built may have.
    var maskRoom = 0

    init(seed: UInt64, target: Int?) {
        random = SeededGenerator(seed: seed)
        self.target = target
    }

    mutating func document() -> GeneratedJSON {
        var members: [(String, GeneratedJSON)] = []
        for key in Keys.pipeline.keys {
            let path = key.name == "$schema" ? "[\"$schema\"]" : key.name
            switch key.name {
            case "version", "canvas", "layers": members.append((key.name, value(key, at: path)))
            case "direction", "output", "audio", "$schema":
                if random.chance(0.5) { members.append((key.name, value(key, at: path))) }
            default: continue  // the timeline and interactions need plugins
            }
        }
        return .object(members)
    }

    /// `key`'s value at `path`, or a wrong one when this is the chosen candidate.
    mutating func value(_ key: FormatKey, at path: String) -> GeneratedJSON {
        let index = candidates
        candidates += 1
        if index == target, let wrong = wrongValue(key.form, key: key.name) {
            mutatedPath = path
            return wrong
        }
        return validValue(key.form, key: key.name, at: path)
    }

    mutating func object(_ set: KeySet, at path: String) -> GeneratedJSON {
        var members: [(String, GeneratedJSON)] = []
        var keys = set.keys.filter { set.required.contains($0.name) || random.chance(0.6) }
        // Either the duration or hold, never both (the schema says so too).
        if keys.contains(where: { $0.name == "duration" }) { keys.removeAll { $0.name == "hold" } }
        // At most one of image, svg, lottie, video, sequence and shape (the schema says so too),
        // any of them: the first would leave the last few to rare layers.
        let sources = ["image", "svg", "lottie", "video", "sequence", "shape"]
        let given = keys.filter { sources.contains($0.name) }.map(\.name)
        if !given.isEmpty {
            let shown = random.pick(given)
            keys.removeAll { sources.contains($0.name) && $0.name != shown }
        }
        keys.removeAll { if case .described = $0.form { return true } else { return false } }
        keys = shapeKeys(keys, of: set)
        let maskShapeKind = set.place == Keys.maskShape.place ? maskShape(&keys, of: set) : nil
        // A snapshot and a matte name another layer, and "at" and "showMatte" come with them:
        // what a schema cannot say.
        if set.place == Keys.layer.place {
            keys.removeAll { ["snapshot", "at", "matte", "showMatte"].contains($0.name) }
        }
        // A layer's motionBlur is for a layer a step moves, and the timeline stays empty: what a
        // schema cannot say.
        if set.place == Keys.layer.place { keys.removeAll { $0.name == "motionBlur" } }
        // A track's duck names other sounds by their names: what a schema cannot say.
        if set.place == Keys.audioTrack.place { keys.removeAll { $0.name == "duck" } }
        // A selector is a range or a wiggly one, each refusing the other's keys: what a schema
        // cannot say. Generated selectors are range selectors.
        if set.place == Keys.textSelector.place {
            keys.removeAll { $0.name == "type" }
            keys.removeAll { (TextAnimatorField.wigglyNames + ["lockDimensions"]).contains($0.name) }
        }
        // Captions give the string at each time, so no counter comes with them.
        if set.place == Keys.text.place, keys.contains(where: { $0.name == "captions" }) {
            keys.removeAll { $0.name == "counter" }
        }
        // A video's volume comes with "audio": true (the schema says so too).
        let playsSound = set.place == Keys.video.place && keys.contains { $0.name == "volume" }
        if playsSound, !keys.contains(where: { $0.name == "audio" }),
            let audio = set.keys.first(where: {
                $0.name == "audio"
            })
        {
            keys.insert(audio, at: 0)
        }
        for key in keys {
            let keyPath = path + "." + key.name
            var member = value(key, at: keyPath)
            if playsSound, key.name == "audio", mutatedPath != keyPath { member = .bool(true) }
            if let maskShapeKind, key.name == "shape", mutatedPath != keyPath { member = .string(maskShapeKind) }
            members.append((key.name, member))
        }
        // A replicator copies sublayers, which the declarations do not generate (the schema says
        // so too): one sublayer of its own comes with it.
        if set.place == Keys.layer.place, keys.contains(where: { $0.name == "replicator" }) {
            layerCount += 1
            members.append(("sublayers", .array([.object([("name", .string("layer\(layerCount)"))])])))
        }
        return .object(members)
    }

    /// A shape's keys as the decoder takes them together (the schema says so too): `paths`
    /// without `svg`, `path` or style keys; `svg` without `path`; else `path`, and `trim` only
    /// with `paths` or `svg`; a colour or a gradient for the fill and for the stroke; a path object
    /// of one primitive, `cornerRadius` only with `rect`.
    mutating func shapeKeys(_ chosen: [FormatKey], of set: KeySet) -> [FormatKey] {
        var names = Set(chosen.map(\.name))
        if set.place == Keys.shape.place {
            if names.contains("paths") {
                names.subtract(["svg"] + Keys.shapePathKeys.map(\.name))
            } else if names.contains("svg") {
                names.remove("path")
            } else {
                names.insert("path")
                names.remove("trim")
            }
        }
        if [Keys.shape.place, Keys.shapePath.place].contains(set.place) {
            if names.contains("fillColor") { names.remove("fillGradient") }
            if names.contains("strokeColor") { names.remove("strokeGradient") }
        }
        if set.place == Keys.shapePrimitive.place {
            let primitive = random.pick(["rect", "ellipse", "polystar"])
            names.subtract(["rect", "ellipse", "polystar"])
            names.insert(primitive)
            if primitive != "rect" { names.remove("cornerRadius") }
        }
        return set.keys.filter { names.contains($0.name) }
    }

    /// A mask shape's kind, with the keys it takes (the schema says so too): a path shape
    /// `path` alone, the others `rect`, at most four of them in a mask.
    mutating func maskShape(_ keys: inout [FormatKey], of set: KeySet) -> String {
        let kinds = MaskShapeKind.allCases.map(\.rawValue)
        let kind = maskRoom > 0 ? random.pick(kinds) : MaskShapeKind.path.rawValue
        if kind != MaskShapeKind.path.rawValue { maskRoom -= 1 }
        var names = Set(keys.map(\.name))
        if kind == MaskShapeKind.path.rawValue {
            names.subtract(["rect", "cornerRadius"])
            names.insert("path")
        } else {
            names.remove("path")
            names.insert("rect")
        }
        keys = set.keys.filter { names.contains($0.name) }
        return kind
    }

    mutating func validValue(_ form: ValueForm, key: String, at path: String) -> GeneratedJSON {
        switch (key, form) {
        case ("name", _):
            layerCount += 1
            return .string("layer\(layerCount)")
        case ("file", _) where path.hasSuffix("captions.file"): return .string(GeneratedDocument.captionsName)
        // A counter's format needs a digit; string keyframes need one increasing time per value: what
        // a schema cannot say. Generated texts have a plain string.
        case ("format", .string): return .string(random.pick(["0", "#,##0.00", "$0 pts"]))
        case ("string", .either(let forms)): return validValue(forms[0], key: key, at: path)
        case ("image", _), ("svg", _), ("lottie", .string), ("video", .string), ("file", _), ("track", .string):
            return .string(GeneratedDocument.imageName)
        // A track is a file name or an object; either names a file that exists.
        case ("audio", .array(let element, _, _)):
            return .array((0..<random.int(0...2)).map { validValue(element, key: "track", at: "\(path)[\($0)]") })
        case ("dir", _): return .string("out")
        // Effects come from plugins, which generated documents do not load.
        case ("filters", _), ("backdropFilters", _): return .array([])
        // Filter key paths name a filter of the target; generated layers have none.
        case ("animate", .either(let forms)): return validValue(forms[0], key: key, at: path)
        // At least one frame at the slowest rate the generator uses (see `fps`).
        case ("duration", .number(_, aboveLower: true)): return .number(Double(random.int(2...30)) / 2)
        case ("fps", _): return .number(Double(random.int(1...120)))
        case ("shapes", .array(let element, _, _)):
            maskRoom = Int(ANIM_MASK_MAX_SHAPES)
            return .array(
                (0..<random.int(1...6)).map { index in validValue(element, key: "", at: "\(path)[\(index)]") })
        // Path data that parses: what a schema cannot say.
        case ("path", .string):
            return .string(
                random.pick([
                    "M 0 0 L 10 10 Z", "M10,10 h 20 v 20 h -20 z", "M 0 0 C 10 0 20 10 20 20",
                    "m 5 5 l 10 0 l 0 10 z M 30 30 Q 40 20 50 30 T 70 30", "M 0 0 A 10 10 0 0 1 20 0 L 20 20",
                    "M 1e2 .5 S 3 4 5 6",
                ]))
        // A dash pattern draws something: a length above 0 (the schema says so too).
        case ("lineDashPattern", .array(let element, let count, _)):
            let lower = count?.lowerBound ?? 1
            var lengths = (0..<random.int(lower - 1...lower + 1)).map { _ in validValue(element, key: "", at: path) }
            lengths.insert(.number(Double(random.int(1...40))), at: random.int(0...lengths.count))
            return .array(lengths)
        case ("locations", _): return .array([])  // filled in by the gradient below
        // A sound's name is its own: made from its place.
        case ("name", .pattern):
            return .string("sound-" + path.filter { $0.isLetter || $0.isNumber })
        // A captions' language is a BCP 47 tag whose language is an ISO 639 code.
        case ("language", .pattern): return .string(random.pick(["en", "pt-BR", "zh-Hant-TW", "und", "yue"]))
        // OpenType features match a pattern of their own.
        case ("features", _):
            return .array(
                (0..<random.int(0...2)).map { _ in .string(random.pick(["tnum", "-liga", "+kern", "kern=0", "ss01=1"]))
                })
        default: break
        }
        switch form {
        case .number(let range, let aboveLower): return .number(number(in: range, aboveLower: aboveLower))
        case .integer(let range):
            return .number(Double(random.int(Int(range.lowerBound)...Int(min(range.upperBound, 5000)))))
        case .boolean: return .bool(random.chance(0.5))
        case .string: return .string(random.pick(["a", "Hello", "x y", "Ünïcode"]))
        case .pattern: return .string("filters.0.amount")
        case .choice(let choices): return .string(random.pick(choices))
        case .color: return .string(random.pick(["#abc", "#102030", "#10203040", "#FFFFFF"]))
        case .point(let range): return .array([.number(number(in: range)), .number(number(in: range))])
        case .rect(let range):
            let side = max(range?.lowerBound ?? 0, 0)...min(range?.upperBound ?? 1000, 1000)
            return .array([
                .number(number(in: range)), .number(number(in: range)),
                .number(number(in: side)), .number(number(in: side)),
            ])
        case .numberOrPoint(let range):
            return random.chance(0.5)
                ? .number(number(in: range)) : .array([.number(number(in: range)), .number(number(in: range))])
        case .constant(let value): return .number(value)
        case .object(let set):
            let object = self.object(set, at: path)
            let gradients = [Keys.gradient, Keys.shapeFillGradient, Keys.shapeStrokeGradient].map(\.place)
            return gradients.contains(set.place) ? evenLocations(object) : object
        case .array(let element, let count, let unique):
            if unique, case .choice(let choices) = element {
                let chosen = choices.filter { _ in random.chance(0.4) }
                return .array((chosen.isEmpty ? [choices[0]] : chosen).map(GeneratedJSON.string))
            }
            let lower = count?.lowerBound ?? 0
            let items = (0..<random.int(lower...lower + 2)).map { index in
                validValue(element, key: "", at: "\(path)[\(index)]")
            }
            guard unique else { return .array(items) }
            // Items the decoder tells apart as it reads them ("webm" and {"format": "webm"} are one
            // output), kept different by construction.
            var seen = Set<String>()
            var kept: [GeneratedJSON] = []
            for (index, item) in items.enumerated() where seen.insert(Self.identity(of: item)).inserted {
                // A wrong value in an item that moves up is wrong at its new place.
                if let wrong = mutatedPath, index != kept.count,
                    wrong.hasPrefix("\(path)[\(index)].") || wrong == "\(path)[\(index)]"
                {
                    mutatedPath = "\(path)[\(kept.count)]" + wrong.dropFirst("\(path)[\(index)]".count)
                }
                kept.append(item)
            }
            return .array(kept)
        case .either(let forms): return validValue(random.pick(forms), key: key, at: path)
        case .definition, .described: return .string("linear")
        }
    }

    /// What an item of a unique array is to the decoder: an output format's object without its
    /// own scale or frame rate is that format's name.
    static func identity(of item: GeneratedJSON) -> String {
        guard case .object(let members) = item, let format = members.first(where: { $0.0 == "format" })?.1 else {
            return item.text
        }
        let scale = members.first { $0.0 == "scale" }.map(\.1.text) ?? "1"
        let fps = members.first { $0.0 == "fps" }.map(\.1.text)
        return scale == "1" && fps == nil ? format.text : "\(format.text) \(scale) \(fps ?? "-")"
    }

    /// A gradient's locations, when it has them, one per colour and in order.
    mutating func evenLocations(_ gradient: GeneratedJSON) -> GeneratedJSON {
        guard case .object(var members) = gradient,
            let colors = members.first(where: { $0.0 == "colors" }), case .array(let items) = colors.1,
            let index = members.firstIndex(where: { $0.0 == "locations" })
        else { return gradient }
        guard case .array(let given) = members[index].1, given.isEmpty else { return gradient }  // a mutated one stays
        members[index].1 = .array(items.indices.map { .number(Double($0) / Double(max(items.count - 1, 1))) })
        return .object(members)
    }

    mutating func number(in range: ClosedRange<Double>?, aboveLower: Bool = false) -> Double {
        guard let range else { return Double(random.int(-1000...1000)) / 4 }
        switch random.int(0...3) {
        case 0 where !aboveLower: return range.lowerBound
        case 1: return range.upperBound
        default:
            let span = range.upperBound - range.lowerBound
            let value = range.lowerBound + (span * random.unit() * 1000).rounded() / 1000
            return aboveLower && value == range.lowerBound ? range.upperBound : min(value, range.upperBound)
        }
    }

    /// A value the form refuses, or nil when none can be made here.
    mutating func wrongValue(_ form: ValueForm, key: String) -> GeneratedJSON? {
        switch form {
        case .number(let range?, let aboveLower):
            if aboveLower && random.chance(0.5) { return .number(range.lowerBound) }
            return random.chance(0.5) ? .number(range.upperBound + 1) : .string("1")
        case .number(nil, _): return .string("1")
        case .integer(let range):
            return random.chance(0.5) ? .number(range.lowerBound + 0.5) : .number(range.upperBound + 1)
        case .boolean: return .number(1)
        case .string, .pattern: return .number(7)
        case .choice: return .string("no-such-choice")
        case .color: return .string(random.pick(["red", "#12345", "#xyzxyz"]))
        case .point: return .array([.number(1)])
        case .rect: return .array([.number(0), .number(0), .number(-5), .number(10)])
        case .numberOrPoint: return .string("twice")
        case .constant(let value): return .number(value + 1)
        case .object(let set):
            let valid = object(set, at: "")
            guard case .object(let members) = valid else { return nil }
            return .object(members + [("noSuchKey", .number(1))])
        case .array(_, let count?, _) where count.lowerBound > 0: return .array([])
        case .array: return .number(3)
        case .either: return .number(3)
        case .definition, .described: return nil
        }
    }
}
