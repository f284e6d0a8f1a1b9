import CacheFiles
import Foundation
import PipelineKit
import PluginRegistry

extension Pipeline {
    /// The files a pipeline depends on, as they are now, reduced to a value to compare between
    /// two looks: the pipeline file's and every plugin file's stamp (size, modification time,
    /// inode; nil when missing). Comparing stamps rather than waiting for notifications sees
    /// editors that save by rename and plugin folders that appear later alike.
    public struct WatchedFiles: Equatable, Sendable {
        /// A file's size, modification time and inode: what changes when it is written or replaced.
        public struct Stamp: Equatable, Sendable {
            let stamp: FileStamp

            init?(of path: String) {
                guard let stamp = FileStamp(of: path) else { return nil }
                self.stamp = stamp
            }
        }

        /// The pipeline file's stamp; nil when it is missing.
        public let pipeline: Stamp?
        /// Every `*.so` in the plugin folders, by path.
        public let plugins: [String: Stamp]

        /// The stamps of `pipelineFile` and of the `*.so` files in `pluginDirectories` (those
        /// missing have none).
        public init(pipelineFile: String, pluginDirectories: [String]) {
            pipeline = Stamp(of: pipelineFile)
            var plugins: [String: Stamp] = [:]
            for directory in pluginDirectories {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
                for name in names where name.hasSuffix(".so") {
                    let path = directory + "/" + name
                    plugins[path] = Stamp(of: path)
                }
            }
            self.plugins = plugins
        }

        /// Whether a plugin file was added, removed or changed between `other` and these: a
        /// reload should then find the plugins again (`reloaded(rescanningPlugins:)`).
        public func pluginsDiffer(from other: WatchedFiles) -> Bool { plugins != other.plugins }
    }

    /// Its file and the plugin files in the folders its plugins are searched in, as they are
    /// now (`plugins/` beside the file may appear or go): compare two to tell that it should
    /// be reloaded.
    public func watchedFiles() -> WatchedFiles {
        WatchedFiles(
            pipelineFile: file,
            pluginDirectories: PluginSearchPath.directories(
                explicit: options.pluginFolders, pipelineFile: file, builtin: options.installation.builtinPlugins))
    }
}
