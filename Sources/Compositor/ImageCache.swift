import Foundation

/// Decoded images kept across the renders of one process, so the variants of a batch that show
/// the same file decode it once. Each file is decoded by the first render that asks for it;
/// others asking meanwhile wait for that decoding rather than repeat it. Files are taken to stay
/// as they are while the process runs.
public final class ImageCache: @unchecked Sendable {
    private final class Entry: @unchecked Sendable {
        let lock = NSLock()
        var result: Result<RasterImage, ImageLoadError>?
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]

    public init() {}

    /// The pixels of the file at `path`, decoded by `decode` once.
    func image(
        at path: String, decode: (String) throws(ImageLoadError) -> RasterImage
    ) throws(ImageLoadError) -> RasterImage {
        let entry = lock.withLock {
            if let entry = entries[path] { return entry }
            let entry = Entry()
            entries[path] = entry
            return entry
        }
        entry.lock.lock()
        defer { entry.lock.unlock() }
        if entry.result == nil { entry.result = Result { () throws(ImageLoadError) in try decode(path) } }
        return try entry.result!.get()
    }
}
