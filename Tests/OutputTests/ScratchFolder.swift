import Foundation

/// A fresh empty folder for one test, removed with everything in it when the test's suite
/// instance goes away.
final class ScratchFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("output-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// A new empty folder inside this one.
    func subfolder(_ name: String) throws -> String {
        let sub = "\(path)/\(name)"
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: false)
        return sub
    }
}
