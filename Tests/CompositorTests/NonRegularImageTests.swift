import Compositor
import Foundation
import TestSupport
import Testing

/// The image decoder opens only regular files: a FIFO or a folder named as an image is refused,
/// saying what it is, and a FIFO without waiting for a writer.
@Suite struct NonRegularImageTests {
    @Test func aFIFOIsRefusedUnread() throws {
        let trap = try FIFOTrap(named: "poster.png")
        let path = trap.path
        let messages = trap.call { () -> [String?] in
            let load = Result { () throws(ImageLoadError) in try RasterImage.load(contentsOf: path) }
            let size = Result { () throws(ImageLoadError) in try RasterImage.size(ofFileAt: path) }
            return [load.failure?.description, size.failure?.description]
        }
        #expect(messages == ["it is a FIFO, not a regular file", "it is a FIFO, not a regular file"])
    }

    @Test func aFolderIsRefusedSayingSo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("image-\(UUID().uuidString).png")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let failure = Result { () throws(ImageLoadError) in try RasterImage.load(contentsOf: folder.path) }.failure
        #expect(failure?.description == "it is a directory, not a regular file")
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
