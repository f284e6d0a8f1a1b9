import CAnimatorABI
import Foundation

/// A plugin opened in this process: what it registered, with its functions, and its `deinit`.
struct LoadedPlugin {
    let registrations: PluginRegistrations
    let deinitialize: (@convention(c) () -> Void)?
}

/// Why a plugin file could not be used.
struct LoadError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Opens one plugin file, checks its entry and versions, and runs its `init` against a host
/// that collects the registrations. Nothing is added to the registry unless `init` succeeds.
enum PluginLoader {
    /// Opens `resolved` (symlinks resolved, so the checked file is the opened one) and names
    /// the plugin by `path`, as the user's folder shows it.
    static func load(path resolved: String, shownAs path: String) -> Result<LoadedPlugin, LoadError> {
        guard let handle = dlopen(resolved, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown dlopen error"
            return .failure(LoadError("not a loadable shared library: \(reason)"))
        }
        guard let symbol = dlsym(handle, ANIM_ENTRY_SYMBOL) else {
            return .failure(missingEntryError(handle))
        }
        let entry = symbol.assumingMemoryBound(to: anim_entry_t.self)
        if let problem = versionProblem(entry) { return .failure(LoadError(problem)) }
        return initialize(entry: entry, path: path)
    }

    /// A library built for another major exports `anim_entry_vN` instead; say which.
    private static func missingEntryError(_ handle: UnsafeMutableRawPointer) -> LoadError {
        for major in 2...9 where dlsym(handle, "anim_entry_v\(major)") != nil {
            return LoadError(
                "built for animator ABI \(major) (exports anim_entry_v\(major)); this host speaks ABI \(ANIM_ABI_MAJOR): rebuild it against this host's animator.h"
            )
        }
        return LoadError(
            "no \(ANIM_ENTRY_SYMBOL) symbol: not a pipeline plugin (export `ANIM_EXPORT const anim_entry_t ANIM_ENTRY`)"
        )
    }

    private static func versionProblem(_ entry: UnsafePointer<anim_entry_t>) -> String? {
        // The two version fields come first so they can be read before anything else.
        let major = entry.pointee.abi_major
        let minor = entry.pointee.abi_minor
        if major != ANIM_ABI_MAJOR {
            return
                "built for animator ABI \(major).\(minor); this host speaks ABI \(ANIM_ABI_MAJOR).\(ANIM_ABI_MINOR): rebuild it against this host's animator.h"
        }
        if minor > ANIM_ABI_MINOR {
            return
                "built for animator ABI \(major).\(minor), newer than this host's \(ANIM_ABI_MAJOR).\(ANIM_ABI_MINOR): update pipeline"
        }
        if entry.pointee.struct_size < UInt32(MemoryLayout<anim_entry_t>.size) {
            return
                "entry struct_size \(entry.pointee.struct_size) is smaller than ABI 1's \(MemoryLayout<anim_entry_t>.size)"
        }
        if entry.pointee.`init` == nil { return "the entry has no init function" }
        return nil
    }

    private static func initialize(entry: UnsafePointer<anim_entry_t>, path: String) -> Result<LoadedPlugin, LoadError>
    {
        let info = PluginInfo(
            path: path,
            id: entry.pointee.plugin_id.map { String(cString: $0) } ?? "",
            version: entry.pointee.plugin_version.map { String(cString: $0) } ?? "",
            description: entry.pointee.description.map { String(cString: $0) } ?? "")
        let context = RegistrationContext(plugin: info)
        let host = PluginHost.make(for: context)
        let succeeded = entry.pointee.`init`!(host)
        context.closeRegistration(succeeded: succeeded)
        guard succeeded else {
            let detail =
                context.lastError.map { ": \($0)" } ?? context.lastRefusal.map { " after \($0)" }
                ?? " (it logged no reason)"
            return .failure(LoadError("init returned false\(detail)"))
        }
        let registrations = PluginRegistrations(
            info: info, animators: context.animators, mixers: context.mixers, curves: context.curves,
            warnings: context.warnings)
        return .success(LoadedPlugin(registrations: registrations, deinitialize: entry.pointee.`deinit`))
    }
}
