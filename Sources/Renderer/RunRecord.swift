import Compositor
import Foundation
import Output
import Scene

/// What a run renders, written into its output folder before the first frame: the content of
/// the pipeline file, its images, font files, footage files (videos and every file of a sequence), sound files
/// and plugins, and the options that change pixels, sound or names.
/// `run --resume` continues only a render whose record is the same, so one folder never mixes
/// frames of two renders.
///
/// A record is a flat table of readable names and values, so a refusal can say what differs.
/// Names starting with `content of` hold a content hash (FNV-1a, 64 bits: it tells versions of
/// a file apart, it does not defend against forgery).
struct RunRecord: Equatable {
    let entries: [String: String]
    /// The size and content hash of each video the recorded render completed, by file name: a
    /// resumed run keeps a video only if it is that very file (a file of that name written by
    /// anything else is made again). Not part of what the render is: `==` leaves it out.
    var finishedVideos: [String: String] = [:]

    init(entries: [String: String], finishedVideos: [String: String] = [:]) {
        self.entries = entries
        self.finishedVideos = finishedVideos
    }

    static func == (a: RunRecord, b: RunRecord) -> Bool { a.entries == b.entries }

    private static let finishedPrefix = "finished video "

    /// "<size> <content hash>" of the file at `path`; nil when it cannot be read.
    static func fingerprint(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { "\($0.count) \(ContentHash.of($0))" }
    }

    init(
        scene: Scene, formats: [OutputFormat], previews: [PreviewOutput] = [], quality: VideoQuality, scale: Double,
        width: Int, height: Int,
        frames: Range<Int>, imageScaling: ImageScaling = .mipmapped, footageFiles: [String] = [],
        soundHashes: [String: String] = [:], captionFiles: [String] = []
    ) {
        var entries = [
            "content of the pipeline file": scene.sources.pipelineHash,
            "frames": "\(frames.lowerBound)-\(frames.upperBound - 1) of \(scene.frameCount)",
            "fps": "\(scene.fps)",
            "scale": "\(scale)",
            // Images drawn small come out a little different either way.
            "image scaling": imageScaling == .exact ? "exact" : "mipmapped",
            "frame size": "\(width)x\(height)",
            "formats": formats.map(\.rawValue).joined(separator: ","),
        ]
        if !previews.isEmpty { entries["previews"] = previews.map(\.spec).joined(separator: ",") }
        if formats.contains(where: \.needsFFmpeg) || !previews.isEmpty { entries["quality"] = "\(quality.value)" }
        if !scene.props.isEmpty { entries["props"] = scene.props.joined(separator: "; ") }
        for image in scene.sources.imageFiles { entries["content of the image \(image)"] = Self.contentHash(image) }
        for font in scene.sources.fontFiles { entries["content of the font \(font)"] = Self.contentHash(font) }
        for file in footageFiles { entries["content of the footage \(file)"] = Self.contentHash(file) }
        for (file, hash) in soundHashes { entries["content of the sound \(file)"] = hash }
        for file in captionFiles { entries["content of the caption file \(file)"] = Self.contentHash(file) }
        for plugin in scene.sources.plugins {
            let hash = Self.contentHash(plugin.path)
            entries["content of the plugin \(plugin.path)"] = "\(plugin.id) \(plugin.version) \(hash)"
        }
        self.entries = entries
    }

    /// `.pipeline-run.json` for a whole render, `.pipeline-run.0030-0059.json` for part of one,
    /// so shards sharing a folder each keep their own; `.pipeline-run.tip-en.json` for videos
    /// named `tip-en` that share their folder with other variants' (`FolderLock`).
    static func fileName(part: Range<Int>?, frameCount: Int, sharedBy name: String? = nil) -> String {
        let base = ".pipeline-run" + (name.map { ".\($0)" } ?? "")
        guard let part else { return "\(base).json" }
        let numbering = FrameNumbering(frameCount: frameCount)
        return "\(base).\(numbering.label(part.lowerBound))-\(numbering.label(part.upperBound - 1)).json"
    }

    /// The record at `path`; nil when there is none. One that cannot be read is an empty record,
    /// which differs from every real one.
    static func read(_ path: String) -> RunRecord? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: String] ?? [:]
        let finished = object.filter { $0.key.hasPrefix(finishedPrefix) }
        return RunRecord(
            entries: object.filter { !$0.key.hasPrefix(finishedPrefix) },
            finishedVideos: Dictionary(
                uniqueKeysWithValues: finished.map { (String($0.key.dropFirst(finishedPrefix.count)), $0.value) }))
    }

    /// Written under a temporary name and renamed, like every other output.
    func write(to path: String) throws(OutputError) {
        // A table of strings always serializes.
        let options: JSONSerialization.WritingOptions = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let all = entries.merging(finishedVideos.map { (Self.finishedPrefix + $0.key, $0.value) }) { $1 }
        let data = (try? JSONSerialization.data(withJSONObject: all, options: options)) ?? Data()
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

    /// The content hash of the file's bytes; "missing" when it cannot be read.
    static func contentHash(_ path: String) -> String {
        FileManager.default.contents(atPath: path).map(ContentHash.of) ?? "missing"
    }
}
