import Foundation

/// The language of a text layer's captions (`captions.language`): a well-formed BCP 47 tag
/// (RFC 5646) whose language is an ISO 639 code, as its subtitle track names it.
public struct CaptionLanguage: Sendable, Equatable, Codable {
    /// The tag as the pipeline file writes it.
    public let tag: String
    /// The ISO 639-2 code of its language (terminology form: `deu`, `zho`), which MP4 and MOV
    /// store; the tag's region, script and variants have no place there.
    public let iso639: String

    /// Throws why when `tag` is not well formed or names no ISO 639 language.
    public init(tag: String) throws(CaptionLanguageError) {
        guard (try? Regex(Keys.languageTagPattern).wholeMatch(in: tag)) != nil else {
            throw CaptionLanguageError(
                "\(tag.quotedForMessage) is not a well-formed BCP 47 language tag: write a 2- or 3-letter language, "
                    + "then optionally a script, a region and variants, separated by \"-\", as \"en\", \"pt-BR\" "
                    + "or \"zh-Hant-TW\"")
        }
        let language = tag.prefix { $0 != "-" }.lowercased()
        if language.count == 3 {
            iso639 = language
        } else if let code = Locale.LanguageCode(language).identifier(.alpha3) {
            iso639 = code
        } else {
            throw CaptionLanguageError(
                "\(tag.quotedForMessage) begins with \(language.quotedForMessage), which is no ISO 639-1 language "
                    + "code: write one such as \"en\", \"fr\" or \"pt\", or a 3-letter ISO 639-2 code")
        }
        self.tag = tag
    }

    /// The code Matroska (WebM) stores: ISO 639-2's bibliographic form, which differs from the
    /// terminology form for these twenty languages.
    public var iso639Bibliographic: String {
        let bibliographic = [
            "sqi": "alb", "hye": "arm", "eus": "baq", "mya": "bur", "zho": "chi", "ces": "cze", "nld": "dut",
            "fra": "fre", "kat": "geo", "deu": "ger", "ell": "gre", "isl": "ice", "mkd": "mac", "mri": "mao",
            "msa": "may", "fas": "per", "ron": "rum", "slk": "slo", "bod": "tib", "cym": "wel",
        ]
        return bibliographic[iso639] ?? iso639
    }

    /// The code MOV stores: one of QuickTime's Macintosh language codes, which ffmpeg names in
    /// the terminology form for French, Romanian, Czech and Slovak and the bibliographic form for
    /// the others; a language with no Macintosh code is left undetermined there.
    public var iso639QuickTime: String {
        ["fra", "ron", "ces", "slk"].contains(iso639) ? iso639 : iso639Bibliographic
    }

    /// What a track without a language says: undetermined.
    public static let undetermined = "und"

    /// A part's record holds the tag alone, checked again when it is read back.
    public init(from decoder: any Decoder) throws {
        let tag = try decoder.singleValueContainer().decode(String.self)
        do throws(CaptionLanguageError) {
            try self.init(tag: tag)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.message))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(tag)
    }
}

/// Why a `captions.language` is refused.
public struct CaptionLanguageError: Error {
    public let message: String

    init(_ message: String) { self.message = message }
}
