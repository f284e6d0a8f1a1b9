import Foundation

/// PluginScaffold holds what `pipeline new-animator` writes: small plugin projects in C, C++, Swift
/// and Rust whose animator or effect builds against this pipeline's `animator.h`. It owns the
/// templates and the spellings of a name they need; it loads no plugin and writes no file itself.

/// One file of a plugin project: its path inside the project's folder and the text to write there.
public typealias ProjectFile = (path: String, text: String)

/// What a new plugin project provides: an animator (layer properties over a step's progress) or,
/// from ABI 1.2, an effect (a layer's pixels filtered, named in its `"filters"`).
public enum PluginKind: String, CaseIterable, Sendable {
    case animator, effect
}

/// The spellings of a new animator's (or effect's) name that a plugin project needs: as pipeline files write
/// it (`wobble-x`), as a C identifier (`wobble_x`) and as a Swift type or package (`WobbleX`).
public struct NewAnimatorName: Sendable {
    public let name: String
    public let identifier: String
    public let typeName: String

    /// Nil unless `name` has the form animator names take: [a-z][a-z0-9-]*.
    public init?(_ name: String) {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first),
            name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" })
        else { return nil }
        self.name = name
        identifier = name.replacingOccurrences(of: "-", with: "_")
        typeName = name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The values templates substitute for their `{{placeholders}}`; `{{kind}}` is "animator" or
    /// "effect".
    func substitutions(include: String, kind: PluginKind = .animator) -> [String: String] {
        [
            "name": name, "identifier": identifier, "Type": typeName, "include": include, "kind": kind.rawValue,
            "cDeclarations": PluginDeclarations.text(self, kind: kind, cPlusPlus: false),
            "cppDeclarations": PluginDeclarations.text(self, kind: kind, cPlusPlus: true),
            "rustDeclarations": PluginDeclarations.rust(self, kind: kind),
        ]
    }
}

extension String {
    /// This text with every `{{key}}` replaced by its value.
    func filling(_ values: [String: String]) -> String {
        values.reduce(self) { text, entry in text.replacingOccurrences(of: "{{\(entry.key)}}", with: entry.value) }
    }
}
