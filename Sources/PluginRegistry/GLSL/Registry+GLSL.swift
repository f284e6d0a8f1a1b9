import CacheFiles
import PluginDescriptions

/// Scanning GLSL transitions: a file is read in this process every time (its mixer is registered
/// here), and compiled only when it is new or changed since the scan cache's verdict.
extension Registry {
    /// What a scan of the transition file finds: its mixer, or why it is skipped (it cannot be
    /// read as a transition, or does not compile). Sets `changed` when `cache` gains a verdict.
    func scanGLSL(
        _ file: (path: String, resolved: String), cache: inout PluginScanCache, changed: inout Bool
    ) -> ScanResult {
        let stamp = FileStamp(of: file.resolved)
        let registrations: PluginRegistrations
        switch GLSLTransition.load(path: file.resolved, shownAs: file.path) {
        case .success(let loaded): registrations = loaded.registrations
        case .failure(let error): return .skipped(reason: error.description)
        }
        guard let stamp, let mixer = registrations.mixers.first else { return .registered(registrations) }
        switch cache.result(for: file.resolved, stamp: stamp, shownAs: file.path) {
        case .skipped(let reason)?: return .skipped(reason: reason)
        case .registered?: return .registered(registrations)
        case nil: break
        }
        let result: ScanResult
        switch GLSLTransition.compileFailure(of: mixer) {
        case nil: result = .registered(registrations)
        case let failure? where failure.isRefusal: result = .skipped(reason: failure.reason(of: file.path))
        // No GL here: nothing is known of the file, and a pipeline using it says why it cannot run.
        case _?: return .registered(registrations)
        }
        cache.entries[file.resolved] = PluginScanCache.Entry(stamp: stamp, shownAs: file.path, result: result)
        changed = true
        return result
    }
}
