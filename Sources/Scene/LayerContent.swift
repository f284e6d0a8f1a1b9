/// What a layer shows inside its frame: a fill under an optional image, footage (a video or an
/// image sequence, one frame at a time), SVG document or Lottie animation placed by a gravity,
/// and an optional text above both.
/// Fixed for a whole render; animators change only the layer's properties. The image and the
/// footage are files named here and opened by stages of their own (the compositor's
/// `SceneImages` and `SceneFootage`), so a pipeline file is read and checked without decoding
/// pixels.
public struct LayerContent: Sendable {
    public var fill: Fill?
    public var image: ImageFile?
    /// Never set together with `image`.
    public var footage: FootageSpec?
    public var gravity: Gravity
    public var text: TextContent?
    /// Another layer, with its sublayers, as it looks at a time, in place of an image.
    public var snapshot: LayerSnapshot?
    /// An SVG document drawn as vectors, in place of an image.
    public var svg: SVGFile?
    /// A Lottie animation, in place of an image.
    public var lottie: LottieSpec?
    /// Vector paths, in place of an image.
    public var shape: ShapeContent?
    /// Draws the sublayers again and again, each copy a step further (see `Replicator`).
    public var replicator: Replicator?
    /// How the layer's picture combines with what lies under it in its parent.
    public var blendMode = BlendMode.normal
    /// The layer, a sibling, it is seen through (see `LayerMatte`).
    public var matte: LayerMatte?
    /// Effects applied to the layer's drawn content and sublayers, in order (see `LayerEffect`).
    public var effects: [LayerEffect] = []
    /// Effects applied to what is drawn behind the layer, inside its shape, under its content.
    public var backdropEffects: [LayerEffect] = []

    public init(
        fill: Fill? = nil, image: ImageFile? = nil, footage: FootageSpec? = nil, gravity: Gravity = .aspectFill,
        text: TextContent? = nil
    ) {
        precondition(image == nil || footage == nil, "a layer shows an image or footage, not both")
        self.fill = fill
        self.image = image
        self.footage = footage
        self.gravity = gravity
        self.text = text
    }
}

/// An image file a layer shows: its resolved path, and where the pipeline file names it, so a
/// file that cannot be decoded is reported at its place.
public struct ImageFile: Sendable {
    public let path: String
    /// The pipeline file, position and JSON path of the `image` value; nil for images made in code.
    public let origin: SceneError.Origin?

    public init(path: String, origin: SceneError.Origin? = nil) {
        self.path = path
        self.origin = origin
    }
}

extension LayerContent {
    /// Whether its fill is one colour (which `backgroundColor` animates).
    public var hasColorFill: Bool {
        if case .color = fill { return true }
        return false
    }

    /// Whether it shows footage or an image covering its whole frame: its filters then continue
    /// the picture's edge pixels past its edges by default (`EdgeMode.extend`), as video tools
    /// blur a clip, instead of fading it out there.
    public var picturesFillIt: Bool {
        (image != nil || footage != nil) && (gravity == .fill || gravity == .aspectFill)
    }
}

/// A layer's picture of another layer and its sublayers, frozen at a timeline time, as
/// `snapshotView(afterScreenUpdates:)` gives a transition something to animate while the real
/// view changes underneath.
public struct LayerSnapshot: Sendable, Equatable {
    /// The layer pictured.
    public var layer: Int
    /// The timeline time it is pictured at.
    public var time: Double

    public init(layer: Int, time: Double) {
        (self.layer, self.time) = (layer, time)
    }
}
