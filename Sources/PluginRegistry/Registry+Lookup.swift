import PluginDescriptions

/// The registry is what the model looks plugins up in.
extension Registry: PluginLookup {
    /// Compiles a GLSL transition's shader on this thread's GL context; other mixers can run.
    public func problem(running mixer: MixerEntry) -> String? {
        guard mixer.plugin.origin == .glsl else { return nil }
        return GLSLTransition.compileFailure(of: mixer)?.description
    }
}
