import Foundation
import PluginDescriptions

/// Narrowing a listing: by name, kind, origin and folder, and the user's own plugins apart from
/// the built-in and system ones.
extension PluginListing {
    /// What a listing is narrowed to; an empty filter keeps everything.
    public struct Filter: Sendable {
        /// The kinds of registered names.
        public enum Kind: String, Sendable, CaseIterable {
            case animator, mixer, effect, curve
        }

        /// A shell pattern the name must match (`blur*`, `*wipe*`, `frei0r.?ix*`).
        public var pattern: String?
        public var kind: Kind?
        public var origin: PluginOrigin?
        /// A folder the plugin file must be in (directly).
        public var folder: String?

        public init(pattern: String? = nil, kind: Kind? = nil, origin: PluginOrigin? = nil, folder: String? = nil) {
            (self.pattern, self.kind, self.origin, self.folder) = (pattern, kind, origin, folder)
        }

        public var isEmpty: Bool { pattern == nil && kind == nil && origin == nil && folder == nil }

        func keeps(name: String, kind: Kind, origin: String, folder: String) -> Bool {
            (pattern.map { fnmatch($0, name, 0) == 0 } ?? true) && (self.kind.map { $0 == kind } ?? true)
                && (self.origin.map { $0.rawValue == origin } ?? true)
                && (self.folder.map { PluginListing.folderKey($0) == PluginListing.folderKey(folder) } ?? true)
        }

        func keeps(_ broken: Broken, origin brokenOrigin: PluginOrigin) -> Bool {
            let name = URL(fileURLWithPath: broken.file).deletingPathExtension().lastPathComponent
            return (pattern.map { fnmatch($0, name, 0) == 0 } ?? true) && kind == nil
                && (origin.map { $0 == brokenOrigin } ?? true)
                && (folder.map { PluginListing.folderKey($0) == PluginListing.folderKey(broken.folder) } ?? true)
        }
    }

    /// The listing of what `filter` keeps (the search path, the built-in curves and the
    /// problems stay).
    public func filtered(_ filter: Filter) -> PluginListing {
        guard !filter.isEmpty else { return self }
        var copy = self
        func keep(_ items: [Item], _ kind: Filter.Kind) -> [Item] {
            items.filter { filter.keeps(name: $0.name, kind: kind, origin: $0.origin, folder: $0.folder) }
        }
        copy.animators = keep(animators, .animator)
        copy.mixers = keep(mixers, .mixer)
        copy.effects = keep(effects, .effect)
        copy.curves = keep(curves, .curve)
        let frei0r = frei0rFolders.map(Self.folderKey)
        copy.broken = broken.filter { broken in
            let origin: PluginOrigin =
                broken.file.hasSuffix(GLSLTransition.fileExtension)
                ? .glsl : frei0r.contains(Self.folderKey(broken.folder)) ? .frei0r : .native
            return filter.keeps(broken, origin: origin)
        }
        copy.isFiltered = true
        if !copy.mixers.contains(where: { $0.origin == PluginOrigin.glsl.rawValue }) { copy.glslRenderer = nil }
        return copy
    }

    /// Whether anything of the user's own is listed: a name, or a file skipped.
    var hasOwn: Bool { (animators + mixers + effects + curves).contains(where: \.own) || broken.contains(where: \.own) }

    /// The listing of the user's own plugins alone.
    var own: PluginListing {
        var copy = self
        copy.animators = animators.filter(\.own)
        copy.mixers = mixers.filter(\.own)
        copy.effects = effects.filter(\.own)
        copy.curves = curves.filter(\.own)
        copy.broken = broken.filter(\.own)
        return copy
    }

    /// One line per folder of built-in and system plugins: how many names of each kind it
    /// registers, and the files skipped or not hosted there.
    var systemSummary: [String] {
        let items = (animators + mixers + effects + curves).filter { !$0.own }
        let skipped = broken.filter { !$0.own }
        var folders: [String] = []
        for folder in items.map(\.folder) + skipped.map(\.folder) where !folders.contains(folder) {
            folders.append(folder)
        }
        return folders.map { folder in
            let here = items.filter { $0.folder == folder }
            let counts = ["animator", "mixer", "effect", "timing curve"].compactMap { kind -> String? in
                let count = here.filter { $0.kind == kind }.count
                return count == 0 ? nil : "\(count) \(kind)\(count == 1 ? "" : "s")"
            }
            let notHosted = Dictionary(grouping: skipped.filter { $0.folder == folder }.compactMap(\.notHosted)) { $0 }
                .sorted { $0.key < $1.key }.map { "\($1.count) \($0)" }
            let failed = skipped.filter { $0.folder == folder && $0.notHosted == nil }.count
            var line = "  \(folder): " + (counts.isEmpty ? "nothing registered" : counts.joined(separator: ", "))
            if !notHosted.isEmpty { line += "; not hosted: \(notHosted.joined(separator: ", "))" }
            if failed > 0 { line += "; \(failed) skipped (see below)" }
            return line
        }
    }
}
