import PluginScaffold

/// A new plugin project, as `pipeline new-animator` writes it: an animator or an effect with one
/// parameter, its build file and a README, in C, C++, Swift or Rust, built against this pipeline's
/// `animator.h`.
public struct NewPluginProject: Sendable {
    /// The project's language; C++ is `c++` (the command also takes `cpp` and `cxx`).
    public enum Language: String, CaseIterable, Sendable {
        case c
        case cPlusPlus = "c++"
        case swift, rust
    }

    /// An animator writes layer properties over a step's progress; an effect (animator ABI 1.2)
    /// filters a layer's pixels.
    public enum Kind: String, CaseIterable, Sendable { case animator, effect }

    /// The project's files, relative to its folder.
    let files: [(path: String, text: String)]
    /// What the user must fix by hand: this pipeline's `animator.h` or Rust bindings were not
    /// found, and a placeholder stands for them.
    public let warnings: [String]

    /// The project of the animator or effect `name`; nil unless `name` has the form names take
    /// in pipeline files: a lowercase letter, then lowercase letters, digits or `-`.
    public init?(name: String, language: Language, kind: Kind) {
        guard let name = NewAnimatorName(name), let language = PluginProject.Language(rawValue: language.rawValue)
        else { return nil }
        (files, warnings) = PluginProject.files(name, language: language, kind: kind == .animator ? .animator : .effect)
    }

    /// Writes the files into `directory`, making the folders they need; returns their paths. The
    /// error names the file that could not be written.
    public func write(into directory: String) throws -> [String] { try PluginProject.write(files, into: directory) }

    /// Why `name` cannot name an animator or effect (it must match `[a-z][a-z0-9-]*`); nil when it can.
    public static func problem(withName name: String, kind: Kind) -> String? {
        guard NewAnimatorName(name) == nil else { return nil }
        return
            "invalid \(kind.rawValue) name \"\(name)\": expected a lowercase letter, then lowercase letters, digits or "
            + "'-' (e.g. wobble, slide-2)"
    }

    /// Why `directory` cannot take a new project (a file, or a folder that is not empty); nil
    /// when it can (it does not exist, or is empty).
    public static func problem(with directory: String) -> String? { PluginProject.problem(with: directory) }

    /// What a project holds and how it is built: `pipeline new-animator --help` shows it.
    public static let guide = PluginProject.guide
}
