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
