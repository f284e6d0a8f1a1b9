import Foundation
import PluginDescriptions

/// What one plugin file registered during a successful `init`. The scanning child sends it to
/// the host as JSON and the scan cache keeps it; entries read back that way have no functions
/// until the plugin is opened in this process.
struct PluginRegistrations: Encodable {
    let info: PluginInfo
    let animators: [AnimatorEntry]
    let mixers: [MixerEntry]
    let effects: [EffectEntry]
    let curves: [CurveEntry]
    /// Descriptors it offered and the host refused, and misuse of the host.
    let warnings: [String]

    /// Whether `other` registers the same names with the same descriptors: a plugin opened
    /// for a pipeline must be the one that was scanned. Compared as JSON so that descriptor
    /// fields the plugin left unset (NaN among them) compare as the scan recorded them.
    func registersSame(as other: PluginRegistrations) -> Bool {
        let strip = { (plugin: PluginRegistrations) in
            PluginRegistrations(
                info: plugin.info, animators: plugin.animators, mixers: plugin.mixers, effects: plugin.effects,
                curves: plugin.curves, warnings: [])
        }
        return (try? ScanJSON.encode(strip(self))) == (try? ScanJSON.encode(strip(other)))
    }
}

/// The outcome of scanning one plugin file, as the child reports it and the cache keeps it.
enum ScanResult: Encodable {
    case registered(PluginRegistrations)
    /// The file cannot be used: not a plugin, another ABI, a failing `init`, a crash during scan.
    case skipped(reason: String)
}

/// The JSON of scans and of the scan cache. Descriptor fields a type does not use (a string
/// parameter's numeric default) may hold any bits, NaN included, which plain JSON cannot carry.
enum ScanJSON {
    static let nonFinite = (positive: "inf", negative: "-inf", nan: "nan")

    static func encode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: nonFinite.positive, negativeInfinity: nonFinite.negative, nan: nonFinite.nan)
        return try encoder.encode(value)
    }
}
