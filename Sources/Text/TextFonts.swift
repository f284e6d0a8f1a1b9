import CCairo
import CTextShaping
import Foundation

/// One face of a font file at one em size, opened through FreeType: the font texts are shaped
/// and drawn with. Shared by every text and every compositor of the process (Cairo's scaled
/// fonts are safe to use from several threads; the FreeType face under it is used only while
/// locked).
package final class TextFont: @unchecked Sendable {
    /// The file and the face in it.
    let path: String
    let faceIndex: Int
    /// Whether its glyphs are colour pictures: they take no text colour and no stroke.
    package let isColor: Bool
    /// Whether its outlines are thickened (fontconfig's synthetic bold for a face with no bold).
    package let isEmboldened: Bool
    package let size: Double
    /// The Cairo face, and the font at identity: glyph lookup and advances. Unhinted metrics
    /// make advances scale linearly, so positions measured here hold under any layer transform.
    package let face: OpaquePointer
    let scaled: OpaquePointer
    /// The face's vertical metrics at `size`: lines stand on the first face's.
    package let ascent: Double
    package let descent: Double
    /// The same face opened by FreeType apart from Cairo's, for shaping, character lookup and
    /// rasterising turned glyphs (`withFace`); nil when FreeType cannot open it.
    private let ownFace: OpaquePointer?
    private let faceLock = NSLock()

    fileprivate init(
        path: String, faceIndex: Int, isColor: Bool, isEmboldened: Bool, face: OpaquePointer, size: Double
    ) {
        self.path = path
        self.faceIndex = faceIndex
        self.isColor = isColor
        self.isEmboldened = isEmboldened
        self.size = size
        self.face = face
        cairo_font_face_reference(face)
        var matrix = cairo_matrix_t()
        var identity = cairo_matrix_t()
        cairo_matrix_init_scale(&matrix, size, size)
        cairo_matrix_init_identity(&identity)
        scaled = cairo_scaled_font_create(face, &matrix, &identity, TextFonts.options)!
        var extents = cairo_font_extents_t()
        cairo_scaled_font_extents(scaled, &extents)
        ascent = extents.ascent
        descent = extents.descent
        ownFace = text_face_open(path, Int32(faceIndex), size)
    }

    deinit {
        cairo_scaled_font_destroy(scaled)
        cairo_font_face_destroy(face)
        text_face_close(ownFace)
    }

    /// Lends `body` the font's own FreeType face, one thread at a time. Cairo's face of the same
    /// file is not used for this: Cairo leaves it unlocked between its own calls, and its size,
    /// transform, glyph slot and stream position change as other threads draw with it.
    package func withFace<R>(_ body: (OpaquePointer) -> R) -> R? {
        guard let ownFace else { return nil }
        return faceLock.withLock { body(ownFace) }
    }

    /// Whether the face has a glyph for `scalar`.
    func has(_ scalar: Unicode.Scalar) -> Bool {
        withFace { text_face_has_character($0, scalar.value) != 0 } ?? false
    }

    /// Whether the face is usable at all (a file FreeType could open).
    var isValid: Bool { cairo_scaled_font_status(scaled) == CAIRO_STATUS_SUCCESS && ownFace != nil }
}

/// The fonts texts get, found through fontconfig (whose configuration holds the pipeline's own
/// `fonts`) and kept for the rest of the process: faces per file and face index, fonts per face
/// and size, and the answers of fontconfig per family and character set. Every answer depends
/// only on the fonts installed and added and on the text, never on the thread asking first.
package enum TextFonts {
    /// Grey antialiasing without hinting: glyph shapes and positions then depend only on the
    /// font file and the transform, never on the environment's defaults, so frames are
    /// byte-identical.
    nonisolated(unsafe) package static let options: OpaquePointer = {
        let options = cairo_font_options_create()!
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        return options
    }()

    /// The face a text asking for `family` gets, at `size`; nil when fontconfig has no font.
    static func primary(family: String, bold: Bool, size: Double) -> TextFont? {
        cache.font(for: .family(family, bold), size: size)
    }

    /// A face that has all of `scalars`, for a text asking for `family` whose own face lacks
    /// some: the pipeline's fonts first, then the installed ones; colour ones first for emoji.
    static func fallback(
        family: String, bold: Bool, size: Double, scalars: [Unicode.Scalar], emoji: Bool
    ) -> TextFont? {
        cache.font(for: .characters(family, bold, scalars.map(\.value), emoji), size: size)
    }

    private static let cache = Cache()

    private enum Query: Hashable {
        case family(String, Bool)
        case characters(String, Bool, [UInt32], Bool)
    }

    private struct Location: Hashable {
        var path: String
        var index: Int
        var color: Bool
        var embolden: Bool
    }

    private struct Sized: Hashable {
        var location: Location
        var size: Double
    }

    private final class Cache: @unchecked Sendable {
        private let lock = NSLock()
        private var locations: [Query: Location?] = [:]
        private var faces: [Location: OpaquePointer] = [:]
        private var fonts: [Sized: TextFont] = [:]
        /// The font files added to fontconfig when `locations` was filled.
        private var generation = 0

        func font(for query: Query, size: Double) -> TextFont? {
            let current = FontFamilies.generation
            return lock.withLock {
                if current != generation {
                    locations.removeAll()
                    generation = current
                }
                guard let location = locate(query) else { return nil }
                let key = Sized(location: location, size: size)
                if let font = fonts[key] { return font }
                let face =
                    faces[location]
                    ?? {
                        let face = font_face_create(
                            location.path, Int32(location.index), location.color ? 1 : 0,
                            location.embolden ? 1 : 0)!
                        faces[location] = face
                        return face
                    }()
                let font = TextFont(
                    path: location.path, faceIndex: location.index, isColor: location.color,
                    isEmboldened: location.embolden, face: face, size: size)
                guard font.isValid else { return nil }
                fonts[key] = font
                return font
            }
        }

        private func locate(_ query: Query) -> Location? {
            if let known = locations[query] { return known }
            var found = font_location_t()
            let located: Bool
            switch query {
            case .family(let family, let bold):
                located = font_match(family, bold ? 1 : 0, &found) == 1
            case .characters(let family, let bold, let scalars, let emoji):
                located = font_for_characters(family, bold ? 1 : 0, scalars, scalars.count, emoji ? 1 : 0, &found) == 1
            }
            defer { font_location_free(&found) }
            let location =
                located
                ? Location(
                    path: String(cString: found.path), index: Int(found.index), color: found.color != 0,
                    embolden: found.embolden != 0) : nil
            locations[query] = location
            return location
        }
    }
}
