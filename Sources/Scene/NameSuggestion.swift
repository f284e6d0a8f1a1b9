import PluginDescriptions

// "Did you mean" for unknown names in pipeline files and on the command line (animators, mixers,
// effects, curves, layers, keys, parameters, commands): the known name the writer most likely
// meant, or nothing when no name is close enough to help.

public enum NameSuggestion {
    /// The candidate `name` most likely meant, ignoring case, by these rules in order:
    /// 1. the same name in other case (`crosszoom` → `CrossZoom`);
    /// 2. a transition named by its file (`CrossZoom.glsl` → `CrossZoom`);
    /// 3. a namespaced name written without its namespace (`vignette` → `frei0r.vignette`);
    /// 4. the nearest by optimal-string-alignment distance, when it needs at most
    ///    max(2, a third of the name's length) edits (`frei0r.vignete` → `frei0r.vignette`), a
    ///    namespaced name's distance being its last part's when that is nearer
    ///    (`pixelizor` → `frei0r.pixeliz0r`).
    /// Ties go to the candidate that comes first; nil when no rule finds one.
    public static func nearest(to name: String, among candidates: some Sequence<String>) -> String? {
        let lowered = name.lowercased()
        let candidates = Array(candidates)
        let folded = candidates.map { $0.lowercased() }
        func first(where matches: (String) -> Bool) -> String? {
            folded.firstIndex(where: matches).map { candidates[$0] }
        }
        if let same = first(where: { $0 == lowered }) { return same }
        let fileExtension = GLSLTransition.fileExtension
        if lowered.hasSuffix(fileExtension), lowered.count > fileExtension.count,
            let stem = first(where: { $0 == lowered.dropLast(fileExtension.count) })
        {
            return stem
        }
        if !lowered.isEmpty, let namespaced = first(where: { $0.hasSuffix("." + lowered) }) { return namespaced }
        return nearestBySpelling(to: Array(lowered), among: zip(candidates, folded))
    }

    private static func nearestBySpelling(
        to target: [Character], among candidates: Zip2Sequence<[String], [String]>
    ) -> String? {
        let allowed = max(2, target.count / 3)
        var best: (candidate: String, distance: Int)?
        // The distance is at least the difference in length: a long name is not compared at all,
        // so a megabyte-long typo costs nothing.
        for (candidate, folded) in candidates {
            let lastPart = folded.lastIndex(of: ".").map { String(folded[folded.index(after: $0)...]) }
            let spellings = [folded] + (lastPart.map { [$0] } ?? [])
            for spelling in spellings where abs(spelling.count - target.count) <= allowed {
                let distance = editDistance(target, Array(spelling))
                if distance <= allowed, distance < best?.distance ?? .max {
                    best = (candidate, distance)
                }
            }
        }
        return best?.candidate
    }

    /// What follows `unknown effect "glow"`: `; did you mean "…"?` when `nearest` finds one,
    /// else the known names. frei0r's are counted rather than listed: Debian's add some 140,
    /// which would bury the host's own.
    static func unknownNameHint(_ name: String, among known: [String], kind: RegistrationKind) -> String {
        if let nearest = nearest(to: name, among: known) { return "; did you mean \"\(nearest)\"?" }
        let plural = "\(kind.rawValue)s"
        guard !known.isEmpty else { return "; no \(plural) are installed (see `pipeline plugins`)" }
        let frei0rCount = known.count { $0.hasPrefix(Frei0rPlugin.prefix) }
        let listed = known.filter { !$0.hasPrefix(Frei0rPlugin.prefix) }
        let frei0r = "\(frei0rCount) frei0r \(frei0rCount == 1 ? kind.rawValue : plural)"
        guard !listed.isEmpty else { return "; known \(plural): \(frei0r) (`pipeline plugins` lists them)" }
        let hint = "; known \(plural): \(listed.joined(separator: ", "))"
        return frei0rCount == 0 ? hint : "\(hint), and \(frei0r) (`pipeline plugins` lists them)"
    }

    /// Levenshtein distance that also counts swapping two neighbouring characters as one edit,
    /// the commonest typo (`ofset`, `fdae`); computed one table row at a time.
    private static func editDistance(_ source: [Character], _ target: [Character]) -> Int {
        var rowBeforePrevious: [Int] = []
        var previousRow = Array(0...target.count)
        for (i, sourceCharacter) in source.enumerated() {
            var row = [i + 1] + Array(repeating: 0, count: target.count)
            for (j, targetCharacter) in target.enumerated() {
                let cost = sourceCharacter == targetCharacter ? 0 : 1
                row[j + 1] = min(previousRow[j + 1] + 1, row[j] + 1, previousRow[j] + cost)
                if i > 0, j > 0, sourceCharacter == target[j - 1], source[i - 1] == targetCharacter {
                    row[j + 1] = min(row[j + 1], rowBeforePrevious[j - 1] + cost)
                }
            }
            rowBeforePrevious = previousRow
            previousRow = row
        }
        return previousRow[target.count]
    }
}

extension String {
    /// The name in quotes, for a message; a very long one (a paste gone wrong) is cut to its
    /// start and length, so the message stays one readable line.
    var quotedForMessage: String {
        count <= 80 ? "\"\(self)\"" : "\"\(prefix(40))…\" (\(count) characters)"
    }
}
