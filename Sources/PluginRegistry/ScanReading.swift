import CacheFiles
import JSON
import PluginDescriptions

// The scan's own records read by hand, as the registrations they hold are (RegistrationsJSON.swift).

extension ScanResult {
    /// `{"registered": {"_0": …}}` or `{"skipped": {"reason": …}}`, as Codable writes the cases.
    init(reading node: JSONNode) throws(ScanFormatError) {
        let cases = try ScanObject(node)
        if let registered = cases["registered"] {
            self = .registered(try PluginRegistrations(reading: try ScanObject(registered).node("_0")))
        } else if let skipped = cases["skipped"] {
            self = .skipped(reason: try ScanObject(skipped).string("reason"))
        } else {
            throw ScanFormatError()
        }
    }
}

extension PluginScanCache {
    init(reading node: JSONNode) throws(ScanFormatError) {
        let fields = try ScanObject(node)
        self.init()
        host = try fields.string("host")
        folder = try fields.string("folder")
        guard case .object(let entries) = try fields.node("entries").value else { throw ScanFormatError() }
        for entry in entries {
            let entryFields = try ScanObject(entry.value)
            guard let stamp = FileStamp(text: try entryFields.string("stamp")) else { throw ScanFormatError() }
            self.entries[entry.key] = Entry(
                stamp: stamp, shownAs: try entryFields.string("shownAs"),
                result: try ScanResult(reading: try entryFields.node("result")))
        }
    }
}
