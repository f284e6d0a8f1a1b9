// "Did you mean" for unknown names in pipeline files (animators, layers, curves, parameters):
// the nearest known name by edit distance, or nothing when no name is close enough to help.

public enum NameSuggestion {
    /// The candidate nearest to `name`, ignoring case, by optimal-string-alignment distance;
    /// nil when even the nearest needs more than max(2, a third of the name's length) edits.
    /// Ties go to the candidate that comes first.
    public static func nearest(to name: String, among candidates: some Sequence<String>) -> String? {
        let target = Array(name.lowercased())
        let allowed = max(2, name.count / 3)
        var best: (candidate: String, distance: Int)?
        // The distance is at least the difference in length: a long name is not compared at all,
        // so a megabyte-long typo costs nothing.
        for candidate in candidates where abs(candidate.count - target.count) <= allowed {
            let distance = editDistance(target, Array(candidate.lowercased()))
            if distance <= allowed, distance < best?.distance ?? .max {
                best = (candidate, distance)
            }
        }
        return best?.candidate
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
