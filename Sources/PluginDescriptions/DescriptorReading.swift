import CAnimatorABI

/// The fields animator and mixer descriptors share, so one reader serves both and the host
/// creates and destroys either kind's instances alike.
public protocol ProcessorDescriptor {
    // The C structs' own field names, so the imported structs conform as they are.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    var struct_size: UInt32 { get }
    var concurrency: UInt32 { get }
    var name: UnsafePointer<CChar>! { get }
    var version: UnsafePointer<CChar>! { get }
    var doc: UnsafePointer<CChar>! { get }
    var params: UnsafePointer<anim_param_desc_t>! { get }
    // swift-format-ignore: AlwaysUseLowerCamelCase
    var param_count: UInt32 { get }
    var create: ProcessorCreate! { get }
    var destroy: ProcessorDestroy! { get }
    /// Whether the descriptor asks for the compositor's own pixels (a mixer's
    /// ANIM_MIXER_NATIVE_PIXELS flag, appended in ABI 1.1; zero in a 1.0 descriptor; an effect's
    /// ANIM_EFFECT_NATIVE_PIXELS).
    var takesNativePixels: Bool { get }
    /// Whether every call must cover the whole image (an effect's ANIM_EFFECT_WHOLE_IMAGE).
    var needsWholeImage: Bool { get }
    /// What `create` gets as `user_data` (ABI 1.2: a mixer's or effect's; nil for animators).
    var creationData: UnsafeRawPointer? { get }
    /// Whether its output depends on the time (an effect's ANIM_EFFECT_USES_TIME).
    var usesTime: Bool { get }
    /// Whether pixels outside its image are transparent to it (an effect's
    /// ANIM_EFFECT_TRANSPARENT_EDGES).
    var transparentEdges: Bool { get }
    /// Whether it brings its target in (an animator's ANIM_ANIMATOR_BRINGS_IN, appended in ABI 1.2;
    /// zero in an older descriptor): a step running it holds its start state before it starts.
    var bringsIn: Bool { get }
    /// Whether two opaque images give it an opaque output (a mixer's ANIM_MIXER_KEEPS_OPAQUE).
    var keepsOpaque: Bool { get }
    /// The function a processor cannot do without (its name, for messages) and whether it is set.
    static var mainFunction: String { get }
    var hasMainFunction: Bool { get }
    static var kind: RegistrationKind { get }
    /// The descriptor's size in the ABI that first released it: the smallest `struct_size` accepted.
    static var firstReleasedSize: Int { get }
    /// That ABI, "1.0" or "1.2".
    static var firstRelease: String { get }
}

extension ProcessorDescriptor {
    public static var firstRelease: String { "1.0" }
}

/// A descriptor's `create` and `destroy`, the same for animators and mixers.
public typealias ProcessorCreate =
    @convention(c) (
        UnsafePointer<anim_create_args_t>?, UnsafeMutablePointer<CChar>?, UInt32
    ) -> UnsafeMutableRawPointer?
public typealias ProcessorDestroy = @convention(c) (UnsafeMutableRawPointer?) -> Void

extension anim_animator_desc_t: ProcessorDescriptor {
    public static let mainFunction = "apply", kind = RegistrationKind.animator
    public static let firstReleasedSize = FirstReleasedSize.animatorDescriptor
    public var hasMainFunction: Bool { apply != nil }
    public var takesNativePixels: Bool { false }
    public var needsWholeImage: Bool { false }
    public var creationData: UnsafeRawPointer? { nil }
    public var usesTime: Bool { false }
    public var transparentEdges: Bool { false }
    public var bringsIn: Bool { flags & UInt32(ANIM_ANIMATOR_BRINGS_IN) != 0 }
    public var keepsOpaque: Bool { false }
}

extension anim_mixer_desc_t: ProcessorDescriptor {
    public static let mainFunction = "mix", kind = RegistrationKind.mixer
    public static let firstReleasedSize = FirstReleasedSize.mixerDescriptor
    public var hasMainFunction: Bool { mix != nil }
    /// Flag bits this host does not know are ignored: they ask for what a newer host offers.
    public var takesNativePixels: Bool { flags & UInt32(ANIM_MIXER_NATIVE_PIXELS) != 0 }
    public var needsWholeImage: Bool { false }
    public var creationData: UnsafeRawPointer? { user_data }
    public var usesTime: Bool { false }
    public var transparentEdges: Bool { false }
    public var bringsIn: Bool { false }
    public var keepsOpaque: Bool { flags & UInt32(ANIM_MIXER_KEEPS_OPAQUE) != 0 }
}

extension anim_effect_desc_t: ProcessorDescriptor {
    public static let mainFunction = "apply", kind = RegistrationKind.effect
    /// Effects arrived in ABI 1.2: their first released size is this header's.
    public static let firstReleasedSize = FirstReleasedSize.effectDescriptor
    public static var firstRelease: String { "1.2" }
    public var hasMainFunction: Bool { apply != nil }
    public var takesNativePixels: Bool { flags & UInt32(ANIM_EFFECT_NATIVE_PIXELS) != 0 }
    public var needsWholeImage: Bool { flags & UInt32(ANIM_EFFECT_WHOLE_IMAGE) != 0 }
    public var creationData: UnsafeRawPointer? { user_data }
    public var usesTime: Bool { flags & UInt32(ANIM_EFFECT_USES_TIME) != 0 }
    public var transparentEdges: Bool { flags & UInt32(ANIM_EFFECT_TRANSPARENT_EDGES) != 0 }
    public var bringsIn: Bool { false }
    public var keepsOpaque: Bool { false }
}

/// Copies plugin descriptors into registry entries, refusing anything the header forbids. Each
/// descriptor is read by its own `struct_size` (see `GrowableStruct`), never past it.
extension ProcessorEntry {
    /// A frei0r file's names (`frei0r.IIRblur`, see `Frei0rPlugin`) keep the file's own spelling
    /// after the prefix, and parameter ids as frei0r gives them ("Block width"); a GLSL
    /// transition's are its file's base name and its uniforms' names (see `GLSLTransition`).
    package init(reading desc: UnsafePointer<Descriptor>, plugin: PluginInfo, origin: PluginOrigin = .native)
        throws(DescriptorError)
    {
        let size = GrowableStruct.declaredSize(at: desc)
        try requireSize(
            size, atLeast: Descriptor.firstReleasedSize, "\(Descriptor.kind.rawValue) descriptor",
            since: Descriptor.firstRelease)
        let raw = GrowableStruct.read(desc, size: size, as: Descriptor.self)
        let name =
            switch origin {
            case .native: try registeredName(raw.name)
            case .frei0r: try Frei0rPlugin.registeredName(raw.name)
            case .glsl: try GLSLTransition.registeredName(raw.name)
            }
        guard raw.hasMainFunction else {
            throw DescriptorError("\(Descriptor.kind.rawValue) \"\(name)\" has no \(Descriptor.mainFunction) function")
        }
        self.init(
            name: name, version: text(raw.version), doc: text(raw.doc),
            parameters: try readParameters(raw.params, count: raw.param_count, owner: name, origin: origin),
            isSerial: raw.concurrency == UInt32(ANIM_CONCURRENCY_SERIAL), takesNativePixels: raw.takesNativePixels,
            needsWholeImage: raw.needsWholeImage, usesTime: raw.usesTime,
            transparentEdges: raw.transparentEdges, bringsIn: raw.bringsIn, keepsOpaque: raw.keepsOpaque,
            plugin: plugin,
            openedDescriptor: GrowableStruct.keep(raw))
    }
}

package func requireSize(_ size: Int, atLeast first: Int, _ what: String, since release: String = "1.0")
    throws(DescriptorError)
{
    guard size >= first else {
        throw DescriptorError("\(what) struct_size \(size) is smaller than ABI \(release)'s \(first)")
    }
}

package func text(_ pointer: UnsafePointer<CChar>?) -> String {
    pointer.map { String(cString: $0) } ?? ""
}

/// Names used in pipeline files: lowercase words joined by '-'.
package func registeredName(_ pointer: UnsafePointer<CChar>?) throws(DescriptorError) -> String {
    guard let pointer else { throw DescriptorError("a descriptor has no name") }
    let name = String(cString: pointer)
    let scalars = name.unicodeScalars
    let valid =
        scalars.first.map { ("a"..."z").contains($0) } == true
        && scalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    guard valid else { throw DescriptorError("name \"\(name)\" is not of the form [a-z][a-z0-9-]*") }
    return name
}

private func readParameters(
    _ pointer: UnsafePointer<anim_param_desc_t>?, count: UInt32, owner: String, origin: PluginOrigin
) throws(DescriptorError) -> [ParameterDescriptor] {
    guard count > 0 else { return [] }
    guard let pointer else { throw DescriptorError("\"\(owner)\" declares \(count) parameters but gives none") }
    guard count <= 64 else {
        throw DescriptorError("\"\(owner)\" declares \(count) parameters; at most 64 are allowed")
    }
    // The array is walked at the plugin's stride: its descriptors may be larger than this host's.
    let base = UnsafeRawPointer(pointer)
    let stride = GrowableStruct.declaredSize(at: base)
    guard stride >= FirstReleasedSize.parameterDescriptor else {
        throw DescriptorError(
            "\"\(owner)\": parameter descriptor struct_size \(stride) is smaller than ABI 1.0's "
                + "\(FirstReleasedSize.parameterDescriptor)")
    }
    var result: [ParameterDescriptor] = []
    for index in 0..<Int(count) {
        let element = base + index * stride
        let size = GrowableStruct.declaredSize(at: element)
        guard size == stride else {
            throw DescriptorError(
                "\"\(owner)\": params[\(index)] has struct_size \(size) but params[0] \(stride); "
                    + "every element of one array must have the same")
        }
        let parameter: ParameterDescriptor
        do {
            parameter = try ParameterDescriptor(
                reading: GrowableStruct.read(element, size: size, as: anim_param_desc_t.self), origin: origin)
        } catch {
            throw DescriptorError("\"\(owner)\": \(error.description)")
        }
        guard !result.contains(where: { $0.id == parameter.id }) else {
            throw DescriptorError("\"\(owner)\": parameter \"\(parameter.id)\" is declared twice")
        }
        result.append(parameter)
    }
    return result
}

extension Substring {
    package var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
