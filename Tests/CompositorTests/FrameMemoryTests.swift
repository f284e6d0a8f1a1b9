import Compositor
import Foundation
import Testing

/// A frame whose memory cannot be had is an error that names the frame and its size, never a crash.
@Suite struct FrameMemoryTests {
    /// AddressSanitizer's allocator ends the process on a request this large instead of failing
    /// it, unless told otherwise (scripts/sanitize does).
    static let allocationsMayFail =
        ProcessInfo.processInfo.environment["ASAN_OPTIONS"].map { $0.contains("allocator_may_return_null=1") } ?? true

    @Test(.enabled(if: allocationsMayFail, "a sanitized allocator aborts"))
    func aFrameTooLargeForMemoryIsAnError() {
        // 256 TiB: more than a process's address space, so the allocation fails even where the
        // kernel overcommits memory.
        #expect(throws: FrameBuffer.OutOfMemory.self) { try FrameBuffer(width: 1 << 23, height: 1 << 23) }
        do {
            _ = try FrameBuffer(width: 1 << 23, height: 1 << 23)
        } catch {
            #expect(error.description == "not enough memory for a 8388608×8388608 frame: it needs 268435456 MiB")
        }
    }
}
