import CacheFiles
import PluginDescriptions

/// Scanning: the tables come from what a child process found in each plugin file (or from the
/// scan cache), and a plugin is opened in this process only when a lookup needs it.
extension Registry {
    /// Scans every plugin file in `directories`, in order: new or changed files in a child
    /// process (see `PluginScanner`), the others from the cache. A file that crashed, hung or
    /// exited during its scan is recorded as broken, and stays so until it changes.
    public func scan(directories: [String], with scanner: PluginScanner) {
        scan(files: PluginSearchPath.pluginFiles(in: directories), with: scanner)
        let frei0r = Frei0rPlugin.directories(pluginDirectories: directories)
        state.withLock { $0.frei0r = Frei0rSource(directories: frei0r, scanner: scanner) }
    }

    /// The folders frei0r files are looked for in, as the last `scan` found them.
    public var frei0rDirectories: [String] { state.withLock { $0.frei0r?.directories ?? [] } }

    /// Scans every frei0r file of the frei0r folders the last `scan` found: listings and schemas
    /// show them all, while a pipeline's lookups scan only the files it names.
    public func scanAllFrei0r() {
        guard let source = state.withLock({ $0.frei0r }) else { return }
        scan(files: PluginSearchPath.pluginFiles(in: source.directories), with: source.scanner)
    }

    /// Scans the frei0r file that registers `name`, once, when a lookup of it finds nothing.
    func scanFrei0r(registering name: String) {
        let file = state.withLock { tables -> String? in
            guard let source = tables.frei0r, tables.frei0rLookedUp.insert(name).inserted else { return nil }
            return Frei0rPlugin.file(registering: name, in: source.directories)
        }
        guard let file, let scanner = state.withLock({ $0.frei0r?.scanner }) else { return }
        scan(files: [(file, PluginSearchPath.realPath(file))], with: scanner)
    }

    private func scan(files: [(path: String, resolved: String)], with scanner: PluginScanner) {
        // The cache of each folder the files are in, read when its first file comes (unless an
        // earlier scan read it).
        var caches: [String: PluginScanCache] = [:]
        var changedFolders: Set<String> = []
        // A folder's cache as kept in the tables: caches in another cache folder are others.
        let memo = { (folder: String) in "\(scanner.cacheDirectory ?? "")\u{0}\(folder)" }
        for file in files {
            guard state.withLock({ $0.scannedPaths.insert(file.path).inserted }) else { continue }
            if let problem = PluginSearchPath.refusal(file.resolved) {
                state.withLock { $0.broken.append(BrokenPlugin(path: file.path, reason: problem)) }
                continue
            }
            let folder = Self.folder(of: file.resolved)
            var cache =
                caches.removeValue(forKey: folder) ?? state.withLock({ $0.folderCaches[memo(folder)] })
                ?? PluginScanCache.read(folder: folder, in: scanner.cacheDirectory)
            defer { caches[folder] = cache }
            var changed = false
            defer { if changed { changedFolders.insert(folder) } }
            if file.path.hasSuffix(GLSLTransition.fileExtension) {
                record(scanGLSL(file, cache: &cache, changed: &changed), of: file)
                continue
            }
            guard let stamp = FileStamp(of: file.resolved) else { continue }
            let result =
                cache.result(for: file.resolved, stamp: stamp, shownAs: file.path)
                ?? {
                    let outcome = scanner.scan(file.resolved, shownAs: file.path)
                    guard outcome.isLasting else { return outcome.result }
                    cache.entries[file.resolved] = PluginScanCache.Entry(
                        stamp: stamp, shownAs: file.path, result: outcome.result)
                    changed = true
                    return outcome.result
                }()
            record(result, of: file)
        }
        for folder in changedFolders {
            guard var cache = caches[folder] else { continue }
            cache.forgetMissingFiles()
            cache.write(in: scanner.cacheDirectory)
            caches[folder] = cache
        }
        state.withLock { tables in
            for (folder, cache) in caches { tables.folderCaches[memo(folder)] = cache }
        }
    }

    /// The folder part of a resolved path.
    private static func folder(of resolved: String) -> String {
        guard let slash = resolved.lastIndex(of: "/") else { return "." }
        return slash == resolved.startIndex ? "/" : String(resolved[..<slash])
    }

    /// Adds what a file's scan found to the tables, or the file to the broken ones.
    private func record(_ result: ScanResult, of file: (path: String, resolved: String)) {
        state.withLock { tables in
            switch result {
            case .skipped(let reason): tables.broken.append(BrokenPlugin(path: file.path, reason: reason))
            case .registered(let scanned):
                if tables.add(scanned) { tables.unopened[file.path] = (file.resolved, scanned) }
            }
        }
    }

    /// Opens a file in this process, refusing it if another user could have replaced it (the
    /// loader refuses one that is not a regular file).
    static func open(_ resolved: String, shownAs path: String) -> Result<LoadedPlugin, LoadError> {
        if let problem = PluginSearchPath.permissionProblem(resolved) { return .failure(LoadError(problem)) }
        return PluginLoader.load(path: resolved, shownAs: path)
    }

    /// Opens a scanned plugin for a lookup, once: it must register what its scan found. Returns
    /// why it cannot be used, or nil when its entries now have their functions.
    static func openScanned(_ path: String, in tables: inout RegistryTables) -> PluginOpenFailure? {
        if let failure = tables.openFailures[path] { return failure }
        guard let (resolved, scanned) = tables.unopened.removeValue(forKey: path) else { return nil }
        let reason: String
        switch open(resolved, shownAs: path) {
        case .failure(let error):
            reason = error.description
        case .success(let loaded):
            if let deinitialize = loaded.deinitialize { tables.deinits.append(deinitialize) }
            guard loaded.registrations.registersSame(as: scanned) else {
                reason = "it registers something other than what its scan found (run `pipeline plugins --rescan`)"
                break
            }
            tables.replaceScanned(with: loaded.registrations)
            return nil
        }
        let failure = PluginOpenFailure(path: path, reason: reason)
        tables.openFailures[path] = failure
        return failure
    }
}
