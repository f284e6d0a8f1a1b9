import Foundation
import Testing

@testable import PluginIsolation

/// The memory mixer and effect images travel in, both sides made in this process (the "child"
/// is this process, its descriptor reached through /proc as the host reaches a child's): what
/// one side writes the other reads; only a sealed, nameless memory file of exactly the size
/// asked for is mapped. And how a child's end reads in messages.
@Suite struct SharedMemoryTests {
    @Test func whatOneSideWritesTheOtherReads() throws {
        let size = 3 * 64 * 48 * 4
        let child = try SharedMemory(creating: size)
        #expect(child.descriptor >= 0 && child.size == size)
        let host = try SharedMemory(child: getpid(), descriptor: child.descriptor, size: size)
        #expect(host.descriptor == -1 && host.bytes != child.bytes)
        child.bytes.storeBytes(of: 0xDEAD_BEEF as UInt32, toByteOffset: size - 4, as: UInt32.self)
        #expect(host.bytes.load(fromByteOffset: size - 4, as: UInt32.self) == 0xDEAD_BEEF)
        (host.bytes + 64).initializeMemory(as: UInt8.self, repeating: 7, count: 16)
        #expect(UnsafeRawBufferPointer(start: child.bytes + 64, count: 16).allSatisfy { $0 == 7 })
    }

    @Test func aMemoryFileOfAnotherSizeIsRefused() throws {
        let child = try SharedMemory(creating: 4096)
        for size in [2048, 8192] {
            let error = #expect(throws: ChildFailure.self) {
                try SharedMemory(child: getpid(), descriptor: child.descriptor, size: size)
            }
            #expect(error?.description.contains("/proc/\(getpid())/fd/\(child.descriptor)") == true)
        }
    }

    @Test func anOrdinaryFileIsNeverMapped() throws {
        // A plugin in the child could put a file of the user's at the descriptor the host maps.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("shared-\(UUID().uuidString)").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(count: 4096)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = open(path, O_RDWR)
        #expect(file >= 0)
        defer { close(file) }
        let error = #expect(throws: ChildFailure.self) {
            try SharedMemory(child: getpid(), descriptor: file, size: 4096)
        }
        #expect(
            error?.description
                == "could not run in a child process: could not map the child's shared memory "
                + "/proc/\(getpid())/fd/\(file): Operation not permitted")
        let closed = #expect(throws: ChildFailure.self) {
            try SharedMemory(child: getpid(), descriptor: 100_000, size: 4096)
        }
        #expect(closed?.description.hasSuffix("No such file or directory") == true)
    }

    @Test func noMemoryIsMadeOfNoBytes() {
        #expect(throws: WireError.self) { try SharedMemory(creating: 0) }
    }

    @Test func aChildsEndReadsAsWhatHappened() {
        #expect(ChildFailure.crashed(signal: SIGSEGV).description == "crashed with SIGSEGV")
        #expect(ChildFailure.crashed(signal: 40).description == "crashed with signal 40")
        #expect(ChildFailure.exited(status: 3).description == "exited with status 3")
        #expect(
            ChildFailure.timedOut(.milliseconds(2500)).description
                == "did not return within 2.5 s (the limit is PIPELINE_CALL_TIMEOUT)")
        #expect(ChildFailure.timedOut(.seconds(10)).description.hasPrefix("did not return within 10 s "))
        #expect(ChildFailure.unusable("no such file").description == "could not run in a child process: no such file")
    }
}
