import Foundation

/// What the preview watches, reduced to a value to compare between polls: the pipeline file's
/// and every plugin file's modification time and size. Polling (rather than inotify) sees
/// editors that save by rename and folders that appear later alike.
struct WatchedFiles: Equatable {
    /// A file's modification time (to the nanosecond) and size; nil when it is missing.
    struct Stamp: Equatable {
        let seconds: Int
        let nanoseconds: Int
        let size: Int64

        init?(_ path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            (seconds, nanoseconds, size) = (info.st_mtim.tv_sec, info.st_mtim.tv_nsec, Int64(info.st_size))
        }
    }

    let pipeline: Stamp?
    /// Every `*.so` in the plugin folders, by path.
    let plugins: [String: Stamp]

    init(pipelineFile: String, pluginDirectories: [String]) {
        pipeline = Stamp(pipelineFile)
        var plugins: [String: Stamp] = [:]
        for directory in pluginDirectories {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            for name in names where name.hasSuffix(".so") {
                let path = directory + "/" + name
                plugins[path] = Stamp(path)
            }
        }
        self.plugins = plugins
    }
}
