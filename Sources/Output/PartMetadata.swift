import Foundation

/// What the parts of a render carry in their metadata of what they share with the whole render
/// (its sound mix, its subtitle tracks): a record of it and of the part's own frames, as JSON.
enum PartMetadata {
    /// `record` as the metadata's value: JSON with its keys sorted, so equal records read alike.
    static func text(of record: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(record)) ?? Data(), as: UTF8.self)
    }

    /// The record `metadata` holds, or nil when it holds no such record.
    static func record<Record: Decodable>(_ type: Record.Type, in metadata: String) -> Record? {
        try? JSONDecoder().decode(type, from: Data(metadata.utf8))
    }

    /// A record's frames, `[first, end]`, when they are frames of a render of `frameCount`, at least one.
    static func frames(_ bounds: [Int], in frameCount: Int) -> Range<Int>? {
        guard bounds.count == 2, bounds[0] >= 0, bounds[0] < bounds[1], bounds[1] <= frameCount else { return nil }
        return bounds[0]..<bounds[1]
    }
}
