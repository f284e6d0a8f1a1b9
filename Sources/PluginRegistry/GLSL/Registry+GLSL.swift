/// Compiling the GLSL transitions a scan found, which reading their text cannot tell.
extension Registry {
    /// Compiles every GLSL transition in the mixer table on this thread's GL context: one that
    /// does not compile (or cannot, for want of a GL driver) leaves the tables for the broken
    /// files, with the compiler's message. What `pipeline plugins` does, so no file it lists as a
    /// mixer fails when a pipeline uses it.
    public func compileGLSLTransitions() {
        let transitions = state.withLock { $0.mixers.values.filter { $0.plugin.origin == .glsl } }
        for mixer in transitions.sorted(by: { $0.name < $1.name }) {
            guard let problem = GLSLTransition.compileProblem(of: mixer) else { continue }
            let path = mixer.plugin.path
            let reason =
                problem.hasPrefix(path + ":")
                ? "does not compile at " + problem.dropFirst(path.count + 1)
                : "cannot be compiled: \(problem)"
            state.withLock { tables in
                tables.mixers[mixer.name] = nil
                tables.plugins.removeAll { $0.path == path }
                tables.unopened[path] = nil
                tables.broken.append(BrokenPlugin(path: path, reason: reason))
            }
        }
    }
}
