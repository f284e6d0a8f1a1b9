/// One layer of a mixer step shown alone outside the step's span, where its fill says so
/// (`Step.Fill.Side.layer`): the other is hidden with its sublayers, and the layer is drawn
/// where the mix is, in place of the upper of the two, so layers drawn between them stay covered
/// as they are during the mix.
public struct LayerAlone: Sendable, Equatable {
    /// The layer shown.
    public let layer: Int
    /// The other layer, hidden.
    public let hidden: Int
    /// Where the mix is drawn: the upper of the two.
    public let place: Int
    /// Whether layers are drawn between the shown layer and `place`: the layer must then be
    /// drawn alone in its place (as a mix's output is); otherwise hiding the other is enough.
    public let movesUp: Bool

    init(layer: Int, hidden: Int, place: Int, tree: LayerTree) {
        (self.layer, self.hidden, self.place) = (layer, hidden, place)
        movesUp = layer < place && tree.ends[layer] < place
    }
}

/// The layers whose footage a frame does not draw, so that none is decoded for them: those a
/// mixer step hides (each `LayerAlone.hidden`), with their sublayers, but for layers drawn apart
/// from the frame's tree, with their sublayers: one a running mixer blends is drawn into the
/// mix's input, and one a step shows alone into the picture that takes another's place, whatever
/// hides their parents.
public struct HiddenFootage: Sendable, Equatable {
    public let hidden: Set<Int>
    public let drawnApart: Set<Int>

    /// Hides nothing.
    public static let none = HiddenFootage(hidden: [], drawnApart: [])

    public init(hidden: Set<Int>, drawnApart: Set<Int>) {
        (self.hidden, self.drawnApart) = (hidden, drawnApart)
    }

    /// Whether the layer whose ancestry is `ancestry` (the layer, its parent, and so on up) is
    /// not drawn: one of them hidden, none drawn apart.
    public func hides(ancestry: some Sequence<Int>) -> Bool {
        guard !hidden.isEmpty else { return false }
        var isHidden = false
        for layer in ancestry {
            if drawnApart.contains(layer) { return false }
            if hidden.contains(layer) { isHidden = true }
        }
        return isHidden
    }
}
