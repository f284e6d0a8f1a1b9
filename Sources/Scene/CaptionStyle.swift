import CAnimatorABI
import Foundation
import Text

/// How captions are laid out and drawn: decoded now, drawn by the compositor.
public struct CaptionStyle: Sendable {
    /// Pixels kept free inside the frame's edges (a safe area).
    public var margin: Double = 40
    /// The widest a line is, in pixels; nil: the frame's width less the margins.
    public var maxWidth: Double?
    public var maxLines: Int = 2
    public var box: CaptionBox?
    public var highlight: CaptionHighlight?

    public init() {}
}

/// A box behind a cue's lines.
public struct CaptionBox: Sendable {
    public var color: anim_color_t
    public var padding: Double
    public var cornerRadius: Double

    public init(color: anim_color_t, padding: Double, cornerRadius: Double) {
        (self.color, self.padding, self.cornerRadius) = (color, padding, cornerRadius)
    }
}

/// How the word being spoken stands out; each nil leaves that unchanged.
public struct CaptionHighlight: Sendable {
    public var color: anim_color_t?
    public var scale: Double
    /// A colour drawn behind the word.
    public var box: anim_color_t?
    /// How the words of a cue without inline timestamps share its time.
    public var wordTiming: CaptionWordTiming

    public init(
        color: anim_color_t? = nil, scale: Double = 1, box: anim_color_t? = nil,
        wordTiming: CaptionWordTiming = .characters
    ) {
        (self.color, self.scale, self.box, self.wordTiming) = (color, scale, box, wordTiming)
    }
}

/// A text layer's captions: the cues of its file and their style.
public struct TextCaptions: Sendable {
    public let file: String
    public let track: CaptionTrack
    public var style: CaptionStyle
    /// Where the pipeline file names the caption file.
    public let origin: SceneError.Origin
    /// Written into the subtitle track; nil: undetermined.
    public var language: CaptionLanguage?

    public init(file: String, track: CaptionTrack, style: CaptionStyle, origin: SceneError.Origin) {
        (self.file, self.track, self.style, self.origin) = (file, track, style, origin)
    }
}

extension CaptionSpan {
    /// `color` as a colour: `#rgb` or `#rrggbb`, or one of HTML's sixteen colour names, in any
    /// case; nil when it is none of them (the text keeps its own colour).
    public var colorValue: anim_color_t? {
        guard let written = color?.trimmingCharacters(in: .whitespaces).lowercased(), !written.isEmpty else {
            return nil
        }
        let named: [String: UInt32] = [
            "black": 0x000000, "silver": 0xC0C0C0, "gray": 0x808080, "grey": 0x808080, "white": 0xFFFFFF,
            "maroon": 0x800000, "red": 0xFF0000, "purple": 0x800080, "fuchsia": 0xFF00FF, "green": 0x008000,
            "lime": 0x00FF00, "olive": 0x808000, "yellow": 0xFFFF00, "navy": 0x000080, "blue": 0x0000FF,
            "teal": 0x008080, "aqua": 0x00FFFF,
        ]
        var value: UInt32
        if let known = named[written] {
            value = known
        } else if written.hasPrefix("#"), let hex = UInt32(written.dropFirst(), radix: 16) {
            switch written.count {
            case 7: value = hex
            case 4:
                let (r, g, b) = (hex >> 8 & 0xF, hex >> 4 & 0xF, hex & 0xF)
                value = (r * 17) << 16 | (g * 17) << 8 | b * 17
            default: return nil
            }
        } else {
            return nil
        }
        return anim_color_t(
            r: Double(value >> 16 & 0xFF) / 255, g: Double(value >> 8 & 0xFF) / 255, b: Double(value & 0xFF) / 255, a: 1
        )
    }

    /// Whether it draws differently from the text's own style.
    public var isStyled: Bool { bold || italic || colorValue != nil }
}
