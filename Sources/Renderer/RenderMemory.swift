import Compositor
import Scene

/// A render's memory, estimated on the high side before it starts: per rendering thread, two
/// frame buffers, three more per mixer step (its two inputs and its output) and, with motion blur,
/// eight frames' worth (a sample's picture, the float sums and marks, the picture of the layers
/// that move and the places their rows change); shared, the
/// decoded images (and their smaller copies), the footage's frame caches, a frame of static layers
/// and two frames of output conversion. Where address space is what is limited, each thread also
/// reserves its stack and a malloc arena (72 MiB). Checked against `MemoryLimit` by `RenderJob`:
/// too many threads are reduced, a render that cannot fit is refused with the figures.
struct RenderMemory {
    let frameBytes: Int
    let perThread: Int
    let shared: Int

    static let threadReservation = 72 << 20
    /// The process itself: its code, libraries and runtime.
    static let margin = 64 << 20

    init(scene: Scene, images: SceneImages, width: Int, height: Int) {
        frameBytes = width * height * 4
        let mixers = scene.steps.filter { if case .mix = $0.action { true } else { false } }.count
        // Motion blur: a frame for the later samples, 4 floats and 1 mark a pixel for their sums, a
        // frame of the layers that only move and an integer a pixel where their rows change.
        let blurred = (scene.canvas.motionBlur?.mostSamples ?? 1) > 1
        perThread = (2 + 3 * mixers + (blurred ? 8 : 0)) * frameBytes
        shared = images.decodedBytes + 3 * frameBytes + Self.margin
    }

    /// Bytes for a render on `threads` threads under `limit`.
    func bytes(threads: Int, under limit: MemoryLimit) -> Int {
        shared + threads * (perThread + (limit.countsAddressSpace ? Self.threadReservation : 0))
    }

    /// The most threads that fit under `limit` (0 when not even one does).
    func threads(fitting limit: MemoryLimit, atMost wanted: Int) -> Int {
        let each = perThread + (limit.countsAddressSpace ? Self.threadReservation : 0)
        guard limit.bytes > shared, each > 0 else { return 0 }
        return min(wanted, (limit.bytes - shared) / each)
    }

    static func mebibytes(_ bytes: Int) -> String { "\((bytes + (1 << 20) - 1) >> 20) MiB" }
}
