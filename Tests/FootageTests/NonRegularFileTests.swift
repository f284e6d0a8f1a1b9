import Foundation
import TestSupport
import Testing

@testable import Footage

/// A clip, a sound or a sequence frame that is a FIFO is refused, saying what it is, without
/// waiting for a writer: the readers check before libav or the image header reader opens it.
@Suite("Files that are not regular files")
struct FootageNonRegularFileTests {
    @Test("a FIFO named as a clip", .enabled(if: TestClips.available, TestClips.missing))
    func clip() throws {
        let trap = try FIFOTrap(named: "clip.mp4")
        let path = trap.path
        let error = trap.call { () -> FootageError? in
            do throws(FootageError) {
                _ = try VideoClip(path: path)
                return nil
            } catch { return error }
        }
        #expect(error == .notRegularFile(path: path, kind: "a FIFO"))
        #expect(error??.description == "\(path) is a FIFO, not a regular file")
    }

    @Test("a FIFO named as a sound file", .enabled(if: TestClips.available, TestClips.missing))
    func sound() throws {
        let trap = try FIFOTrap(named: "music.wav")
        let path = trap.path
        let error = trap.call { () -> FootageError? in
            do throws(FootageError) {
                _ = try AudioFile.probe(path: path)
                return nil
            } catch { return error }
        }
        #expect(error == .notRegularFile(path: path, kind: "a FIFO"))
    }

    @Test("a FIFO among a sequence's files")
    func sequenceFrame() throws {
        let trap = try FIFOTrap(named: "f_001.png")
        let pattern = trap.folder.appendingPathComponent("f_%03d.png").path
        let path = trap.path
        let error = trap.call { () -> FootageError? in
            do throws(FootageError) {
                _ = try ImageSequence(files: pattern, fps: 10)
                return nil
            } catch { return error }
        }
        #expect(error == .notRegularFile(path: path, kind: "a FIFO"))
    }
}
