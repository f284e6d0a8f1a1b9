import CacheFiles
import Foundation
import PluginRegistry

/// What the preview watches, reduced to a value to compare between polls: the pipeline file's
/// and every plugin file's stamp (size, modification time, inode; nil when missing). Polling
/// (rather than inotify) sees editors that save by rename and folders that appear later alike.
struct WatchedFiles: Equatable {
    let pipeline: FileStamp?
    /// Every `*.so` in the plugin folders, by path.
    let plugins: [String: FileStamp]

    init(pipelineFile: String, pluginDirectories: [String]) {
        pipeline = FileStamp(of: pipelineFile)
        var plugins: [String: FileStamp] = [:]
        for directory in pluginDirectories {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            for name in names where name.hasSuffix(".so") {
                let path = directory + "/" + name
                plugins[path] = FileStamp(of: path)
            }
        }
        self.plugins = plugins
    }
}
