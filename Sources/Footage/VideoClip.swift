import CVideoDecode
import Foundation

/// The frames of a video file, decoded on demand by one libavcodec decoder and shared by every
/// thread through a small cache. A frame ahead of the decoder in the same group of pictures is
/// reached by decoding forward; any other by seeking to the keyframe before it, so a render of
/// the clip's last seconds does not decode its first.
public final class VideoClip: FrameSource, PassageDecoding, @unchecked Sendable {
    /// The file as it was given; errors name it so.
    public let path: String
    public var name: String { path }
    /// The one file the frames come from.
    public var files: [String] { [path] }
    public let info: VideoInfo
    public let presentationTimes: [Double]
    /// Half the precision the file stores times at, at most an eighth of a frame, for times off
    /// the frame-rate grid (a variable frame rate in milliseconds): a frame stored at 67 ms for
    /// 66.67 still shows at 66.67. A nanosecond for times on the grid, which are exact.
    public let timeTolerance: Double
    private let decoder: OpaquePointer
    /// One thread at a time in the decoder.
    private let decoderLock = NSLock()
    private let cache: FrameCache
    private let pool: FramePool
    private let converters = PictureConverters()

    /// Opens the clip and lists its frames by demuxing it once (no decoding). Clips larger than
    /// `maxDimension` pixels on a side, as stored or as displayed, are refused.
    public init(path: String, maxDimension: Int = 16384) throws(FootageError) {
        var info = video_info_t()
        var detail = [CChar](repeating: 0, count: 256)
        var opened: OpaquePointer?
        let status = video_decoder_open(path, UInt32(clamping: maxDimension), &opened, &info, &detail, detail.count)
        guard status == VIDEO_OK, let decoder = opened else {
            throw Self.error(
                status, path: path, info: info, detail: String(nulTerminated: detail), maxDimension: maxDimension)
        }
        self.path = path
        self.decoder = decoder
        self.info = VideoInfo(info)
        presentationTimes = Array(UnsafeBufferPointer(start: video_decoder_times(decoder), count: info.frame_count))
        timeTolerance = Self.tolerance(info: self.info)
        // A render opens the decoder when it first needs a frame: a pipeline of many clips holds
        // no codec (its threads and buffers) for the clips not yet shown.
        video_decoder_release(decoder)
        cache = FrameCache(frameBytes: Int(info.width) * Int(info.height) * 4)
        pool = FramePool(width: Int(info.width), height: Int(info.height))
    }

    /// A second clip of `other`'s file, with a decoder, a cache and a position of its own: its
    /// frame list is copied, not read from the file again. Layers playing one file from
    /// different points at once each have one, so that neither sends the other's decoder back
    /// to a keyframe.
    public init(cloning other: VideoClip) throws(FootageError) {
        var cloned: OpaquePointer?
        let status = other.decoderLock.withLock { video_decoder_clone(other.decoder, &cloned) }
        guard status == VIDEO_OK, let cloned else { throw .outOfMemory(path: other.path) }
        path = other.path
        decoder = cloned
        info = other.info
        presentationTimes = other.presentationTimes
        timeTolerance = other.timeTolerance
        cache = FrameCache(frameBytes: Int(info.width) * Int(info.height) * 4)
        pool = FramePool(width: Int(info.width), height: Int(info.height))
    }

    deinit {
        video_decoder_close(decoder)
    }

    private static func tolerance(info: VideoInfo) -> Double {
        let frame = info.frameCount > 0 ? info.duration / Double(info.frameCount) : 0
        let tolerance = min(info.timeStep / 2, frame / 8)
        return tolerance.isFinite ? max(tolerance, 1e-9) : 1e-9
    }

    public var width: Int { info.width }
    public var height: Int { info.height }
    public var duration: Double { info.duration }

    /// Frames of more than 8 bits per component are reduced to 8-bit sRGB, and an HDR clip's
    /// brightness is not tone-mapped.
    public var conversionNote: String? {
        guard info.isHighBitDepth else { return nil }
        return "\(path) has more than 8 bits per component (\(info.codec)): its frames are converted to 8-bit "
            + "sRGB, and an HDR clip's brightness is not tone-mapped"
    }

    /// How many pictures libavcodec has produced for this clip, including those passed over on
    /// the way to a requested frame: what seeking and the cache save shows here.
    public var decodedFrameCount: Int {
        decoderLock.withLock { Int(video_decoder_decoded_count(decoder)) }
    }

    public func frame(index: Int) throws(FootageError) -> FootageFrame {
        precondition(presentationTimes.indices.contains(index), "frame index \(index) out of range")
        return try cache.frame(index: index, decode: decode)
    }

    var frameCache: FrameCache { cache }

    func passage(to index: Int) -> Int {
        decoderLock.withLock { Int(video_decoder_passage(decoder, index)) }
    }

    func decodePassing(_ index: Int, keep: Bool) throws(FootageError) -> FootageFrame? {
        if keep { return try decode(index) }
        try decode(index, into: nil)
        return nil
    }

    var decodesAlone: Bool { false }

    func setDecodingThreads(_ threads: Int) {
        decoderLock.withLock { video_decoder_set_threads(decoder, Int32(clamping: threads)) }
    }

    func releaseDecoder() {
        decoderLock.withLock { video_decoder_release(decoder) }
        pool.drain()
        converters.drain()
    }

    /// Frame `index`, decoded now and converted to its pixels when a thread first reads them: the
    /// thread decoding stays free to decode the next (see `FootageFrame`). Its memory is had now,
    /// so that running out is reported here; the kernel maps the pages when they are written.
    private func decode(_ index: Int) throws(FootageError) -> FootageFrame {
        guard let pixels = pool.take() else { throw .outOfMemory(path: path) }
        var detail = [CChar](repeating: 0, count: 256)
        var decoded: OpaquePointer?
        let status = decoderLock.withLock { video_decoder_picture(decoder, index, &decoded, &detail, detail.count) }
        guard status == VIDEO_OK, let decoded else {
            pool.giveBack(pixels)
            throw failure(status, index: index, detail: detail)
        }
        return FootageFrame(
            width: width, height: height, stride: width * 4, owning: pixels, pool: pool, isOpaque: !info.hasAlpha,
            pending: VideoPicture(decoded, converters: converters))
    }

    /// Decodes frame `index` without converting it (a frame passed over).
    private func decode(_ index: Int, into pixels: UnsafeMutablePointer<UInt8>?) throws(FootageError) {
        var detail = [CChar](repeating: 0, count: 256)
        let status = decoderLock.withLock {
            video_decoder_frame(decoder, index, pixels, width * 4, &detail, detail.count)
        }
        guard status == VIDEO_OK else { throw failure(status, index: index, detail: detail) }
    }

    private func failure(_ status: video_status_t, index: Int, detail: [CChar]) -> FootageError {
        status == VIDEO_NO_MEMORY
            ? .outOfMemory(path: path)
            : .corrupt(path: path, time: presentationTimes[index], reason: String(nulTerminated: detail))
    }

    private static func error(
        _ status: video_status_t, path: String, info: video_info_t, detail: String, maxDimension: Int
    ) -> FootageError {
        switch status {
        case VIDEO_NOT_FOUND: .notFound(path: path)
        case VIDEO_NOT_REGULAR_FILE: .notRegularFile(path: path, kind: detail)
        case VIDEO_NO_VIDEO_STREAM: .noVideoStream(path: path)
        case VIDEO_UNSUPPORTED_CODEC: .unsupportedCodec(path: path, codec: VideoInfo(info).codec)
        case VIDEO_TOO_LARGE:
            .tooLarge(path: path, width: Int(info.width), height: Int(info.height), limit: maxDimension)
        case VIDEO_UNSUPPORTED_ROTATION: .unsupportedRotation(path: path, degrees: Int(info.rotation))
        case VIDEO_CORRUPT: .corrupt(path: path, time: nil, reason: detail)
        case VIDEO_NO_MEMORY: .outOfMemory(path: path)
        default: .unreadable(path: path, reason: detail)
        }
    }
}

/// A video frame's decoded picture, kept until its pixels are read (`FootageFrame`).
private final class VideoPicture: PendingPicture, @unchecked Sendable {
    private let picture: OpaquePointer
    private let converters: PictureConverters

    init(_ picture: OpaquePointer, converters: PictureConverters) {
        self.picture = picture
        self.converters = converters
    }

    deinit { video_picture_free(picture) }

    func convert(into pixels: UnsafeMutablePointer<UInt8>, stride: Int) -> Bool {
        converting { converter, detail in
            video_picture_convert(picture, converter, pixels, stride, &detail, detail.count)
        }
    }

    func convert(into pixels: UnsafeMutablePointer<UInt8>, stride: Int, width: Int, height: Int) -> Bool {
        converting { converter, detail in
            video_picture_convert_sized(
                picture, converter, Int32(width), Int32(height), pixels, stride, &detail, detail.count)
        }
    }

    private func converting(_ body: (OpaquePointer, inout [CChar]) -> video_status_t) -> Bool {
        guard let converter = converters.take() else { return false }
        defer { converters.giveBack(converter) }
        var detail = [CChar](repeating: 0, count: 256)
        return body(converter, &detail) == VIDEO_OK
    }
}

/// The converters of one clip's pictures, one per thread converting at once, kept for the next
/// picture (a converter's libswscale context is made for the clip's size and format once).
private final class PictureConverters: @unchecked Sendable {
    private let lock = NSLock()
    private var free: [OpaquePointer] = []

    deinit { for converter in free { video_converter_free(converter) } }

    func take() -> OpaquePointer? {
        if let kept = lock.withLock({ free.popLast() }) { return kept }
        return video_converter_create()
    }

    func giveBack(_ converter: OpaquePointer) {
        lock.withLock { free.append(converter) }
    }

    /// Lets go of the converters kept: the clip is not being shown.
    func drain() {
        let kept = lock.withLock {
            defer { free.removeAll() }
            return free
        }
        for converter in kept { video_converter_free(converter) }
    }
}

extension VideoInfo {
    fileprivate init(_ info: video_info_t) {
        self.init(
            width: Int(info.width), height: Int(info.height), codedWidth: Int(info.coded_width),
            codedHeight: Int(info.coded_height), rotation: Int(info.rotation),
            sampleAspectRatio: (Int(info.sample_aspect_num), Int(info.sample_aspect_den)), duration: info.duration,
            timeStep: info.time_step, frameCount: info.frame_count, codec: String(nulTerminatedArray: info.codec),
            hasAlpha: info.has_alpha,
            isHighBitDepth: info.high_bit_depth)
    }
}
