import Foundation

/// PluginScaffold holds what `pipeline new-animator` writes: small plugin projects in C, Swift and
/// Rust whose animator builds against this pipeline's `animator.h`. It owns the templates and
/// the spellings of a name they need; it loads no plugin and writes no file itself.

/// The spellings of a new animator's name that a plugin project needs: as pipeline files write
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

    /// The values templates substitute for their `{{placeholders}}`.
    func substitutions(include: String) -> [String: String] {
        ["name": name, "identifier": identifier, "Type": typeName, "include": include]
    }
}

extension String {
    /// This text with every `{{key}}` replaced by its value.
    func filling(_ values: [String: String]) -> String {
        values.reduce(self) { text, entry in text.replacingOccurrences(of: "{{\(entry.key)}}", with: entry.value) }
    }
}
