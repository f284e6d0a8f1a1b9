/// Where pipeline keeps what it works out once and reuses: `$PIPELINE_CACHE_DIR`, else
/// `$XDG_CACHE_HOME/pipeline`, else `~/.cache/pipeline`, the folder of the plugin scan cache too
/// (`PluginScanCache.file`, which this module cannot see).
enum CacheFolder {
    /// The file `name` in the cache folder; nil when the environment names no folder.
    static func file(_ name: String, environment: [String: String]) -> String? {
        let nonEmpty = { (key: String) in environment[key].flatMap { $0.isEmpty ? nil : $0 } }
        if let folder = nonEmpty("PIPELINE_CACHE_DIR") { return folder + "/" + name }
        guard let base = nonEmpty("XDG_CACHE_HOME") ?? nonEmpty("HOME").map({ $0 + "/.cache" }) else { return nil }
        return base + "/pipeline/" + name
    }
}
