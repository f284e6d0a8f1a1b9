import Foundation
import JSON

// What plugins registered, as JSON: what a scan child reports, the scan cache keeps and the scene
// fuzzer reads. Read by hand, on the JSON module's parser: Codable's decoder resolves generic types
// and protocol conformances at run time on first use, which cost a warm `pipeline plugins` about a
// fifth of its time.

/// What one plugin file registered during a successful `init`. The scanning child sends it to
/// the host as JSON and the scan cache keeps it; entries read back that way have no functions
/// until the plugin is opened in this process.
package struct PluginRegistrations: Encodable {
    package let info: PluginInfo
    package let animators: [AnimatorEntry]
    package let mixers: [MixerEntry]
    package let effects: [EffectEntry]
    package let curves: [CurveEntry]
    /// Descriptors it offered and the host refused, and misuse of the host.
    package let warnings: [String]

    package init(
        info: PluginInfo, animators: [AnimatorEntry], mixers: [MixerEntry], effects: [EffectEntry],
        curves: [CurveEntry], warnings: [String]
    ) {
        (self.info, self.animators, self.mixers, self.effects, self.curves) = (info, animators, mixers, effects, curves)
        self.warnings = warnings
    }

    /// Whether `other` registers the same names with the same descriptors: a plugin opened
    /// for a pipeline must be the one that was scanned. Compared as JSON so that descriptor
    /// fields the plugin left unset (NaN among them) compare as the scan recorded them.
    package func registersSame(as other: PluginRegistrations) -> Bool {
        let strip = { (plugin: PluginRegistrations) in
            PluginRegistrations(
                info: plugin.info, animators: plugin.animators, mixers: plugin.mixers, effects: plugin.effects,
                curves: plugin.curves, warnings: [])
        }
        return (try? ScanJSON.encode(strip(self))) == (try? ScanJSON.encode(strip(other)))
    }
}

/// The JSON of scans and of the scan cache. Descriptor fields a type does not use (a string
/// parameter's numeric default) may hold any bits, NaN included, which plain JSON cannot carry.
package enum ScanJSON {
    package static let nonFinite = (positive: "inf", negative: "-inf", nan: "nan")

    package static func encode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: nonFinite.positive, negativeInfinity: nonFinite.negative, nan: nonFinite.nan)
        return try encoder.encode(value)
    }
}

/// JSON that is not what ScanJSON writes: the report or cache is treated as missing.
package struct ScanFormatError: Error {
    package init() {}
}

/// An object's members by key. What ScanJSON writes has a dozen members at most, so a key is
/// found by comparing it with each (hashing every key of every object cost more).
package struct ScanObject {
    private let members: [JSONMember]

    package init(_ node: JSONNode) throws(ScanFormatError) {
        guard case .object(let list) = node.value else { throw ScanFormatError() }
        members = list
    }

    package subscript(_ key: String) -> JSONNode? { members.first { $0.key == key }?.value }

    package func node(_ key: String) throws(ScanFormatError) -> JSONNode {
        guard let node = self[key] else { throw ScanFormatError() }
        return node
    }

    package func object(_ key: String) throws(ScanFormatError) -> ScanObject { try ScanObject(node(key)) }
    package func string(_ key: String) throws(ScanFormatError) -> String { try node(key).scanString() }
    package func bool(_ key: String) throws(ScanFormatError) -> Bool { try node(key).scanBool() }
    package func double(_ key: String) throws(ScanFormatError) -> Double { try node(key).scanDouble() }
    package func array(_ key: String) throws(ScanFormatError) -> [JSONNode] { try node(key).scanArray() }
    package func strings(_ key: String) throws(ScanFormatError) -> [String] {
        var strings: [String] = []
        for node in try array(key) { strings.append(try node.scanString()) }
        return strings
    }
    package func doubles(_ key: String) throws(ScanFormatError) -> [Double] {
        var doubles: [Double] = []
        for node in try array(key) { doubles.append(try node.scanDouble()) }
        return doubles
    }
}

extension JSONNode {
    package func scanString() throws(ScanFormatError) -> String {
        guard case .string(let string) = value else { throw ScanFormatError() }
        return string
    }

    package func scanBool() throws(ScanFormatError) -> Bool {
        guard case .bool(let bool) = value else { throw ScanFormatError() }
        return bool
    }

    /// A number, or one of the strings ScanJSON writes for values JSON has no number for.
    package func scanDouble() throws(ScanFormatError) -> Double {
        switch value {
        case .number(let number, _): return number
        case .string(ScanJSON.nonFinite.positive): return .infinity
        case .string(ScanJSON.nonFinite.negative): return -.infinity
        case .string(ScanJSON.nonFinite.nan): return .nan
        default: throw ScanFormatError()
        }
    }

    package func scanArray() throws(ScanFormatError) -> [JSONNode] {
        guard case .array(let nodes) = value else { throw ScanFormatError() }
        return nodes
    }
}

extension ScanJSON {
    /// Parses `bytes` and reads the value with `read`.
    package static func read<Value>(_ bytes: [UInt8], _ read: (JSONNode) throws(ScanFormatError) -> Value)
        throws(ScanFormatError) -> Value
    {
        guard let node = try? JSONParser.parse(bytes) else { throw ScanFormatError() }
        return try read(node)
    }
}

extension PluginRegistrations {
    package init(reading node: JSONNode) throws(ScanFormatError) {
        let fields = try ScanObject(node)
        var animators: [AnimatorEntry] = []
        var mixers: [MixerEntry] = []
        var effects: [EffectEntry] = []
        var curves: [CurveEntry] = []
        for entry in try fields.array("animators") { animators.append(try AnimatorEntry(reading: entry)) }
        for entry in try fields.array("mixers") { mixers.append(try MixerEntry(reading: entry)) }
        for entry in try fields.array("effects") { effects.append(try EffectEntry(reading: entry)) }
        for entry in try fields.array("curves") { curves.append(try CurveEntry(reading: entry)) }
        self.init(
            info: try PluginInfo(reading: try fields.node("info")), animators: animators, mixers: mixers,
            effects: effects, curves: curves, warnings: try fields.strings("warnings"))
    }
}

extension PluginInfo {
    package init(reading node: JSONNode) throws(ScanFormatError) {
        let fields = try ScanObject(node)
        self.init(
            path: try fields.string("path"), id: try fields.string("id"), version: try fields.string("version"),
            description: try fields.string("description"),
            about: try fields["about"].map { (node) throws(ScanFormatError) in try PluginAbout(reading: node) },
            // A cache written before origins were recorded has none: it is read as unreadable, and rescanned.
            origin: try PluginOrigin(rawValue: try fields.string("origin")).orThrow(ScanFormatError()))
    }
}

extension PluginAbout {
    package init(reading node: JSONNode) throws(ScanFormatError) {
        let fields = try ScanObject(node)
        // Codable leaves a nil optional out.
        let text = { (key: String) throws(ScanFormatError) -> String? in
            try fields[key].map { (node) throws(ScanFormatError) in try node.scanString() }
        }
        self.init(author: try text("author"), homepage: try text("homepage"), license: try text("license"))
    }
}

extension ProcessorEntry {
    package init(reading node: JSONNode) throws(ScanFormatError) {
        let fields = try ScanObject(node)
        var parameters: [ParameterDescriptor] = []
        for parameter in try fields.array("parameters") {
            parameters.append(try ParameterDescriptor(reading: parameter))
        }
        self.init(
            name: try fields.string("name"), version: try fields.string("version"), doc: try fields.string("doc"),
            parameters: parameters, isSerial: try fields.bool("isSerial"),
            takesNativePixels: try fields.bool("takesNativePixels"),
            needsWholeImage: try fields.bool("needsWholeImage"), usesTime: try fields.bool("usesTime"),
            transparentEdges: try fields.bool("transparentEdges"), bringsIn: try fields.bool("bringsIn"),
            keepsOpaque: try fields.bool("keepsOpaque"),
            plugin: try PluginInfo(reading: try fields.node("plugin")))
    }
}

extension ParameterDescriptor {
    package init(reading node: JSONNode) throws(ScanFormatError) {
        let fields = try ScanObject(node)
        let code = try fields.double("type")
        guard let rawType = UInt32(exactly: code), let type = ParameterType(rawValue: rawType) else {
            throw ScanFormatError()
        }
        // Codable leaves a nil optional out.
        let defaultString = try fields["defaultString"].map { (node) throws(ScanFormatError) in try node.scanString() }
        self.init(
            id: try fields.string("id"), type: type, isRequired: try fields.bool("isRequired"),
            acceptsLayer: try fields.bool("acceptsLayer"), doc: try fields.string("doc"),
            unit: try fields.string("unit"),
            min: try fields.double("min"), max: try fields.double("max"), defaults: try fields.doubles("defaults"),
            defaultString: defaultString, choices: try fields.strings("choices"), isFrei0r: try fields.bool("isFrei0r"))
    }
}

extension CurveEntry {
    package init(reading node: JSONNode) throws(ScanFormatError) {
        let fields = try ScanObject(node)
        guard let signature = try? ForeignCurveSignature(parsing: try fields.string("signature")) else {
            throw ScanFormatError()
        }
        self.init(
            name: try fields.string("name"), doc: try fields.string("doc"),
            argumentNames: try fields.strings("argumentNames"),
            argumentDefaults: fields["argumentDefaults"] == nil ? nil : try fields.doubles("argumentDefaults"),
            plugin: try PluginInfo(reading: try fields.node("plugin")), signature: signature)
    }
}

extension Optional {
    package func orThrow<E: Error>(_ error: E) throws(E) -> Wrapped {
        guard let self else { throw error }
        return self
    }
}
