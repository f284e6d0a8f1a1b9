import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Finding a sequence's files from its pattern.
extension ImageSequence {
    static func list(_ pattern: String) throws(FootageError) -> [String] {
        if let numbered = NumberedPattern(pattern) { return try numbered.files() }
        guard pattern.contains(where: { "*?[".contains($0) }) else { throw .notASequence(pattern: pattern) }
        let files = glob(pattern).sorted(by: NaturalOrder.precedes)
        guard !files.isEmpty else { throw .noFiles(pattern: pattern) }
        return files
    }

    /// The regular files a shell glob matches.
    private static func glob(_ pattern: String) -> [String] {
        var found = glob_t()
        defer { globfree(&found) }
        guard Glibc.glob(pattern, GLOB_MARK, nil, &found) == 0 else { return [] }
        return (0..<Int(found.gl_pathc)).compactMap { found.gl_pathv[$0].map { String(cString: $0) } }
            .filter { !$0.hasSuffix("/") }
    }
}

/// `frame_%04d.png` or `frame_%d.png`: a folder, a name with one printf-style decimal number.
private struct NumberedPattern {
    let pattern: String
    let folder: String
    let prefix: String, suffix: String
    /// The zero-padded width of `%0Nd`, 0 for `%d`.
    let width: Int

    init?(_ pattern: String) {
        self.pattern = pattern
        let slash = pattern.lastIndex(of: "/")
        folder = slash.map { String(pattern[..<$0]) } ?? ""
        let name = slash.map { String(pattern[pattern.index(after: $0)...]) } ?? pattern
        guard let match = name.firstMatch(of: /%(0[1-9][0-9]?)?d/) else { return nil }
        prefix = String(name[..<match.range.lowerBound])
        suffix = String(name[match.range.upperBound...])
        width = match.output.1.flatMap { Int($0) } ?? 0
    }

    func name(_ number: Int) -> String {
        prefix + (width == 0 ? String(number) : String(format: "%0*d", width, number)) + suffix
    }

    func path(_ number: Int) -> String {
        folder.isEmpty ? name(number) : "\(folder)/\(name(number))"
    }

    /// The number a file name carries, when it is exactly how the pattern prints that number.
    func number(of file: String) -> Int? {
        guard file.hasPrefix(prefix), file.hasSuffix(suffix), file.count > prefix.count + suffix.count else {
            return nil
        }
        let digits = file.dropFirst(prefix.count).dropLast(suffix.count)
        guard digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), let number = Int(digits) else { return nil }
        return name(number) == file ? number : nil
    }

    /// Every numbered file from the first that exists to the last, which must leave no gap.
    func files() throws(FootageError) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        let numbers = names.compactMap(number(of:)).sorted()
        guard let first = numbers.first, let last = numbers.last else {
            throw .noFiles(pattern: pattern)
        }
        for (expected, number) in zip(first..., numbers) where number != expected {
            throw .missingFrame(path: path(expected), previous: name(expected - 1), next: name(number))
        }
        return (first...last).map(path)
    }
}
