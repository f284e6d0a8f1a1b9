/// How a scene's layers nest. The flat list of layers is the tree in depth-first order: each
/// layer is followed by its sublayers, bottom first, and theirs in turn. Painting the list in
/// order paints every layer below its sublayers and every subtree below the next sibling, as
/// Core Animation does; a layer's subtree is the run of indices `index..<ends[index]`.
public struct LayerTree: Sendable, Equatable {
    /// Each layer's parent, nil at the top level.
    public let parents: [Int?]
    /// One past the last layer of each layer's subtree.
    public let ends: [Int]
    /// Each layer's `masksToBounds`: its sublayers are clipped to its rounded bounds.
    public let masksToBounds: [Bool]

    public init(parents: [Int?], ends: [Int], masksToBounds: [Bool]) {
        precondition(parents.count == ends.count && ends.count == masksToBounds.count, "one entry per layer")
        for (index, end) in ends.enumerated() {
            precondition(end > index && end <= ends.count, "layer \(index)'s subtree ends outside the list")
            if let parent = parents[index] {
                precondition(parent < index && ends[parent] >= end, "layer \(index) lies outside its parent")
            }
        }
        self.parents = parents
        self.ends = ends
        self.masksToBounds = masksToBounds
    }

    /// `count` layers, none inside another: what a scene without sublayers has.
    public static func flat(count: Int) -> LayerTree {
        LayerTree(
            parents: Array(repeating: nil, count: count), ends: (0..<count).map { $0 + 1 },
            masksToBounds: Array(repeating: false, count: count))
    }

    public var count: Int { ends.count }

    public func hasSublayers(_ index: Int) -> Bool { ends[index] > index + 1 }

    /// The direct sublayers of `index`, bottom first.
    public func sublayers(of index: Int) -> [Int] {
        var children: [Int] = []
        var child = index + 1
        while child < ends[index] {
            children.append(child)
            child = ends[child]
        }
        return children
    }

    /// The layer's ancestors, nearest first.
    public func ancestors(of index: Int) -> [Int] {
        var chain: [Int] = []
        var current = parents[index]
        while let parent = current {
            chain.append(parent)
            current = parents[parent]
        }
        return chain
    }

    /// The layer, then its ancestors, nearest first (walked lazily).
    public func ancestry(of index: Int) -> UnfoldSequence<Int, (Int?, Bool)> {
        sequence(first: index) { parents[$0] }
    }

    /// The top-level layer whose subtree holds `index`.
    public func root(of index: Int) -> Int { ancestors(of: index).last ?? index }

    /// The largest count of bottom layers, at most `count`, that is whole subtrees: a prefix of
    /// the list that cuts through no layer's sublayers, so it can be painted (or kept as an
    /// image) apart from the rest.
    public func wholeSubtrees(upTo count: Int) -> Int {
        count < ends.count ? root(of: count) : ends.count
    }

    /// The names from the top-level layer down to the layer, joined by "/": "card/title".
    public func path(of index: Int, names: [String]) -> String {
        (ancestors(of: index).reversed() + [index]).map { names[$0] }.joined(separator: "/")
    }
}
