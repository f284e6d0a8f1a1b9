import Scene
import Text

/// A scene's fonts made ready before any of its texts is laid out: the files of its `fonts`
/// added to fontconfig, and every family its texts name found, among those files or installed.
public enum SceneFonts {
    /// How many installed families a message names; `fc-list` lists them all.
    static let namedInstalledFamilies = 8

    /// Adds the scene's font files (each a file fontconfig reads as a font, or an error at its
    /// entry), then checks that each text naming a family gets it: a family found nowhere is an
    /// error at the text's `font`, unless the text sets `"fallback": true`. Returns each file's
    /// faces, in the file's order.
    @discardableResult
    public static func prepare(_ scene: Scene) throws(SceneError) -> [(file: FontFile, faces: [FontFamilies.Face])] {
        var added: [(file: FontFile, faces: [FontFamilies.Face])] = []
        var errors: [SceneError] = []
        for (index, file) in scene.fonts.enumerated() {
            guard let faces = FontFamilies.register(file.path) else {
                errors.append(
                    SceneError(
                        at: file.origin,
                        message: "font file \(index + 1): \(file.path) is not a font fontconfig can read: "
                            + "expected a TrueType (.ttf), OpenType (.otf) or collection (.ttc) file"))
                continue
            }
            added.append((file, faces))
        }
        if let error = SceneError.combining(errors) { throw error }
        if let error = SceneError.combining(missingFamilies(in: scene)) { throw error }
        return added
    }

    /// A warning for each text that shows characters no font has (drawn as the font's
    /// missing-glyph box), naming them: "layer "title": no font has U+E000 (), …". Call after
    /// `prepare`, so the pipeline's own fonts are searched.
    public static func missingCharacters(in scene: Scene) -> [String] {
        var warned = Set<String>()
        return scene.layers.compactMap { layer in
            guard let text = layer.content.text, !text.string.isEmpty, text.size > 0, text.size.isFinite,
                let shaped = ShapedParagraph(text.string, family: text.fontFamily, bold: text.bold, size: text.size),
                !shaped.missing.isEmpty, warned.insert(text.string).inserted
            else { return nil }
            let named = shaped.missing.map {
                "U+\(String($0.value, radix: 16, uppercase: true).leftPadded(to: 4)) (\($0))"
            }
            return "layer \"\(layer.name)\": no installed font has \(named.joined(separator: ", ")): "
                + "\(named.count == 1 ? "it shows" : "they show") as the missing-glyph box"
        }
    }

    /// An error at the place each text names a family fontconfig has no font of.
    private static func missingFamilies(in scene: Scene) -> [SceneError] {
        var found: [SceneError] = []
        for layer in scene.layers {
            guard let text = layer.content.text, !text.fallback, let origin = text.fontOrigin,
                let fallback = FontFamilies.fallback(for: text.fontFamily)
            else { continue }
            found.append(SceneError(at: origin, message: missingMessage(text.fontFamily, fallback: fallback)))
        }
        return found
    }

    private static func missingMessage(_ family: String, fallback: String) -> String {
        let (added, installed) = FontFamilies.available()
        let suggestion = NameSuggestion.nearest(to: family, among: added + installed).map {
            " (did you mean \"\($0)\"?)"
        }
        var known: [String] = []
        if !added.isEmpty { known.append("the pipeline's fonts have \(quoted(added))") }
        let named = installed.prefix(namedInstalledFamilies)
        let more = installed.count > named.count ? " and \(installed.count - named.count) more" : ""
        known.append("installed are \(quoted(Array(named)))\(more) (`fc-list : family` lists them)")
        return "font family \"\(family)\" is not found\(suggestion ?? ""): \(known.joined(separator: "; ")). "
            + "Name one of those, add the family's font file to the pipeline's \"fonts\", or set "
            + "\"fallback\": true to draw the text in \"\(fallback)\""
    }

    private static func quoted(_ names: [String]) -> String {
        names.map { "\"\($0)\"" }.joined(separator: ", ")
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(width - count, 0)) + self
    }
}
