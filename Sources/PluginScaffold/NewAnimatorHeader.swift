import Foundation

/// Where the `animator.h` of this pipeline is, so generated projects build against the header of
/// the host that will load them: `<prefix>/include/uipipeline` when installed, the checkout's
/// `Sources/CAnimatorABI/include` when run from a build folder (where the Rust bindings are too).
public enum NewAnimatorHeader {
    /// Written into a project when the header cannot be found, for the user to replace.
    public static let placeholder = "/path/to/pipeline/include"

    public static func folder() -> String? {
        besideExecutable(["include/uipipeline", "Sources/CAnimatorABI/include"], holding: "animator.h")
    }

    /// The checkout's Rust bindings (`bindings/rust`), for Rust projects; nil for an installed
    /// pipeline, which does not install them.
    public static func rustBindings() -> String? {
        besideExecutable(["bindings/rust"], holding: "Cargo.toml")
    }

    /// The first `candidate` folder holding `file`, in the folders above the running executable.
    private static func besideExecutable(_ candidates: [String], holding file: String) -> String? {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return nil
        }
        var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        while folder.path != "/" {
            folder = folder.deletingLastPathComponent()
            for candidate in candidates {
                let path = folder.appendingPathComponent(candidate).path
                if FileManager.default.fileExists(atPath: path + "/" + file) { return path }
            }
        }
        return nil
    }
}
