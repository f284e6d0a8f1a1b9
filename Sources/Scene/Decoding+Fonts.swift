import Foundation

/// The top-level `fonts` list. Paths resolve and are confined as images are; whether a file is a
/// font is for fontconfig to say, when the compositor registers it (`SceneFonts`). A missing or
/// disallowed file is reported after the errors in the pipeline file itself, as a missing image is.
extension Decoding {
    /// `"fonts": ["fonts/Inter-Regular.ttf", "fonts/Inter-Bold.ttf"]`: every entry is checked,
    /// a broken one reported and the next one read.
    mutating func decodeFonts(_ field: Field?) -> [FontFile] {
        decodeEach(of: field) { decoding, item, index throws(SceneError) in
            let font = FontFile(
                path: decoding.resolve(try item.string()),
                origin: SceneError.Origin(file: decoding.file, position: item.node.position, path: item.path))
            return decoding.checkFont(font, owner: "font file \(index + 1)") ? font : nil
        }
    }

    /// Each entry of the list `field` as `read` makes it: a broken entry (`read` throws, or
    /// returns nil after keeping its problem) is left out and the next one read; a `field` that
    /// is no list is kept as the problem, and gives none.
    mutating func decodeEach<Item>(
        of field: Field?, _ read: (inout Decoding, Field, Int) throws(SceneError) -> Item?
    ) -> [Item] {
        guard let field else { return [] }
        guard let items = keep(Self.attempt { () throws(SceneError) in try field.array() }) else { return [] }
        var decoded: [Item] = []
        for (index, item) in items.enumerated() {
            let result = Self.attempt { () throws(SceneError) in try read(&self, item, index) }
            if let each = keep(result) ?? nil { decoded.append(each) }
        }
        return decoded
    }

    /// Whether the font file passes the checks an image does (path limits, present, inside the
    /// pipeline's folder, a regular file); a failure is kept for the report. `owner` names the
    /// entry: "font file 2".
    private mutating func checkFont(_ font: FontFile, owner: String) -> Bool {
        checkMediaFile(
            font.path, at: font.origin, owner: owner, what: "font",
            notFound: "not found: \(font.path) (a TTF, OTF or TTC file, relative to the pipeline file)")
    }

    /// Whether the `what` file at `path` (a font, a sound) passes the checks an image does: path
    /// limits, present (else "`owner`: `notFound`"), inside the pipeline's folder, a regular file.
    /// A failure is kept for the report.
    mutating func checkMediaFile(
        _ path: String, at origin: SceneError.Origin, owner: String, what: String, notFound: String
    ) -> Bool {
        let problem: String? =
            if let problem = PathLimits.problem(path) {
                "\(owner): the \(what) path \(path) \(problem)"
            } else if !FileManager.default.fileExists(atPath: path) {
                "\(owner): \(notFound)"
            } else if let problem = confinement?.problem(path, owner: owner, what: what) {
                problem
            } else {
                FileKind.irregular(path).map { "\(what) \(path) is \($0), not a regular file" }
            }
        guard let problem else { return true }
        imageErrors.append(SceneError(at: origin, message: problem))
        return false
    }
}
