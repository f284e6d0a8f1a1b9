/// Transitions in the gl-transitions format: a `.glsl` file in a plugin folder is the mixer named
/// by its base name (`Directional.glsl` → "Directional"). The registry reads the file and runs it
/// through EGL and OpenGL ES; here is how such a mixer is named, which the model needs without
/// the registry's GL adapter.
public enum GLSLTransition {
    public static let fileExtension = ".glsl"

    /// The mixer name of a file: its base name.
    package static func baseName(of path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return file.hasSuffix(fileExtension) ? String(file.dropLast(fileExtension.count)) : file
    }

    /// A transition's name is its file's base name as it is (`Directional`, `Drop_Zone_Flicker`,
    /// `directional-easing`): a letter, then letters, digits, '_' and '-'.
    package static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCIILetter, name.count <= 128 else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }
    }

    package static func registeredName(_ pointer: UnsafePointer<CChar>?) throws(DescriptorError) -> String {
        guard let pointer else { throw DescriptorError("a descriptor has no name") }
        let name = String(cString: pointer)
        guard isValidName(name) else {
            throw DescriptorError("GLSL transition name \"\(name)\" is not of the form [A-Za-z][A-Za-z0-9_-]*")
        }
        return name
    }

    /// A GLSL identifier: a letter or '_', then letters, digits and '_'.
    package static func isValidUniformName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCIILetter || first == "_" else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "_" }
    }
}
