import PluginDescriptions
import PluginRegistry

/// What a check calls, described: the plugin, what it registers, each case (a registered name
/// with one set of parameter values) and each call (a case at one progress). The child builds it
/// from the plugin's registrations and sends it to the parent, which names operations by it.
public struct CheckPlan: Codable, Sendable {
    public struct Plugin: Codable, Sendable {
        public let path, id, version, description: String
    }

    /// An animator, mixer, effect or timing curve the plugin registers.
    public struct Subject: Codable, Sendable {
        public let kind: RegistrationKind
        public let name: String
        /// Parameter ids (animators, mixers) or extra argument names (curves).
        public let parameters: [String]
        /// A curve's signature, "d(d;dd)".
        public let signature: String?

        /// `animator "fade"`, as messages name it.
        public var kindAndName: String { "\(kind.rawValue) \"\(name)\"" }
    }

    /// A subject with one set of values, which gets one instance per pass.
    public struct Case: Codable, Sendable {
        public let subject: Int
        /// "defaults", or the one value that differs from them: `to = 1 (max)`. A curve's
        /// arguments, `overshoot = 1.70158`, or "" when it takes none.
        public let variant: String
        /// Every parameter's (or argument's) value as text, in declaration order.
        public let values: [String]
        /// A value no pipeline can give (NaN, far outside the range): the plugin must neither
        /// crash nor hang, and an effect's reach must stay within ANIM_REACH_MAX, but failing
        /// and what it writes are its own business.
        public var isInvalid = false
    }

    public struct Call: Codable, Sendable {
        public let caseIndex: Int
        /// Animators, mixers and curves; 0 for effects.
        public let progress: Double
        /// Effects: the image the call filters.
        public var image: EffectImage? = nil
    }

    /// What an effect's call is given: the layer's pixels, `width` × `height` (the reach's
    /// margins come around them), at `renderScale`, in the order the effect takes.
    public struct EffectImage: Codable, Sendable, Equatable {
        public let width, height: Int
        public let renderScale: Double
        /// The compositor's own order (ANIM_EFFECT_NATIVE_PIXELS) rather than RGBA.
        public let nativePixels: Bool
        /// Called with every row at once only (ANIM_EFFECT_WHOLE_IMAGE).
        public let wholeImage: Bool
    }

    public let plugin: Plugin
    public let subjects: [Subject]
    public let cases: [Case]
    public let calls: [Call]
    /// What the host refused while the plugin registered (a descriptor with an invalid field).
    public let refusals: [String]

    /// The subject an operation concerns, if any.
    func subject(of operation: CheckOperation) -> Subject? {
        operation.caseIndex(in: self).map { subjects[cases[$0].subject] }
    }

    /// How reports name an operation: `apply at progress 1 with to = 1 (max)`.
    func describe(_ operation: CheckOperation) -> String {
        switch operation {
        case .create(let index): "create with \(cases[index].variant)"
        case .destroy(let index): "destroy with \(cases[index].variant)"
        case .deinitialize: "deinit"
        case .call(let index):
            describeCall(calls[index])
        }
    }

    private func describeCall(_ call: Call) -> String {
        let thisCase = cases[call.caseIndex]
        let progress = ValueText.number(call.progress)
        switch subjects[thisCase.subject].kind {
        case .animator: return "apply at progress \(progress) with \(thisCase.variant)"
        case .mixer: return "mix at progress \(progress) with \(thisCase.variant)"
        case .effect:
            let image = call.image.map {
                "\($0.width)×\($0.height) pixels at scale \(ValueText.number($0.renderScale))"
            }
            return "apply to \(image ?? "an image") with \(thisCase.variant)"
        case .curve: return "called at t = \(progress)" + (thisCase.variant.isEmpty ? "" : " with \(thisCase.variant)")
        }
    }

    /// The plan's function for an operation's report: `apply`, `mix`, `create`, `curve`.
    func function(of operation: CheckOperation) -> String {
        switch operation {
        case .create: "create"
        case .destroy: "destroy"
        case .deinitialize: "deinit"
        case .call(let index):
            switch subjects[cases[calls[index].caseIndex].subject].kind {
            case .animator: "apply"
            case .mixer: "mix"
            case .effect: "apply"
            case .curve: "curve"
            }
        }
    }
}
