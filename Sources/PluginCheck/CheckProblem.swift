/// One problem of the report: the first operation (in plan order) that shows it, and how many do.
public struct CheckProblem: Sendable, Encodable {
    /// Stable names, the `kind` of the JSON report.
    public enum Kind: String, Codable, Sendable {
        /// The process died by a signal during the call.
        case crash
        /// The call did not return within the time limit.
        case hang
        /// The plugin ended the process (`exit`) during the call.
        case exit
        /// `create` returned NULL or `apply`/`mix` returned false.
        case error
        /// The same call gave different results in two passes.
        case differs
        /// NaN or infinite, a negative size, an opacity below 0 or above 1, a bad mask.
        case invalidValue = "invalid-value"
        /// Finite but enormous: more than a million canvas sizes.
        case absurdValue = "absurd-value"
        /// Slower than the budget in every pass.
        case slow
        /// A mixer or effect wrote rows outside the range it was given.
        case outsideRows = "outside-rows"
        /// A mixer or effect wrote a pixel with a colour channel above its alpha.
        case notPremultiplied = "not-premultiplied"
        /// A mixer declaring ANIM_MIXER_KEEPS_OPAQUE left a pixel translucent given two opaque images.
        case notOpaque = "not-opaque"
        /// An effect wrote into its input image, which is read only.
        case wroteInput = "wrote-input"
        /// A call wrote past the end of a struct the host gave it (`StructGuard`).
        case wrotePastStruct = "wrote-past-struct"
        /// An effect's output depends on how its rows are split between calls (or it leaves
        /// pixels of its rows unwritten).
        case splitDiffers = "split-differs"
        /// An effect's `reach` gave more than ANIM_REACH_MAX, which the host refuses.
        case reachTooLarge = "reach-too-large"
        /// An effect wrote a visible pixel farther from the layer's pixels than its reach's margins.
        case beyondMargins = "beyond-margins"
        /// An effect's output pixel changed with input pixels farther away than its reach's `read`.
        case readsBeyondReach = "reads-beyond-reach"
        /// An effect with ANIM_EFFECT_TRANSPARENT_EDGES gave other pixels over its layer without
        /// margins than with transparent margins around it.
        case edgesNotTransparent = "edges-not-transparent"
        /// A GLSL transition's result at progress 0 is not its `from` image, or at 1 not its `to`.
        case wrongEnd = "wrong-end"
        /// A GLSL transition's shader does not compile: no call is made.
        case doesNotCompile = "does-not-compile"
        /// The host refused something the plugin registered.
        case refused
        /// Another plugin registers the same name.
        case nameClash = "name-clash"
        /// The check could not finish (too many crashes or hangs).
        case incomplete
    }

    /// The call that shows the problem: what was called, with which values.
    public struct Call: Sendable, Encodable {
        /// `create`, `apply`, `mix`, `curve`, `destroy` or `deinit`.
        public let function: String
        /// nil for create, destroy, deinit and effects.
        public let progress: Double?
        /// An effect's call: the layer's pixels it was given and the render's scale.
        public var image: CheckPlan.EffectImage? = nil
        /// "defaults", or the value that differs from them: `to = 1 (max)`.
        public let variant: String?
        /// Every parameter's value as text: `["to = 1"]`.
        public let parameters: [String]
        /// `apply at progress 1 with to = 1 (max)`.
        public let description: String
    }

    /// What the problem concerns: `{"kind": "animator", "name": "fade"}`.
    public struct Subject: Sendable, Encodable {
        /// `animator`, `mixer`, `effect` or `timing curve`.
        public let kind: String
        public let name: String
    }

    public let kind: Kind
    /// nil for the plugin as a whole.
    public let subject: Subject?
    public let call: Call?
    public let message: String
    /// How many calls show it; `call` is the first of them.
    public let occurrences: Int

    /// One line: `animator "fade": apply at progress 1 with defaults: wrote opacity = nan (and 2 more calls)`.
    public var line: String {
        let more = occurrences > 1 ? " (and \(occurrences - 1) more call\(occurrences > 2 ? "s" : ""))" : ""
        let subject = subject.map { "\($0.kind) \"\($0.name)\"" }
        return [subject, call?.description, message + more].compactMap { $0 }.joined(separator: ": ")
    }
}
