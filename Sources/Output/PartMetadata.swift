import Foundation

/// What the parts of a render carry in their metadata of what they share with the whole render
/// (its sound mix, its subtitle tracks): under `metadataKey`, a record of it (as `recordKey`) and of
/// the part's own frames, as JSON. `pipeline concat` reads it back to lay the whole's sound and
/// tracks under the joined parts once.
public protocol CarriedByParts: Codable, Equatable {
    /// The metadata key: "pipeline_sound", "pipeline_subtitles".
    static var metadataKey: String { get }
    /// The record's key for the whole: "mix", "subtitles".
    static var recordKey: String { get }
    /// The whole render's frames and rate: a part's frames are some of them.
    var frameCount: Int { get }
    var fps: Double { get }
}

extension CarriedByParts {
    /// The whole and the part's frames, as a part's metadata value: JSON with its keys sorted, so
    /// equal records read alike.
    public func metadata(part frames: Range<Int>) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let record = PartRecord(whole: self, frames: [frames.lowerBound, frames.upperBound])
        return String(decoding: (try? encoder.encode(record)) ?? Data(), as: UTF8.self)
    }

    /// What a part's metadata says: its render's whole and its own frames (at least one, all of
    /// the render's), or nil when it is not such a record.
    public static func part(metadata: String) -> (whole: Self, frames: Range<Int>)? {
        guard let record = try? JSONDecoder().decode(PartRecord<Self>.self, from: Data(metadata.utf8)),
            record.whole.fps > 0, record.frames.count == 2, record.frames[0] >= 0,
            record.frames[0] < record.frames[1], record.frames[1] <= record.whole.frameCount
        else { return nil }
        return (record.whole, record.frames[0]..<record.frames[1])
    }
}

/// The record: the whole under its type's `recordKey`, and the part's frames as `[first, end]`.
private struct PartRecord<Whole: CarriedByParts>: Codable {
    let whole: Whole
    let frames: [Int]

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(whole: Whole, frames: [Int]) { (self.whole, self.frames) = (whole, frames) }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        whole = try container.decode(Whole.self, forKey: Key(stringValue: Whole.recordKey))
        frames = try container.decode([Int].self, forKey: Key(stringValue: "frames"))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(whole, forKey: Key(stringValue: Whole.recordKey))
        try container.encode(frames, forKey: Key(stringValue: "frames"))
    }
}
