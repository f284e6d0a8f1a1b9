import Foundation

/// Where the `animator.h` of this pipeline is, so generated projects build against the header of
/// the host that will load them: `<prefix>/include/pipeline` when installed, the checkout's
/// `Sources/CAnimatorABI/include` when run from a build folder.
public enum NewAnimatorHeader {
    /// Written into a project when the header cannot be found, for the user to replace.
    public static let placeholder = "/path/to/pipeline/include"

    public static func folder() -> String? {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return nil
        }
        var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        while folder.path != "/" {
            folder = folder.deletingLastPathComponent()
            for candidate in ["include/pipeline", "Sources/CAnimatorABI/include"] {
                let path = folder.appendingPathComponent(candidate).path
                if FileManager.default.fileExists(atPath: path + "/animator.h") { return path }
            }
        }
        return nil
    }
}
