import CAnimatorABI
import CGLSLTransition
import CacheFiles
import Foundation
import PluginDescriptions

extension GLSLTransition {
    /// Reads the file `resolved` (named `path` in messages) and registers its mixer.
    static func load(path resolved: String, shownAs path: String) -> Result<LoadedPlugin, LoadError> {
        let name = baseName(of: path)
        guard isValidName(name) else {
            return .failure(
                LoadError(
                    "\"\(name)\" cannot name a mixer: a GLSL transition's name is its file's base name, a letter "
                        + "then letters, digits, '_' and '-'; rename the file"))
        }
        let file: GLSLTransitionFile
        switch read(resolved, shownAs: path) {
        case .success(let read): file = read
        case .failure(let error): return .failure(error)
        }
        _ = shaderCache
        let info = PluginInfo(path: path, id: name, version: "", description: file.doc, origin: .glsl)
        let context = RegistrationContext(plugin: info)
        let host = PluginHost.make(for: context)
        let failure = file.withSpec(name: name, path: path, timeLimit: CallLimit.current) { spec in
            PluginErrorBuffer.calling { error, size in glsl_transition_register(spec, host, error, size) }
        }
        context.closeRegistration(succeeded: failure == nil)
        if let failure {
            let refusals = context.refusals.isEmpty ? "" : " (\(context.refusals.joined(separator: "; ")))"
            return .failure(LoadError("not usable as a GLSL transition: \(failure)\(refusals)"))
        }
        let registrations = PluginRegistrations(
            info: info, animators: [], mixers: context.mixers.map { $0.from(info) }, effects: [], curves: [],
            warnings: context.warnings)
        return .success(LoadedPlugin(registrations: registrations, deinitialize: nil))
    }

    /// The file `resolved`, read as a transition.
    static func read(_ resolved: String, shownAs path: String) -> Result<GLSLTransitionFile, LoadError> {
        guard let data = FileManager.default.contents(atPath: resolved) else {
            return .failure(LoadError("cannot be read"))
        }
        guard let text = String(data: data, encoding: .utf8) else { return .failure(LoadError("is not UTF-8 text")) }
        do throws(GLSLTransitionFile.Problem) {
            return .success(try GLSLTransitionFile(text: text, path: path))
        } catch {
            return .failure(LoadError(error.description))
        }
    }

    /// Compiles the transition `mixer` (a GLSL transition's entry) on this thread's GL context:
    /// nil when it compiles, else why not (the file's line and column, or no GL driver).
    public static func compileFailure(of mixer: MixerEntry) -> GLSLCompileFailure? {
        let path = mixer.plugin.path
        let file: GLSLTransitionFile
        switch read(PluginSearchPath.realPath(path), shownAs: path) {
        case .success(let read): file = read
        case .failure(let error): return GLSLCompileFailure(unreadable: "\(path): \(error.description)")
        }
        var failure = glsl_compile_failure_t()
        let message = file.withSpec(name: mixer.name, path: path, timeLimit: CallLimit.current) { spec in
            PluginErrorBuffer.calling { error, size in glsl_transition_compile(spec, &failure, error, size) }
        }
        return message.map { GLSLCompileFailure(description: $0, failure: failure, text: file.text) }
    }

    /// Mesa's shader cache goes into pipeline's cache folder (`mesa-shaders`), set before any
    /// transition is loaded and so before the driver is: the second run of a shader skips
    /// compiling its machine code.
    private static let shaderCache: Void = {
        let folder = CacheFolder.file("mesa-shaders", environment: ProcessInfo.processInfo.environment)
        // Mesa makes only the last folder, and a scan compiles before anything else made the others.
        if let folder { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        glsl_transition_set_shader_cache(folder)
    }()

    /// Loads the GL driver now (before a sandbox is entered); a missing driver is reported later.
    static func prepareDriver() {
        _ = PluginErrorBuffer.calling { error, size in glsl_transition_prepare(error, size) }
    }

    /// The GL renderer and version this thread's context runs on, or why there is none.
    public static func renderer() -> String {
        var text = [CChar](repeating: 0, count: 512)
        _ = glsl_transition_renderer(&text, UInt32(text.count))
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Gives up this thread's GL context now (it is otherwise destroyed when the thread ends).
    public static func releaseThreadContext() { glsl_transition_release_thread() }
}

extension CallLimit {
    /// The limit this process's environment sets.
    static var current: Duration { from(ProcessInfo.processInfo.environment) }
}
