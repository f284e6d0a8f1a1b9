/// What a layer shows inside its frame: a fill under an optional image placed by a gravity, and
/// an optional text above both. Fixed for a whole render; animators change only the layer's
/// properties.
public struct LayerContent: Sendable {
    public var fill: Fill?
    public var image: RasterImage?
    public var gravity: Gravity
    public var text: TextContent?

    public init(fill: Fill? = nil, image: RasterImage? = nil, gravity: Gravity = .aspectFill,
                text: TextContent? = nil) {
        self.fill = fill
        self.image = image
        self.gravity = gravity
        self.text = text
    }
}
