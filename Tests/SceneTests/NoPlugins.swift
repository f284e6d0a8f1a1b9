import PluginDescriptions

/// A lookup that knows no plugins: these tests read pipelines that use only what the host draws
/// and times itself (layers, host curves), without linking the registry.
struct NoPlugins: PluginLookup {
    init() {}

    func animator(named name: String) -> Lookup<AnimatorEntry> { .missing }
    func mixer(named name: String) -> Lookup<MixerEntry> { .missing }
    func effect(named name: String) -> Lookup<EffectEntry> { .missing }
    func curve(named name: String) -> Lookup<CurveEntry> { .missing }
    func allNames(of kind: RegistrationKind) -> [String] { [] }
    var animators: [String: AnimatorEntry] { [:] }
    var mixers: [String: MixerEntry] { [:] }
    var effects: [String: EffectEntry] { [:] }
    var curves: [String: CurveEntry] { [:] }
    func problem(running mixer: MixerEntry) -> String? { nil }
}
