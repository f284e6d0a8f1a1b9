/// What the model asks of the plugins: the entries registered under a name, every name of a
/// kind, and whether a mixer can run. The registry (PluginRegistry: discovery, `dlopen`, the scan
/// and its sandbox, frei0r, GLSL) implements it; the model reads pipelines against it without
/// linking any of that.
public protocol PluginLookup: Sendable {
    func animator(named name: String) -> Lookup<AnimatorEntry>
    func mixer(named name: String) -> Lookup<MixerEntry>
    func effect(named name: String) -> Lookup<EffectEntry>
    func curve(named name: String) -> Lookup<CurveEntry>
    /// Every name of `kind`, sorted, for a message that suggests one.
    func allNames(of kind: RegistrationKind) -> [String]
    /// Every entry known, by name, for the JSON Schema of pipeline files.
    var animators: [String: AnimatorEntry] { get }
    var mixers: [String: MixerEntry] { get }
    var effects: [String: EffectEntry] { get }
    var curves: [String: CurveEntry] { get }
    /// Why a mixer found by `mixer(named:)` cannot run, nil when it can: a GLSL transition whose
    /// shader does not compile, or no GL to compile it on. Found before anything renders.
    func problem(running mixer: MixerEntry) -> String?
}
