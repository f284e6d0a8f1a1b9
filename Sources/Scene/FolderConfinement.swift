import Foundation
import OptionNames

/// Files a pipeline reads must lie in its folder, after symbolic links and `..` are resolved,
/// unless the caller allows otherwise (`allowsOutsideFiles`): a pipeline from elsewhere must
/// not put `../../.ssh/id_rsa`, or a link to it, into its frames. The decoder checks the files it
/// names; the stage that lists a sequence's files checks each of those.
public struct FolderConfinement: Sendable {
    /// The folder, resolved.
    public let folder: String
    /// The option that allows files anywhere, as the caller words it, for messages.
    public let option: String

    public init(folder: String, option: String = OptionName.allowsOutsideFiles.rawValue) {
        self.folder = Self.realPath(folder)
        self.option = option
    }

    /// The message for `path` of layer `layer` (a `what`: "image", "video", "sequence file")
    /// when it resolves outside the folder; nil when it lies inside.
    public func problem(_ path: String, of layer: String, what: String) -> String? {
        problem(path, owner: "layer \"\(layer)\"", what: what)
    }

    /// The same for a file `owner` reads: "layer \"title\"", "audio track 2".
    public func problem(_ path: String, owner: String, what: String) -> String? {
        let resolved = Self.realPath(path)
        guard resolved != folder && !resolved.hasPrefix(folder == "/" ? "/" : folder + "/") else { return nil }
        let anywhere =
            switch what {
            case "image": "images anywhere"
            case "font": "fonts anywhere"
            default: "images, footage and sound anywhere"
            }
        return "\(owner): \(what) \(path) resolves to \(resolved), outside the pipeline file's folder "
            + "\(folder): move the \(what) into that folder, or allow \(anywhere) with \(option)"
    }

    /// The path with symbolic links, `.` and `..` resolved; the path itself when it cannot be.
    private static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
