/// What a video does with its render's sound.
public enum VideoSound: Sendable {
    /// The mix is laid under the video once it is complete (`SoundMux`).
    case mixed(SoundMix)
    /// A part of a render (`--frames`, `--shard`) has no sound of its own: sounds encoded part by
    /// part would not join seamlessly. It carries the render's mix and its frames in its metadata,
    /// and `pipeline concat` lays the mix under the joined parts.
    case carried(SoundMix, part: Range<Int>)
}
