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
