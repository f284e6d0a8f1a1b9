import Foundation

/// Fresh copies of the plugin folders, one generation per plugin reload.
///
/// Plugins are never unloaded, and `dlopen` hands back the library it already loaded from a
/// path even when the file there has been rebuilt, so a changed plugin can only be loaded
/// again from a new path. Each generation copies every `*.so` of every folder (in order) into
/// its own subfolder of one private temporary folder, removed when the preview stops.
final class PluginCopies {
    private var root: String?
    private var generation = 0

    /// Copies `directories` into a new generation and returns the copies' folders, in order.
    func copy(_ directories: [String]) throws(PreviewError) -> [String] {
        let root = try existingOrNewRoot()
        generation += 1
        var copies: [String] = []
        for (index, directory) in directories.enumerated() {
            let copy = "\(root)/\(generation)/\(index)"
            do {
                try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
                let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
                for name in names where name.hasSuffix(".so") {
                    try FileManager.default.copyItem(atPath: directory + "/" + name, toPath: copy + "/" + name)
                }
            } catch {
                throw PreviewError("cannot copy the plugins of \(directory) to \(copy) to reload them: \(error.localizedDescription)")
            }
            copies.append(copy)
        }
        return copies
    }

    /// Removes every generation. The libraries stay mapped; the files are no longer needed.
    func remove() {
        guard let root else { return }
        try? FileManager.default.removeItem(atPath: root)
        self.root = nil
    }

    /// A folder only this user can write, as the plugin loader requires; made on first use.
    private func existingOrNewRoot() throws(PreviewError) -> String {
        if let root { return root }
        var template = Array((NSTemporaryDirectory() + "/pipeline-preview-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw PreviewError("cannot make a temporary folder for plugin copies in \(NSTemporaryDirectory()): \(String(cString: strerror(errno)))")
        }
        root = String(cString: made)
        return String(cString: made)
    }
}
