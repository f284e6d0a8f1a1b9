import CAnimatorABI
import CFrei0rAdapter
import Foundation
import PluginDescriptions

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
        // `dlopen` of a FIFO waits for a writer; the folder's permissions keep the file from
        // being swapped for one after this check.
        if let kind = PluginSearchPath.irregularKind(resolved) {
            return .failure(LoadError("it is \(kind), not a regular file"))
        }
        if path.hasSuffix(GLSLTransition.fileExtension) { return GLSLTransition.load(path: resolved, shownAs: path) }
        guard let handle = dlopen(resolved, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown dlopen error"
            return .failure(LoadError("not a loadable shared library: \(reason)"))
        }
        guard let symbol = dlsym(handle, ANIM_ENTRY_SYMBOL) else {
            if dlsym(handle, "f0r_init") != nil { return initializeFrei0r(handle, path: path) }
            return .failure(missingEntryError(handle))
        }
        switch readEntry(UnsafeRawPointer(symbol)) {
        case .failure(let error): return .failure(error)
        case .success(let entry): return initialize(entry: entry, path: path)
        }
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

    /// Reads the entry by the header's growth rule: the version first, then only the bytes its
    /// `struct_size` covers. Any minor of this host's major is accepted: a newer one's larger
    /// entry is read as far as this host knows it.
    private static func readEntry(_ entry: UnsafeRawPointer) -> Result<anim_entry_t, LoadError> {
        // The version fields come first so they can be read before anything else.
        let layout = MemoryLayout<anim_entry_t>.self
        let major = entry.loadUnaligned(fromByteOffset: layout.offset(of: \.abi_major)!, as: UInt32.self)
        let minor = entry.loadUnaligned(fromByteOffset: layout.offset(of: \.abi_minor)!, as: UInt32.self)
        if major != ANIM_ABI_MAJOR {
            return .failure(
                LoadError(
                    "built for animator ABI \(major).\(minor); this host speaks ABI \(ANIM_ABI_MAJOR).\(ANIM_ABI_MINOR): "
                        + "rebuild it against this host's animator.h"))
        }
        let size = GrowableStruct.declaredSize(at: entry, offset: layout.offset(of: \.struct_size)!)
        guard size >= FirstReleasedSize.entry else {
            return .failure(LoadError("entry struct_size \(size) is smaller than ABI 1.0's \(FirstReleasedSize.entry)"))
        }
        let copy = GrowableStruct.read(entry, size: size, as: anim_entry_t.self)
        guard copy.`init` != nil else { return .failure(LoadError("the entry has no init function")) }
        return .success(copy)
    }

    private static func initialize(entry: anim_entry_t, path: String) -> Result<LoadedPlugin, LoadError> {
        // Checked before any of the plugin's code runs.
        if let unmet = HostServices.unmetRequirement(of: entry) { return .failure(LoadError(unmet)) }
        var info = PluginInfo(
            path: path,
            id: entry.plugin_id.map { String(cString: $0) } ?? "",
            version: entry.plugin_version.map { String(cString: $0) } ?? "",
            description: entry.description.map { String(cString: $0) } ?? "")
        let context = RegistrationContext(plugin: info)
        let host = PluginHost.make(for: context)
        let succeeded = entry.`init`!(host)
        context.closeRegistration(succeeded: succeeded)
        guard succeeded else { return .failure(initFailure(context)) }
        info.about = about(from: entry)
        let registrations = PluginRegistrations(
            info: info, animators: context.animators.map { $0.from(info) },
            mixers: context.mixers.map { $0.from(info) }, effects: context.effects.map { $0.from(info) },
            curves: context.curves.map { $0.from(info) }, warnings: context.warnings)
        return .success(LoadedPlugin(registrations: registrations, deinitialize: entry.`deinit`))
    }

    /// A frei0r file: the host's adapter registers its filter as the effect (or its mixer2 as the
    /// mixer) `frei0r.<file base name>`, as a plugin's `init` would (see `Frei0rPlugin`).
    private static func initializeFrei0r(_ handle: UnsafeMutableRawPointer, path: String) -> Result<
        LoadedPlugin, LoadError
    > {
        let base = Frei0rPlugin.baseName(of: path)
        let info = PluginInfo(
            path: path, id: Frei0rPlugin.prefix + base, version: "", description: "frei0r plugin \(base)",
            origin: .frei0r)
        let context = RegistrationContext(plugin: info)
        let host = PluginHost.make(for: context)
        var error = [CChar](repeating: 0, count: 512)
        let succeeded = frei0r_adapter_register(handle, base, host, &error, UInt32(error.count))
        context.closeRegistration(succeeded: succeeded)
        guard succeeded else {
            let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let refusals =
                context.refusals.isEmpty ? "" : " (the host refused " + context.refusals.joined(separator: "; ") + ")"
            return .failure(
                LoadError("not usable as a frei0r plugin: \(reason.isEmpty ? "no reason given" : reason)\(refusals)"))
        }
        let registrations = PluginRegistrations(
            info: info, animators: [], mixers: context.mixers.map { $0.from(info) },
            effects: context.effects.map { $0.from(info) }, curves: [], warnings: context.warnings)
        return .success(LoadedPlugin(registrations: registrations, deinitialize: nil))
    }

    /// What the plugin's "about" extension says, asked for once `init` succeeded: nil when it has
    /// no `get_extension` (ABI 1.0), does not offer the extension, or gives a struct too small.
    private static func about(from entry: anim_entry_t) -> PluginAbout? {
        guard let getExtension = entry.get_extension,
            let pointer = getExtension(ANIM_EXTENSION_ABOUT, 1)
        else { return nil }
        let size = GrowableStruct.declaredSize(at: pointer)
        guard size >= FirstReleasedSize.aboutExtension else { return nil }
        let about = GrowableStruct.read(pointer, size: size, as: anim_about_v1_t.self)
        let text = { (pointer: UnsafePointer<CChar>?) in pointer.map { String(cString: $0) } }
        return PluginAbout(author: text(about.author), homepage: text(about.homepage), license: text(about.license))
    }

    /// One line for a failed `init`: the error it logged last, and every registration the host
    /// refused, since any of them may be why it gave up.
    private static func initFailure(_ context: RegistrationContext) -> LoadError {
        let refusals = context.refusals.isEmpty ? nil : "the host refused " + context.refusals.joined(separator: "; ")
        switch (context.lastError, refusals) {
        case (let logged?, let refusals?): return LoadError("init returned false: \(logged) (after \(refusals))")
        case (let logged?, nil): return LoadError("init returned false: \(logged)")
        case (nil, let refusals?): return LoadError("init returned false after \(refusals)")
        case (nil, nil): return LoadError("init returned false (it logged no reason)")
        }
    }
}
