/// frei0r plugins: the video filters and two-input mixers of the frei0r standard, hosted as
/// effects and mixers named `frei0r.<file base name>` through the host's adapter
/// (`CFrei0rAdapter`). A frei0r file is native code from elsewhere: it is scanned in a child
/// process and cached like a pipeline plugin, opened only when a pipeline names it, and under
/// `--isolate` and `--sandbox` run as our own plugins are.
public enum Frei0rPlugin {
    /// How the adapter's reason for skipping a file of another kind ends (frei0r_adapter.c says
    /// which kind it is before it).
    package static let notHostedSuffix = "pipeline hosts only filters and mixer2"

    /// The prefix of every name a frei0r file registers.
    public static let prefix = "frei0r."

    /// The base name a frei0r file's names carry: its file name without `.so`.
    package static func baseName(of path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return file.hasSuffix(".so") ? String(file.dropLast(3)) : file
    }

    /// `frei0r.` and a file's base name as it is (frei0r names files freely: `IIRblur`,
    /// `coloradj_RGB`, `3dflippo`), without '/', white space or control characters.
    package static func registeredName(_ pointer: UnsafePointer<CChar>?) throws(DescriptorError) -> String {
        guard let pointer else { throw DescriptorError("a descriptor has no name") }
        let name = String(cString: pointer)
        let base = name.dropFirst(prefix.count)
        let valid =
            name.hasPrefix(prefix) && !base.isEmpty && base.count <= 128
            && base.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value != 0x7f && $0 != "/" }
        guard valid else { throw DescriptorError("frei0r name \"\(name)\" is not \"frei0r.\" and a file's base name") }
        return name
    }

    /// frei0r's parameter names are shown as they are ("Block width"): any printable text.
    package static func isValidParameterName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 128 && name.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7f }
    }
}
