import CImageCodecs
import Foundation

/// Numbered PNG, JPEG or WebP files played at a frame rate: frame i shows from i ÷ fps. The files are
/// found once, their sizes checked from their headers, and each is decoded when first asked for,
/// through the same bounded cache as a video's frames.
public final class ImageSequence: FrameSource, PassageDecoding, @unchecked Sendable {
    /// The pattern, as the pipeline names it.
    public let name: String
    /// The files in playing order, as the pattern named them.
    public let files: [String]
    public let fps: Double
    public let width: Int
    public let height: Int
    public let presentationTimes: [Double]
    private let maxDimension: Int
    private let cache: FrameCache
    private let countLock = NSLock()
    private var decodedCount = 0

    /// The files `pattern` names: a printf-style number (`shots/frame_%04d.png`, `%d`), numbered
    /// from the first that exists with no gap, or a glob (`shots/*.png`) in natural order
    /// (frame2 before frame10). `fps` must be positive (the scene model checks it).
    public init(files pattern: String, fps: Double, maxDimension: Int = 16384) throws(FootageError) {
        precondition(fps > 0, "sequence fps must be positive")
        name = pattern
        files = try Self.list(pattern)
        let size = try Self.commonSize(of: files, maxDimension: maxDimension)
        (self.width, self.height) = size
        self.fps = fps
        self.maxDimension = maxDimension
        presentationTimes = files.indices.map { Double($0) / fps }
        cache = FrameCache(frameBytes: width * height * 4)
    }

    public var duration: Double { Double(files.count) / fps }

    /// floor(T × fps), with a nanosecond's tolerance against rounding, within the sequence.
    public func frameIndex(at clipTime: Double) -> Int {
        let index = (clipTime * fps + 1e-9).rounded(.down)
        return index.isFinite ? Int(min(max(index, 0), Double(files.count - 1))) : 0
    }

    public func frame(index: Int) throws(FootageError) -> FootageFrame {
        precondition(files.indices.contains(index), "frame index \(index) out of range")
        return try cache.frame(index: index, decode: decode)
    }

    var frameCache: FrameCache { cache }

    /// Each file is decoded alone.
    func passage(to index: Int) -> Int { index }

    func decodePassing(_ index: Int, keep: Bool) throws(FootageError) -> FootageFrame? {
        keep ? try decode(index) : nil
    }

    var decodesAlone: Bool { true }

    func setDecodingThreads(_ threads: Int) {}

    func releaseDecoder() {}

    /// How many files have been decoded, read ahead or on demand.
    public var decodedFrameCount: Int { countLock.withLock { decodedCount } }

    private func decode(_ index: Int) throws(FootageError) -> FootageFrame {
        countLock.withLock { decodedCount += 1 }
        var image = decoded_image_t()
        var message = [CChar](repeating: 0, count: 256)
        guard decode_image_file(files[index], UInt32(clamping: maxDimension), &image, &message, message.count) else {
            throw .unreadableImage(path: files[index], reason: String(nulTerminated: message))
        }
        let frame = FootageFrame(
            width: Int(image.width), height: Int(image.height), stride: Int(image.stride), owning: image.pixels)
        guard frame.width == width, frame.height == height else {
            throw .sizeMismatch(
                path: files[index], width: frame.width, height: frame.height, first: files[0], firstWidth: width,
                firstHeight: height)
        }
        return frame
    }

    /// The size every file declares; the first file's unless one differs or is too large.
    private static func commonSize(of files: [String], maxDimension: Int) throws(FootageError) -> (Int, Int) {
        var first: (width: Int, height: Int)?
        for file in files {
            guard let size = try ImageHeader.size(ofFile: file) else {
                throw .unreadableImage(path: file, reason: "not a PNG, JPEG or WebP file")
            }
            guard size.width > 0, size.height > 0 else {
                throw .unreadableImage(path: file, reason: "the header declares a \(size.width)×\(size.height) image")
            }
            guard size.width <= maxDimension, size.height <= maxDimension else {
                throw .tooLarge(path: file, width: size.width, height: size.height, limit: maxDimension)
            }
            if let first, first != size {
                throw .sizeMismatch(
                    path: file, width: size.width, height: size.height, first: files[0], firstWidth: first.width,
                    firstHeight: first.height)
            }
            first = first ?? size
        }
        return (first!.width, first!.height)
    }
}
