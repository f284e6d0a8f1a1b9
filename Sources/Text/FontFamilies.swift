import CFontCheck
import Foundation

/// The font families fontconfig has, as texts get them, and the font files pipelines add to it.
/// Fontconfig's configuration belongs to the whole process: files are added under one lock,
/// each once, and stay for the rest of the process (a batch's variants and a preview's reloads
/// share them).
public enum FontFamilies {
    /// One face of a font file.
    public struct Face: Sendable, Equatable {
        public let family: String
        public let style: String
    }

    /// The family a text asking for `family` gets instead, when fontconfig has no font of it;
    /// nil when it has one (or cannot say).
    public static func fallback(for family: String) -> String? {
        registrations.lock.withLock {
            var fallback = [CChar](repeating: 0, count: 256)
            guard font_family_installed(family, &fallback, fallback.count) == 0 else { return nil }
            return String(fontconfigAnswer: fallback)
        }
    }

    /// Adds the font file at `path` to fontconfig, once per process; its faces, or nil when it
    /// holds no font fontconfig can read.
    package static func register(_ path: String) -> [Face]? {
        registrations.faces(of: path)
    }

    /// The families of the files added, then the installed ones not among them, each sorted.
    package static func available() -> (added: [String], installed: [String]) {
        registrations.lock.withLock {
            let added = families(FONT_FAMILY_SET_APPLICATION)
            return (added, families(FONT_FAMILY_SET_SYSTEM).filter { !added.contains($0) })
        }
    }

    private static func families(_ set: font_family_set_t) -> [String] {
        let size = font_families(set, nil, 0)
        var buffer = [CChar](repeating: 0, count: size)
        _ = font_families(set, &buffer, size)
        return Set(String(fontconfigAnswer: buffer).split(separator: "\n").map(String.init)).sorted()
    }

    /// How many files have been added so far: a font found before a file was added may not be
    /// the one fontconfig gives now.
    static var generation: Int { registrations.lock.withLock { registrations.added } }

    private static let registrations = Registrations()

    /// The files added so far, by path, with their faces (nil: not a font).
    private final class Registrations: @unchecked Sendable {
        let lock = NSLock()
        private var faces: [String: [Face]?] = [:]
        /// Guarded by `lock`.
        var added = 0

        func faces(of path: String) -> [Face]? {
            lock.withLock {
                if let known = faces[path] { return known }
                var buffer = [CChar](repeating: 0, count: 4096)
                let added = font_file_register(path, &buffer, buffer.count) == 1
                let found = String(fontconfigAnswer: buffer).split(separator: "\n").map { line in
                    let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
                    return Face(family: String(parts[0]), style: parts.count > 1 ? String(parts[1]) : "")
                }
                faces[path] = added ? found : nil
                if added { self.added += 1 }
                return added ? found : nil
            }
        }
    }
}

extension String {
    /// The text before the first NUL of a buffer CFontCheck wrote its answer into.
    fileprivate init(fontconfigAnswer buffer: [CChar]) {
        self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
