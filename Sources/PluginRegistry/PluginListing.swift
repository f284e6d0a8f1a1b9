import Foundation
import PluginDescriptions

/// What `pipeline plugins` shows, as text or as JSON (the same fields): every registered name with
/// its parameters and plugin, the built-in curves, and the plugin files that were skipped.
public struct PluginListing: Encodable {
    struct Parameter: Encodable {
        let id, type, doc, unit: String
        let required, acceptsLayer: Bool
        let min, max: Double?
        let defaultValue: [Double]?
        let defaultString: String?
        let choices: [String]?
    }
    struct Item: Encodable {
        let name, kind, doc, version, plugin, pluginFile, pluginVersion: String
        /// The folder its plugin file is in, and whether that is one of the user's own (a folder
        /// searched before the built-in one, or the `frei0r/` inside it).
        var folder = "", own = false
        /// What kind of file registered it: "native plugin", "frei0r plugin", "GLSL transition".
        let origin: String
        /// The plugin's "about" extension: author, homepage, licence.
        let pluginAbout: PluginAbout?
        /// Mixers only: whether it takes the compositor's own pixels (ANIM_MIXER_NATIVE_PIXELS).
        let nativePixels: Bool?
        /// Animators only: whether it brings its target in (ANIM_ANIMATOR_BRINGS_IN), so a step
        /// running it holds its start state before it starts unless the step writes `fillMode`.
        let bringsIn: Bool?
        let parameters: [Parameter]
        let signature: String?
        let arguments: [String]?
        let argumentDefaults: [Double]?
    }
    struct Broken: Encodable {
        let file, reason: String
        /// A frei0r file of a kind pipeline does not host (`source`, `mixer3`): listed, never a
        /// problem.
        let notHosted: String?
        var folder = "", own = false
    }

    let searchPath: [String]
    /// The folders frei0r files are found in, searched after `searchPath`.
    let frei0rFolders: [String]
    /// The user's own folders: the search path but the built-in folder, and the frei0r folders
    /// inside them.
    let ownFolders: [String]
    let builtinCurves: [String]
    var animators: [Item]
    var mixers: [Item]
    var effects: [Item]
    var curves: [Item]
    var problems: [String]
    var broken: [Broken]
    /// The GL that GLSL transitions run on (`llvmpipe (LLVM 15.0.6, 256 bits) | OpenGL ES 3.2 Mesa
    /// 22.3.6`), or why there is none; nil when no GLSL transition was found.
    var glslRenderer: String?
    /// Whether a filter narrowed it: kinds with nothing left are then left out of the text.
    var isFiltered = false

    /// What `registry` holds; `searchPath` is the plugin folders in the order they were searched,
    /// `builtin` the built-in one among them.
    public init(registry: Registry, searchPath: [String], builtin: String?) {
        self.searchPath = searchPath
        frei0rFolders = registry.frei0rDirectories
        let own = searchPath.map(Self.folderKey).filter { $0 != builtin.map(Self.folderKey) }
        ownFolders =
            own
            + frei0rFolders.map(Self.folderKey).filter {
                own.contains(URL(fileURLWithPath: $0).deletingLastPathComponent().path)
            }
        builtinCurves = BuiltInCurveNames.named + BuiltInCurveNames.forms
        animators = registry.animators.values.sorted { $0.name < $1.name }.map {
            Item(
                name: $0.name, kind: "animator", doc: $0.doc, version: $0.version, plugin: $0.plugin,
                nativePixels: nil, bringsIn: $0.bringsIn, parameters: $0.parameters)
        }
        mixers = registry.mixers.values.sorted { $0.name < $1.name }.map {
            Item(
                name: $0.name, kind: "mixer", doc: $0.doc, version: $0.version, plugin: $0.plugin,
                nativePixels: $0.takesNativePixels, parameters: $0.parameters)
        }
        effects = registry.effects.values.sorted { $0.name < $1.name }.map {
            Item(
                name: $0.name, kind: "effect", doc: $0.doc, version: $0.version, plugin: $0.plugin,
                nativePixels: $0.takesNativePixels, parameters: $0.parameters)
        }
        curves = registry.curves.values.sorted { $0.name < $1.name }.map(Item.init(curve:))
        problems = registry.clashes.map(\.description) + registry.warnings
        broken = registry.broken.map {
            Broken(file: $0.path, reason: $0.reasonWithoutPath, notHosted: $0.notHostedKind)
        }
        let usesGLSL = mixers.contains { $0.origin == PluginOrigin.glsl.rawValue }
        glslRenderer = usesGLSL ? GLSLTransition.renderer() : nil
        animators = animators.map(placed)
        mixers = mixers.map(placed)
        effects = effects.map(placed)
        curves = curves.map(placed)
        broken = broken.map { broken in
            var copy = broken
            (copy.folder, copy.own) = place(broken.file)
            return copy
        }
    }

    private func placed(_ item: Item) -> Item {
        var copy = item
        (copy.folder, copy.own) = place(item.pluginFile)
        return copy
    }

    /// The folder of `file` and whether it is the user's own.
    private func place(_ file: String) -> (String, Bool) {
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
        return (folder, ownFolders.contains(Self.folderKey(folder)))
    }

    /// A folder as folders are compared: absolute, without `.` and `..`, symbolic links resolved.
    static func folderKey(_ folder: String) -> String {
        URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// Whether a problem makes `plugins --strict` fail: a name registered twice, or a file
    /// skipped for any reason but being of a frei0r kind pipeline does not host.
    public var hasProblems: Bool { !problems.isEmpty || broken.contains { $0.notHosted == nil } }

    /// The JSON form: indented, keys sorted, ending in a newline.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }
}

extension PluginListing.Item {
    init(
        name: String, kind: String, doc: String, version: String, plugin: PluginInfo, nativePixels: Bool?,
        bringsIn: Bool? = nil, parameters: [ParameterDescriptor]
    ) {
        self.init(
            name: name, kind: kind, doc: doc, version: version, plugin: plugin.id, pluginFile: plugin.path,
            pluginVersion: plugin.version, origin: plugin.origin.rawValue, pluginAbout: plugin.about,
            nativePixels: nativePixels, bringsIn: bringsIn,
            parameters: parameters.map(PluginListing.Parameter.init),
            signature: nil, arguments: nil, argumentDefaults: nil)
    }

    init(curve: CurveEntry) {
        self.init(
            name: curve.name, kind: "timing curve", doc: curve.doc, version: curve.plugin.version,
            plugin: curve.plugin.id,
            pluginFile: curve.plugin.path, pluginVersion: curve.plugin.version,
            origin: curve.plugin.origin.rawValue, pluginAbout: curve.plugin.about,
            nativePixels: nil, bringsIn: nil, parameters: [],
            signature: curve.signature.description, arguments: curve.argumentNames,
            argumentDefaults: curve.argumentDefaults)
    }
}

extension PluginListing.Parameter {
    init(_ descriptor: ParameterDescriptor) {
        let ranged = descriptor.type.hasRange && !descriptor.type.isUnbounded(descriptor.min, descriptor.max)
        let numeric = descriptor.type.componentCount > 0 && !descriptor.isRequired
        self.init(
            id: descriptor.id, type: descriptor.type.name, doc: descriptor.doc, unit: descriptor.unit,
            required: descriptor.isRequired, acceptsLayer: descriptor.acceptsLayer,
            min: ranged ? descriptor.min : nil, max: ranged ? descriptor.max : nil,
            defaultValue: numeric ? Array(descriptor.defaults.prefix(descriptor.type.componentCount)) : nil,
            defaultString: descriptor.isRequired ? nil : descriptor.defaultString,
            choices: descriptor.type == .enumeration ? descriptor.choices : nil)
    }
}
