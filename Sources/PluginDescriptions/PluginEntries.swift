import CAnimatorABI

/// A plugin library: what its entry says about it.
public struct PluginInfo: Sendable, Equatable, Encodable {
    public let path: String
    public let id: String
    public let version: String
    public let description: String
    /// What the plugin's "about" extension says, nil when it offers none.
    public package(set) var about: PluginAbout? = nil
    /// What kind of file it is.
    public package(set) var origin: PluginOrigin = .native

    package init(
        path: String, id: String, version: String, description: String, about: PluginAbout? = nil,
        origin: PluginOrigin = .native
    ) {
        (self.path, self.id, self.version, self.description) = (path, id, version, description)
        (self.about, self.origin) = (about, origin)
    }
}

/// What kind of file registered a name: a pipeline plugin, a frei0r plugin through the host's
/// adapter, or a transition in the gl-transitions format.
public enum PluginOrigin: String, Sendable, Equatable, Encodable, CaseIterable {
    case native = "native plugin"
    case frei0r = "frei0r plugin"
    case glsl = "GLSL transition"
}

/// Who made a plugin and under which licence (the "about" extension); any of them may be absent.
public struct PluginAbout: Sendable, Equatable, Encodable {
    public let author: String?
    public let homepage: String?
    public let license: String?

    package init(author: String?, homepage: String?, license: String?) {
        (self.author, self.homepage, self.license) = (author, homepage, license)
    }
}

/// A plugin file that was skipped, and why.
public struct BrokenPlugin: Sendable, Equatable {
    public let path: String
    public let reason: String

    /// For a frei0r file of a kind pipeline does not host, that kind (`source`, `mixer3`); nil
    /// otherwise. Such a file is no fault of anyone's: it is listed, never a problem.
    public var notHostedKind: String? {
        guard reason.contains(Frei0rPlugin.notHostedSuffix) else { return nil }
        if reason.contains("a source plugin") { return "source" }
        if reason.contains("a mixer3 plugin") { return "mixer3" }
        return "another kind"
    }

    package init(path: String, reason: String) { (self.path, self.reason) = (path, reason) }

    /// The reason without the file's name it may begin with (a GLSL file's own message names it,
    /// as errors in a render do): `no transition function`, `at 3:17: 'y' undeclared`.
    public var reasonWithoutPath: String {
        guard reason.hasPrefix(path + ":") else { return reason }
        let rest = reason.dropFirst(path.count + 1)
        return rest.hasPrefix(" ") ? String(rest.dropFirst()) : "at \(rest)"
    }

    /// The first line of the reason.
    public var firstReason: String { String(reasonWithoutPath.prefix { $0 != "\n" }) }
}

/// What every registry table holds: a name, its kind and the plugin that registered it.
public protocol Registered {
    var name: String { get }
    var kind: RegistrationKind { get }
    var plugin: PluginInfo { get }
}

/// An entry whose plugin description the loader completes after `init` (its "about" extension).
package protocol PluginDescribed: Registered {
    var plugin: PluginInfo { get set }
}

extension PluginDescribed {
    /// The entry as registered by `plugin`: the same plugin, described further after its `init`.
    package func from(_ plugin: PluginInfo) -> Self {
        var entry = self
        entry.plugin = plugin
        return entry
    }
}

extension ProcessorEntry: PluginDescribed {}
extension CurveEntry: PluginDescribed {}

extension Registered {
    /// `animator "fade"`, `timing curve "back-out"`: how messages name it.
    public var kindAndName: String { "\(kind.rawValue) \"\(name)\"" }
}

/// A registered animator, mixer or effect as the host creates, calls and destroys it, whatever its kind.
public protocol Processor: Registered, Sendable {
    /// Whether two calls of one instance must never overlap (ANIM_CONCURRENCY_SERIAL).
    var isSerial: Bool { get }
    /// The descriptor's `create`, nil when it has none. The plugin must be open in this process.
    var create: ProcessorCreate? { get }
    /// The descriptor's `destroy`, nil when it has none. The plugin must be open in this process.
    var destroy: ProcessorDestroy? { get }
    /// What `create` gets as `user_data`: the descriptor's (mixers and effects), nil for animators.
    var userData: UnsafeRawPointer? { get }
    /// The descriptor's address, which identifies the processor: steps of a serial processor
    /// without `create` share its state, and so one lock. The plugin must be open in this process.
    var identity: UnsafeRawPointer { get }
}

/// A registered property animator or pixel mixer: the fields both kinds of descriptor share,
/// copied and checked, and, once its plugin is open in this process, the descriptor itself.
public struct ProcessorEntry<Descriptor: ProcessorDescriptor>: Processor, @unchecked Sendable {
    public let name: String
    public let version: String
    public let doc: String
    public let parameters: [ParameterDescriptor]
    public let isSerial: Bool
    /// Whether the mixer or effect reads and writes the compositor's own pixels
    /// (ANIM_MIXER_NATIVE_PIXELS, ANIM_EFFECT_NATIVE_PIXELS) rather than RGBA ones; always false
    /// for animators.
    public let takesNativePixels: Bool
    /// Whether the effect must be called once per image, never on part of one
    /// (ANIM_EFFECT_WHOLE_IMAGE); false for animators and mixers.
    public let needsWholeImage: Bool
    /// Whether the effect's output depends on the time (ANIM_EFFECT_USES_TIME): its layer is
    /// drawn anew every frame. False for animators and mixers.
    public package(set) var usesTime = false
    /// Whether pixels outside the effect's image are transparent to it
    /// (ANIM_EFFECT_TRANSPARENT_EDGES): its picture may be cut to what can show. False for
    /// animators and mixers.
    public package(set) var transparentEdges = false
    /// Whether the animator brings its target in (ANIM_ANIMATOR_BRINGS_IN): a step running it
    /// without a `fillMode` holds its start state before it starts. False for mixers and effects.
    public package(set) var bringsIn = false
    /// Whether two opaque images give the mixer an opaque output (ANIM_MIXER_KEEPS_OPAQUE), so
    /// that output need not be read back to find out. False for animators and effects.
    public package(set) var keepsOpaque = false
    public package(set) var plugin: PluginInfo
    /// nil while the entry is known from a scan only (see `Registry.scan`).
    package var openedDescriptor: UnsafePointer<Descriptor>? = nil

    package init(
        name: String, version: String, doc: String, parameters: [ParameterDescriptor], isSerial: Bool,
        takesNativePixels: Bool, needsWholeImage: Bool, usesTime: Bool = false, transparentEdges: Bool = false,
        bringsIn: Bool = false, keepsOpaque: Bool = false, plugin: PluginInfo,
        openedDescriptor: UnsafePointer<Descriptor>? = nil
    ) {
        (self.name, self.version, self.doc, self.parameters) = (name, version, doc, parameters)
        (self.isSerial, self.takesNativePixels, self.needsWholeImage) = (isSerial, takesNativePixels, needsWholeImage)
        (self.usesTime, self.transparentEdges, self.bringsIn, self.keepsOpaque) =
            (usesTime, transparentEdges, bringsIn, keepsOpaque)
        (self.plugin, self.openedDescriptor) = (plugin, openedDescriptor)
    }

    /// The descriptor, for its functions: entries a lookup returned have it (the lookup opens
    /// the plugin). It is the host's copy, read by the plugin's `struct_size` (see
    /// `GrowableStruct`), and stays valid for the life of the process, as the plugin does.
    public var descriptor: UnsafePointer<Descriptor> {
        guard let openedDescriptor else {
            preconditionFailure("\(name): plugin not open; use the entry a Registry lookup returns")
        }
        return openedDescriptor
    }

    public var kind: RegistrationKind { Descriptor.kind }
    public var create: ProcessorCreate? { descriptor.pointee.create }
    public var destroy: ProcessorDestroy? { descriptor.pointee.destroy }
    public var identity: UnsafeRawPointer { UnsafeRawPointer(descriptor) }
    public var userData: UnsafeRawPointer? { descriptor.pointee.creationData }
}

/// The descriptor pointer stays out: a scan's JSON carries the copied fields only.
extension ProcessorEntry: Encodable {
    enum CodingKeys: CodingKey {
        case name, version, doc, parameters, isSerial, takesNativePixels, needsWholeImage, usesTime, transparentEdges,
            bringsIn, keepsOpaque, plugin
    }
}

public typealias AnimatorEntry = ProcessorEntry<anim_animator_desc_t>
public typealias MixerEntry = ProcessorEntry<anim_mixer_desc_t>
public typealias EffectEntry = ProcessorEntry<anim_effect_desc_t>

/// A timing curve a plugin registered: a C function, called through `CurveFunction`.
public struct CurveEntry: Registered, Sendable, Encodable {
    public let name: String
    public let doc: String
    public let argumentNames: [String]
    /// One default per extra argument, or nil when the pipeline must give them all.
    public let argumentDefaults: [Double]?
    public package(set) var plugin: PluginInfo
    public let signature: ForeignCurveSignature
    /// nil while the entry is known from a scan only (see `Registry.scan`).
    package var function: (any CurveFunction)? = nil

    package init(
        name: String, doc: String, argumentNames: [String], argumentDefaults: [Double]?, plugin: PluginInfo,
        signature: ForeignCurveSignature, function: (any CurveFunction)? = nil
    ) {
        (self.name, self.doc, self.argumentNames, self.argumentDefaults) = (name, doc, argumentNames, argumentDefaults)
        (self.plugin, self.signature, self.function) = (plugin, signature, function)
    }

    /// The C function, callable: entries a lookup returned have it (the lookup opens the plugin).
    public var curve: any CurveFunction {
        guard let function else {
            preconditionFailure("\(name): plugin not open; use the entry a Registry lookup returns")
        }
        return function
    }

    public var kind: RegistrationKind { .curve }

    /// Whether a pipeline must give "args": the curve takes some and has no defaults.
    public var needsArguments: Bool { argumentDefaults == nil && !signature.argumentTypes.isEmpty }

    /// The libffi interface stays out: a scan's JSON carries the copied fields only.
    enum CodingKeys: CodingKey { case name, doc, argumentNames, argumentDefaults, plugin, signature }
}

/// The result of looking a name up: found, unknown, or registered by more than one plugin.
public enum Lookup<Entry> {
    case found(Entry)
    case missing
    case ambiguous(NameClash)
    /// Its plugin scanned well but could not be opened in this process.
    case unavailable(PluginOpenFailure)
    /// The file that would register it was skipped: a GLSL transition that does not compile, a
    /// plugin named after it whose `init` failed.
    case skipped(BrokenPlugin)
}

extension Lookup: Sendable where Entry: Sendable {}

/// Why a plugin that scanned well could not be opened when a pipeline needed it.
public struct PluginOpenFailure: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: String

    package init(path: String, reason: String) { (self.path, self.reason) = (path, reason) }

    public var description: String { "plugin \(path) could not be opened: \(reason)" }
}

/// The kinds of things a plugin registers, for messages.
public enum RegistrationKind: String, Codable, Sendable {
    case animator, mixer, effect
    case curve = "timing curve"
}

/// Two plugins registered the same name: an error for any pipeline that uses it.
public struct NameClash: Sendable, Equatable, CustomStringConvertible {
    public let kind: RegistrationKind
    public let name: String
    public let paths: [String]

    package init(kind: RegistrationKind, name: String, paths: [String]) {
        (self.kind, self.name, self.paths) = (kind, name, paths)
    }

    public var description: String {
        "\(kind.rawValue) \"\(name)\" is registered by more than one plugin: \(paths.joined(separator: " and ")); remove or rename one"
    }
}
