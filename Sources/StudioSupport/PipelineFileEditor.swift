import Foundation
import JSON
import PipelineKit
import Scene

/// Changes to a pipeline file as the studio makes them (and scripts may): a JSON Patch (RFC
/// 6902) applied to the file's text, so every byte it does not change stays as it was; the
/// result checked as `pipeline validate` checks a file before anything is written; then written
/// whole or not at all (a new file renamed over the old one). A file changed on disk since its
/// version was read is refused, not overwritten.
public enum PipelineFileEditor {
    /// The largest patch taken, in bytes.
    public static let maximumPatchBytes = 1 << 20

    /// A file's version: a hash of its bytes (FNV-1a), which tells a changed file from the one a
    /// page loaded. It is no defence against a file made to collide, and need not be.
    public static func version(of bytes: [UInt8]) -> String { ContentHash.of(bytes) }

    /// Why an edit was refused; nothing was written.
    public struct Refusal: Error, Sendable, CustomStringConvertible {
        public enum Kind: Sendable {
            /// The patch is not a JSON Patch, is too large, or names what is not there.
            case badPatch
            /// The file the patch gives fails the checks `validate` makes (`problems` says where).
            case invalid
            /// The file changed on disk since the version the edit expected.
            case conflict
            /// The patch changes nothing.
            case unchanged
            /// The file cannot be read or written.
            case unwritable
        }

        public let kind: Kind
        public let message: String
        /// For `.invalid`: every problem, with its place in the patched file.
        public let problems: [PipelineError.Problem]

        public var description: String {
            ([message] + problems.map(\.description)).joined(separator: "\n")
        }

        init(_ kind: Kind, _ message: String, problems: [PipelineError.Problem] = []) {
            (self.kind, self.message, self.problems) = (kind, message, problems)
        }
    }

    /// Applies `patch` to the pipeline in `file`, whose version must still be `expectedVersion`
    /// (nil: whatever it is), checks the result with the plugins `options` find, and writes it.
    /// Returns the new version.
    public static func apply(
        _ patch: [UInt8], to file: String, expectedVersion: String?, options: Pipeline.OpenOptions = .init()
    ) throws(Refusal) -> String {
        guard patch.count <= maximumPatchBytes else {
            throw Refusal(.badPatch, "a patch of \(patch.count) bytes is over the limit of \(maximumPatchBytes)")
        }
        let current = try read(file)
        if let expectedVersion, expectedVersion != version(of: current) {
            throw Refusal(.conflict, "\(file) changed on disk since version \(expectedVersion): reload it")
        }
        let edited = try JSONTextPatch.apply(patch, to: current) {
            Refusal(.badPatch, "the patch cannot be applied to \(file): \($0)")
        }
        guard edited != current else { throw Refusal(.unchanged, "the patch changes nothing in \(file)") }
        var checking = options
        checking.headersOnly = true
        checking.pluginWarning = nil
        do throws(PipelineError) {
            try Pipeline.open(bytes: edited, name: file, options: checking).close()
        } catch {
            throw Refusal(.invalid, "the edited \(file) would not be a valid pipeline:", problems: error.problems)
        }
        try write(edited, over: file, expecting: current)
        return version(of: edited)
    }

    private static func read(_ file: String) throws(Refusal) -> [UInt8] {
        do throws(SceneError) {
            return try SceneDecoder.readLimited(file, what: "the pipeline file")
        } catch {
            throw Refusal(.unwritable, error.description)
        }
    }

    /// Writes `bytes` into a new file beside `file` (its permissions), then renames it over
    /// `file`, unless `file` no longer holds `expected`.
    private static func write(_ bytes: [UInt8], over file: String, expecting expected: [UInt8]) throws(Refusal) {
        let url = URL(fileURLWithPath: file)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).edit-\(UUID().uuidString.prefix(8))").path
        var status = stat()
        let mode = stat(file, &status) == 0 ? status.st_mode & 0o7777 : 0o644
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else {
            throw Refusal(.unwritable, "cannot write beside \(file): \(String(cString: strerror(errno)))")
        }
        let written = bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return fsync(descriptor) == 0
        }
        close(descriptor)
        guard written else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Refusal(.unwritable, "cannot write beside \(file): \(reason)")
        }
        guard (try? read(file)) == expected else {
            unlink(temporary)
            throw Refusal(.conflict, "\(file) changed on disk while the edit was checked: reload it")
        }
        guard rename(temporary, file) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Refusal(.unwritable, "cannot replace \(file): \(reason)")
        }
    }
}
