/// The byte order of an image a mixer reads or writes: the plugin ABI's RGBA, or the
/// compositor's own (Cairo's ARGB32, B G R A in memory on a little-endian machine), which a mixer
/// declaring ANIM_MIXER_NATIVE_PIXELS takes so that nothing is converted. Premultiplied either way.
public enum PixelOrder: Sendable {
    case rgba
    case native
}
