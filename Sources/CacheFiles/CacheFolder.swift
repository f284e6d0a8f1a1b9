import Foundation

/// Where pipeline keeps what it works out once and reuses (the plugin scan, the encoders of an
/// ffmpeg): `$PIPELINE_CACHE_DIR`, else `$XDG_CACHE_HOME/pipeline`, else `~/.cache/pipeline`.
public enum CacheFolder {
    /// The file `name` in the cache folder; nil when the environment names no folder.
    public static func file(_ name: String, environment: [String: String]) -> String? {
        let nonEmpty = { (key: String) in environment[key].flatMap { $0.isEmpty ? nil : $0 } }
        if let folder = nonEmpty("PIPELINE_CACHE_DIR") { return folder + "/" + name }
        guard let base = nonEmpty("XDG_CACHE_HOME") ?? nonEmpty("HOME").map({ $0 + "/.cache" }) else { return nil }
        return base + "/pipeline/" + name
    }
}

extension CacheFolder {
    /// Runs `body` while holding an exclusive `flock` on `file`'s lock file (`file.lock`, made
    /// when missing), so that processes updating one shared cache file in turn each read what
    /// the one before wrote, instead of the last writer dropping what the others added. When
    /// the lock file cannot be made (a read-only cache folder), `body` runs unlocked: a lost
    /// update only costs a second look-up later.
    public static func exclusively<Result>(_ file: String, _ body: () throws -> Result) rethrows -> Result {
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let descriptor = open(file + ".lock", O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { return try body() }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        return try body()
    }
}
