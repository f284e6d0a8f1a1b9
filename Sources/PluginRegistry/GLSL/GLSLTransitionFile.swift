import CGLSLTransition

/// A transition file in the gl-transitions format, as read: which GLSL it is, its uniforms (the
/// mixer's parameters) with their defaults, and the text the host wraps and compiles. Reading
/// is text only; compiling is the adapter's (`CGLSLTransition`).
struct GLSLTransitionFile {
    /// A uniform's type and what it becomes as a parameter.
    enum UniformType: String, CaseIterable {
        case bool, int, float, vec2, vec3, vec4, ivec2, ivec3, ivec4
        case sampler2D

        /// The adapter's number for it (glsl_transition.h), which is also the parameter's type.
        var code: UInt32 {
            switch self {
            case .bool: GLSL_UNIFORM_BOOL
            case .int: GLSL_UNIFORM_INT
            case .float: GLSL_UNIFORM_FLOAT
            case .vec2: GLSL_UNIFORM_VEC2
            case .vec3: GLSL_UNIFORM_VEC3
            case .vec4: GLSL_UNIFORM_VEC4
            case .ivec2: GLSL_UNIFORM_IVEC2
            case .ivec3: GLSL_UNIFORM_IVEC3
            case .ivec4: GLSL_UNIFORM_IVEC4
            case .sampler2D: GLSL_UNIFORM_IMAGE
            }
        }

        /// How many numbers a value has (0 for an image).
        var componentCount: Int {
            switch self {
            case .bool, .int, .float: 1
            case .vec2, .ivec2: 2
            case .vec3, .ivec3: 3
            case .vec4, .ivec4: 4
            case .sampler2D: 0
            }
        }

        var isInteger: Bool { [.int, .ivec2, .ivec3, .ivec4].contains(self) }
    }

    struct Uniform {
        let name: String
        let type: UniformType
        /// nil: the file gives none, and the value is zero.
        let defaults: [Double]?
        let doc: String
    }

    /// The names the host declares: never parameters.
    static let reserved: Set<String> = ["progress", "ratio", "from", "to", "getFromColor", "getToColor", "uv", "main"]

    let isES3: Bool
    let uniforms: [Uniform]
    /// The file with its `#version` directive and declarations of the host's own uniforms blanked:
    /// what goes between the prelude and `main`, at the file's own lines.
    let body: String
    /// The globals' initializers, run at the start of `main` (see `deferGlobalInitializers`).
    let initializers: String
    /// "Description: …" and "Author: …" from the file's comments, when it has them.
    let doc: String
    /// The file as written, whose lines a compile error shows.
    let text: String

    /// Why a file cannot be a transition: the place (FILE:LINE:COL, or FILE) and what is wrong.
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    /// Reads `text`, the file `path` (as messages name it).
    init(text: String, path: String) throws(Problem) {
        let source = GLSLSourceText(text)
        var reader = GLSLDeclarationReader(source: source, path: path)
        isES3 = try reader.readVersion()
        uniforms = try reader.readUniforms()
        guard reader.definesTransition() else {
            throw Problem(description: "\(path): no `vec4 transition(vec2 uv)` function: a transition file defines it")
        }
        initializers = reader.deferGlobalInitializers()
        body = reader.body
        doc = Self.doc(from: source.comments.map(\.text))
        self.text = text
    }

    private static func doc(from comments: [String]) -> String {
        func field(_ name: String) -> String? {
            for comment in comments {
                let line = comment.trimmingCharacters(in: " \t")
                guard line.lowercased().hasPrefix(name.lowercased() + ":") else { continue }
                return line.dropFirst(name.count + 1).trimmingCharacters(in: " \t")
            }
            return nil
        }
        let description = field("Description") ?? "a GLSL transition"
        return field("Author").map { "\(description) (by \($0))" } ?? description
    }
}

extension StringProtocol {
    /// The text without the characters of `set` at either end (found from each end in place: no
    /// reversed copies).
    func trimmingCharacters(in set: String) -> String {
        guard let first = firstIndex(where: { !set.contains($0) }),
            let last = lastIndex(where: { !set.contains($0) })
        else { return "" }
        return String(self[first...last])
    }
}
