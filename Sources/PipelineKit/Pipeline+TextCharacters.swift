import Compositor
import Renderer
import Scene

extension Pipeline {
    /// The characters of a text layer at one time, as the frame shown then lays them out: where
    /// each one sits on the canvas and how much each of the text's animators selects it. What a
    /// tool draws to show a text animator's range (the studio shades each character's box by its
    /// weight). Encodes as the preview's `GET /text-units` gives it:
    /// `{"layer": "…", "time": SECONDS, "animatorCount": N, "characters": [{"character": "a",
    /// "index": 0, "corners": [[x, y] × 4], "weights": [w × N]}, …]}`.
    public struct TextCharacters: Encodable, Sendable {
        /// One character (a grapheme cluster) that has glyphs.
        public struct Character: Encodable, Sendable {
            /// The character as the text shows it.
            public let character: String
            /// Its place among the text's characters, as selectors count them (from 0).
            public let index: Int
            /// The corners of its box on the canvas, in canvas points (top left, top right,
            /// bottom right, bottom left): the advance of its glyphs from the line's ascent to its
            /// descent, where the layout puts it before any animator moves it, through the layer's
            /// transform and those of the layers holding it.
            public let corners: [(x: Double, y: Double)]
            /// Its weight under each of the text's animators, in order: from −1 to 1 (0 unselected,
            /// 1 fully selected; the x weight where a wiggly selector gives the axes their own).
            public let weights: [Double]

            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(character, forKey: .character)
                try container.encode(index, forKey: .index)
                try container.encode(corners.map { [$0.x, $0.y] }, forKey: .corners)
                try container.encode(weights, forKey: .weights)
            }

            enum CodingKeys: String, CodingKey { case character, index, corners, weights }
        }

        /// The layer, by its track path (`card/title`, as `/editor.json`'s layers name it).
        public let layer: String
        /// Seconds into the render, as `pipeline frame --at` takes them.
        public let time: Double
        /// How many animators the layer's text has (each character has one weight per animator);
        /// 0 for a text without animators, or a layer without text.
        public let animatorCount: Int
        /// The characters that have glyphs, in the text's order; empty when the layer has no text
        /// or its text shows nothing at that time.
        public let characters: [Character]
    }

    /// The track path (`card/title`) of the layer `name` names: its track path, or its own name
    /// (names are unique); nil when no layer is named so.
    public func layerPath(named name: String) -> String? {
        layerIndex(named: name).map { scene.tree.path(of: $0, names: scene.layers.map(\.name)) }
    }

    private func layerIndex(named name: String) -> Int? {
        let names = scene.layers.map(\.name)
        return scene.layers.indices.first { scene.tree.path(of: $0, names: names) == name }
            ?? names.firstIndex(of: name)
    }

    /// The characters of layer `name`'s text (by track path or name) in the frame `pngFrame(at:)`
    /// shows `time` seconds into the render: the states of that frame and the text shown then
    /// (a changing string's value, a caption's cue), laid out as the frame draws them. The layer
    /// may hold no text: its list is then empty.
    ///
    /// An `.argument` error when no layer is named so; `.range` when `time` is past the end.
    public func textCharacters(ofLayer name: String, at time: Double) throws(PipelineError) -> TextCharacters {
        guard let index = layerIndex(named: name) else {
            throw PipelineError(.argument, "the pipeline has no layer \"\(name)\"")
        }
        guard time.isFinite, time >= 0, !scene.isPastTheEnd(time) else {
            throw PipelineError(.range, "\(time) s is past the end: \(scene.endDescription)")
        }
        let path = scene.tree.path(of: index, names: scene.layers.map(\.name))
        guard let text = scene.layers[index].content.text else {
            return TextCharacters(layer: path, time: time, animatorCount: 0, characters: [])
        }
        let animators = text.animators.count
        lock.lock()
        defer { lock.unlock() }
        // Boxes are in canvas points whatever the scale: the renderer the frames use serves.
        let renderer = try frameRenderer(scale: frames == nil ? .full : framesScale)
        let units: [TextUnitBox]
        do throws(RenderError) {
            units = try renderer.textUnits(ofLayer: index, time: time)
        } catch {
            throw PipelineError(error)
        }
        let characters = units.map { unit in
            TextCharacters.Character(
                character: unit.character, index: unit.index, corners: unit.corners.map { ($0.x, $0.y) },
                weights: unit.weights)
        }
        return TextCharacters(layer: path, time: time, animatorCount: animators, characters: characters)
    }
}
