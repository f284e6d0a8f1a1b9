import CAnimatorABI

/// A loaded plugin library.
public struct PluginInfo: Sendable, Equatable {
    public let path: String
    public let id: String
    public let version: String
    public let description: String
}

/// A plugin file that was skipped, and why.
public struct BrokenPlugin: Sendable, Equatable {
    public let path: String
    public let reason: String
}

/// What every registry table holds: a name and the plugin that registered it.
public protocol Registered {
    var name: String { get }
    var plugin: PluginInfo { get }
}

/// A registered property animator or pixel mixer: the fields both kinds of descriptor share,
/// copied and checked, and the descriptor itself for its functions. The pointer stays valid
/// for the life of the process: plugins are never unloaded.
public struct ProcessorEntry<Descriptor>: Registered, @unchecked Sendable {
    public let name: String
    public let version: String
    public let doc: String
    public let parameters: [ParameterDescriptor]
    public let isSerial: Bool
    public let plugin: PluginInfo
    public let descriptor: UnsafePointer<Descriptor>
}

public typealias AnimatorEntry = ProcessorEntry<anim_animator_desc_t>
public typealias MixerEntry = ProcessorEntry<anim_mixer_desc_t>

/// A timing curve a plugin registered: a C function called through libffi.
public struct CurveEntry: Registered, Sendable {
    public let name: String
    public let doc: String
    public let argumentNames: [String]
    /// One default per extra argument, or nil when the pipeline must give them all.
    public let argumentDefaults: [Double]?
    public let plugin: PluginInfo
    public let curve: ForeignCurve

    public var signature: ForeignCurveSignature { curve.signature }

    /// Whether a pipeline must give "args": the curve takes some and has no defaults.
    public var needsArguments: Bool { argumentDefaults == nil && !signature.argumentTypes.isEmpty }
}

/// The result of looking a name up: found, unknown, or registered by more than one plugin.
public enum Lookup<Entry> {
    case found(Entry)
    case missing
    case ambiguous(NameClash)
}

/// The kinds of things a plugin registers, for messages.
public enum RegistrationKind: String, Sendable {
    case animator, mixer, curve = "timing curve"
}

/// Two plugins registered the same name: an error for any pipeline that uses it.
public struct NameClash: Sendable, Equatable, CustomStringConvertible {
    public let kind: RegistrationKind
    public let name: String
    public let paths: [String]

    public var description: String {
        "\(kind.rawValue) \"\(name)\" is registered by more than one plugin: \(paths.joined(separator: " and ")); remove or rename one"
    }
}
