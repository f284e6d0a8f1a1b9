import Foundation
import PluginDescriptions

/// Where frei0r files are found (the names they register are `Frei0rNaming.swift`'s).
extension Frei0rPlugin {
    /// frei0r's own variable: folders separated by ':'; when set, the only system folders searched.
    public static let pathVariable = "FREI0R_PATH"

    /// Where frei0r files are looked for, in order: `frei0r/` inside each plugin folder, then
    /// FREI0R_PATH, or when it is unset frei0r's usual folders (`/usr/local/lib/frei0r-1`,
    /// `/usr/lib/frei0r-1`, the multiarch folder, `~/.frei0r-1/lib`).
    public static func directories(
        pluginDirectories: [String], environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> [String] {
        let inside = pluginDirectories.map { $0 + "/frei0r" }
        let system: [String]
        if let variable = environment[pathVariable] {
            system = variable.split(separator: ":").map(String.init).filter { !$0.isEmpty }
        } else {
            system =
                [
                    "/usr/local/lib/frei0r-1", "/usr/lib/frei0r-1", "/usr/lib/\(multiarch)/frei0r-1",
                ] + (environment["HOME"].map { [$0 + "/.frei0r-1/lib"] } ?? [])
        }
        return (inside + system).filter(PluginSearchPath.isDirectory)
    }

    /// Debian's multiarch triplet for this build.
    static var multiarch: String {
        #if arch(x86_64)
            "x86_64-linux-gnu"
        #elseif arch(arm64)
            "aarch64-linux-gnu"
        #else
            "unknown"
        #endif
    }

    /// The frei0r file that would register `name` (`frei0r.pixeliz0r` → the first
    /// `pixeliz0r.so` in `directories`), or nil.
    static func file(registering name: String, in directories: [String]) -> String? {
        guard name.hasPrefix(prefix) else { return nil }
        let base = String(name.dropFirst(prefix.count))
        guard !base.isEmpty, !base.contains("/") else { return nil }
        return directories.map { "\($0)/\(base).so" }.first { FileManager.default.fileExists(atPath: $0) }
    }
}
