/// Track mattes: each names a sibling layer, found once every layer's name is known.
extension Decoding {
    /// `decoded` with each matte of `mattes` (a layer's index and its item) resolved: the layer
    /// it names found and checked to be another layer of the same list, and no layer matted,
    /// through a chain of mattes, by itself. A matte in error is reported and left out.
    mutating func resolveMattes(_ mattes: [(index: Int, item: Field)], in decoded: inout [Int: SceneLayer]) {
        var resolved: [Int: (matte: LayerMatte, field: Field)] = [:]
        for (index, item) in mattes {
            guard let layer = decoded[index], let field = item.member("matte") else { continue }
            if let matte = keep(
                Self.attempt { () throws(SceneError) in
                    try decodeMatte(field, of: layer, at: index, showing: item.member("showMatte"), in: decoded)
                })
            {
                resolved[index] = (matte, field)
            }
        }
        for index in resolved.keys.sorted() {
            // A cycle found from a lower layer is reported once, and its layers left out.
            guard let entry = resolved[index] else { continue }
            if let cycle = matteCycle(from: index, in: resolved) {
                let names = (cycle + [cycle[0]]).map { layerNames[$0].quotedForMessage }
                errors.append(
                    entry.field.error(
                        "the mattes go round in a cycle: "
                            + zip(names, names.dropFirst()).map { "\($0) is seen through \($1)" }.joined(
                                separator: ", ")
                            + "; one of these layers must take its matte from another layer, or none"))
                for member in cycle { resolved[member] = nil }
                continue
            }
            guard let layer = decoded[index] else { continue }
            var content = layer.content
            content.matte = entry.matte
            layerContents[index] = content
            decoded[index] = SceneLayer(
                name: layer.name, base: layer.base, content: content, parent: layer.parent,
                subtreeEnd: layer.subtreeEnd, masksToBounds: layer.masksToBounds, host: layer.host)
        }
    }

    private func decodeMatte(
        _ field: Field, of layer: SceneLayer, at index: Int, showing: Field?, in decoded: [Int: SceneLayer]
    ) throws(SceneError) -> LayerMatte {
        let fields = try field.object(Keys.matte)
        let nameField = try fields.required("layer", "the name of a layer in the same list")
        let source = try layerIndex(nameField)
        if source == index {
            throw nameField.error(
                "layer \(layer.name.quotedForMessage) cannot be its own matte; name another layer of the same list")
        }
        let parent = layer.parent
        let sourceParent = decoded[source]?.parent ?? parentOf(source)
        guard sourceParent == parent else {
            let siblings = layerNames.indices.filter { $0 != index && parentOf($0) == parent }
            let within = parent.map { "inside \(layerNames[$0].quotedForMessage)" } ?? "at the top level"
            let inside = sourceParent.map { "inside \(layerNames[$0].quotedForMessage)" } ?? "at the top level"
            let choices =
                siblings.isEmpty
                ? "; it has no other layer there"
                : "; its list holds " + siblings.map { layerNames[$0].quotedForMessage }.joined(separator: ", ")
            throw nameField.error(
                "\(layerNames[source].quotedForMessage) is \(inside), not in the list of "
                    + "\(layer.name.quotedForMessage) (\(within)): a matte is a layer of the same list\(choices)")
        }
        return LayerMatte(
            layer: source, mode: try fields.value("mode"), showsMatte: try showing?.bool() ?? false)
    }

    /// The layer whose sublayers list holds layer `index`, nil at the top level.
    private func parentOf(_ index: Int) -> Int? {
        var parent: Int?
        for (holder, end) in subtreeEnds where holder < index && index < end {
            if parent.map({ holder > $0 }) ?? true { parent = holder }
        }
        return parent
    }

    /// The layers from `start` round a cycle of mattes back to it, or nil when its chain ends.
    private func matteCycle(from start: Int, in mattes: [Int: (matte: LayerMatte, field: Field)]) -> [Int]? {
        var chain = [start]
        var next = mattes[start]?.matte.layer
        while let layer = next {
            if layer == start { return chain }
            if chain.contains(layer) { return nil }
            chain.append(layer)
            next = mattes[layer]?.matte.layer
        }
        return nil
    }
}
