/// What a layer shows inside its frame: a fill under an optional image placed by a gravity.
/// Fixed for a whole render; animators change only the layer's properties.
public struct LayerContent: Sendable {
    public var fill: Fill?
    public var image: RasterImage?
    public var gravity: Gravity

    public init(fill: Fill? = nil, image: RasterImage? = nil, gravity: Gravity = .aspectFill) {
        self.fill = fill
        self.image = image
        self.gravity = gravity
    }
}
