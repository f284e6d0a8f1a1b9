/// Sheet: pictures about a render rather than frames of it — the contact sheet (frames at chosen
/// times in a grid, each captioned with its time) and the timing chart (every step's progress
/// over the render's time).
///
/// It renders frames only through the Renderer and draws text only through the Compositor's
/// text layers; it writes no files (the CLI writes the PNGs) and never changes a scene.
import CAnimatorABI

/// The colours and sizes both pictures share. Every colour is opaque, so a reader of the PNG
/// (or a test) can tell background, panels and ink apart by colour alone.
enum SheetStyle {
    static let background = color(0x26, 0x27, 0x2c)
    static let title = color(0xee, 0xee, 0xf2)
    static let caption = color(0xc8, 0xc9, 0xd2)
    static let secondary = color(0x8c, 0x8e, 0x9a)
    /// The chart's plot area of one step, outside and inside the step's active span.
    static let panel = color(0x31, 0x33, 0x3a)
    static let activeSpan = color(0x2d, 0x44, 0x5e)
    /// The lines at progress 0 and 1.
    static let unitLine = color(0x78, 0x7b, 0x88)
    static let timeTick = color(0x3b, 0x3d, 0x46)
    static let progress = color(0xff, 0xa4, 0x1b)
    static let release = color(0xff, 0x4f, 0x6a)

    static let margin = 24
    static let titleHeight = 44
    static let titleSize = 18.0

    static func color(_ r: Int, _ g: Int, _ b: Int) -> anim_color_t {
        anim_color_t(r: Double(r) / 255, g: Double(g) / 255, b: Double(b) / 255, a: 1)
    }
}
