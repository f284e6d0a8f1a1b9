import Foundation
import Output
import Scene

/// What a run renders, written into its output folder before the first frame: the content of
/// the pipeline file, its images and plugins, and the options that change pixels or names.
/// `run --resume` continues only a render whose record is the same, so one folder never mixes
/// frames of two renders.
///
/// A record is a flat table of readable names and values, so a refusal can say what differs.
/// Names starting with `content of` hold a content hash (FNV-1a, 64 bits: it tells versions of
/// a file apart, it does not defend against forgery).
struct RunRecord: Equatable {
    let entries: [String: String]

    init(entries: [String: String]) { self.entries = entries }

    init(scene: Scene, formats: [OutputFormat], quality: VideoQuality, scale: Double, width: Int, height: Int, frames: Range<Int>) {
        var entries = [
            "content of the pipeline file": Self.contentHash(scene.file),
            "frames": "\(frames.lowerBound)-\(frames.upperBound - 1) of \(scene.frameCount)",
            "fps": "\(scene.fps)",
            "scale": "\(scale)",
            "frame size": "\(width)x\(height)",
            "formats": formats.map(\.rawValue).joined(separator: ","),
        ]
        if formats.contains(where: \.needsFFmpeg) { entries["quality"] = "\(quality.value)" }
        for image in scene.sources.imageFiles { entries["content of the image \(image)"] = Self.contentHash(image) }
        for plugin in scene.sources.plugins {
            entries["content of the plugin \(plugin.path)"] = "\(plugin.id) \(plugin.version) \(Self.contentHash(plugin.path))"
        }
        self.entries = entries
    }

    /// `.pipeline-run.json` for a whole render, `.pipeline-run.0030-0059.json` for part of one,
    /// so shards sharing a folder each keep their own.
    static func fileName(part: Range<Int>?, frameCount: Int) -> String {
        guard let part else { return ".pipeline-run.json" }
        let numbering = FrameNumbering(frameCount: frameCount)
        return ".pipeline-run.\(numbering.label(part.lowerBound))-\(numbering.label(part.upperBound - 1)).json"
    }

    /// The record at `path`; nil when there is none. One that cannot be read is an empty record,
    /// which differs from every real one.
    static func read(_ path: String) -> RunRecord? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let object = try? JSONSerialization.jsonObject(with: data)
        return RunRecord(entries: object as? [String: String] ?? [:])
    }

    /// Written under a temporary name and renamed, like every other output.
    func write(to path: String) throws(OutputError) {
        // A table of strings always serializes.
        let data = (try? JSONSerialization.data(withJSONObject: entries, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        try writeAtomically(data, to: path)
    }

    /// What differs from `earlier`, one phrase each: "the pipeline file x.json changed",
    /// "formats: png then, png,mp4 now".
    func differences(from earlier: RunRecord) -> [String] {
        if earlier.entries.isEmpty { return ["the earlier run's record cannot be read"] }
        return Set(entries.keys).union(earlier.entries.keys).sorted().compactMap { name in
            let (then, now) = (earlier.entries[name], entries[name])
            guard then != now else { return nil }
            let content = name.hasPrefix("content of ") ? String(name.dropFirst("content of ".count)) : nil
            switch (then, now, content) {
            case (nil, _, let file?): return "\(file) is used now and was not then"
            case (_, nil, let file?): return "\(file) was used then and is not now"
            case (_, _, let file?): return "\(file) changed"
            default: return "\(name): \(then ?? "none") then, \(now ?? "none") now"
            }
        }
    }

    /// FNV-1a over the file's bytes (a pipeline's read from standard input), in hex; "missing"
    /// when it cannot be read.
    static func contentHash(_ path: String) -> String {
        let piped = PipelineInput.standardInputBytes(ifNamed: path).map { Data($0) }
        guard let data = piped ?? FileManager.default.contents(atPath: path) else { return "missing" }
        let hash = data.withUnsafeBytes { bytes in
            bytes.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01b3 }
        }
        return String(hash, radix: 16)
    }
}
