import PluginDescriptions
import Scene
import Testing

/// `sublayers` in a pipeline file: the tree in depth-first order, names unique across it,
/// `masksToBounds`, and the errors a tree can have.
@Suite struct LayerTreeDecodingTests {
    func decode(_ layers: String, timeline: String = "") throws(SceneError) -> Scene {
        let text = #"""
            {"version": 1, "canvas": {"width": 64, "height": 64, "fps": 10, "duration": 1},
             "layers": [\#(layers)], "timeline": [\#(timeline)]}
            """#
        return try SceneDecoder.decode(
            Array(text.utf8), file: "/tmp/tree-test.json", registry: NoPlugins())
    }

    func error(_ layers: String, timeline: String = "") -> SceneError? {
        do throws(SceneError) {
            _ = try decode(layers, timeline: timeline)
            return nil
        } catch {
            return error
        }
    }

    let card = #"""
        {"name": "card", "frame": [10, 10, 40, 40], "masksToBounds": true, "sublayers": [
            {"name": "photo", "frame": [0, 0, 40, 20]},
            {"name": "caption", "sublayers": [{"name": "title"}]}]},
        {"name": "badge"}
        """#

    @Test func sublayersFollowTheirLayerDepthFirst() throws {
        let scene = try decode(card)
        #expect(scene.layers.map(\.name) == ["card", "photo", "caption", "title", "badge"])
        #expect(scene.tree.parents == [nil, 0, 0, 2, nil])
        #expect(scene.tree.ends == [4, 2, 4, 4, 5])
        #expect(scene.tree.masksToBounds == [true, false, false, false, false])
        #expect(scene.tree.path(of: 3, names: scene.layers.map(\.name)) == "card/caption/title")
    }

    @Test func aSublayerWithoutAFrameFillsTheCanvasInItsParentsCoordinates() throws {
        let scene = try decode(card)
        #expect(scene.layers[1].base.frame.width == 40)
        #expect(scene.layers[2].base.frame.width == 64, "the default frame is the canvas, as at the top level")
    }

    @Test func namesAreUniqueAcrossTheTree() {
        let found = error(#"{"name": "card", "sublayers": [{"name": "card"}]}"#)
        #expect(found?.description.contains("layers[0].sublayers[0].name") == true, "\(String(describing: found))")
        #expect(found?.description.contains("duplicate layer name \"card\"") == true)
    }

    @Test func aBrokenSublayerIsReportedAtItsPlace() {
        let found = error(#"{"name": "card", "sublayers": [{"name": "a"}, {"name": "b", "opacity": 2}]}"#)
        #expect(found?.description.contains("layers[0].sublayers[1].opacity") == true, "\(String(describing: found))")
        let notArray = error(#"{"name": "card", "sublayers": {"name": "a"}}"#)
        #expect(notArray?.description.contains("layers[0].sublayers: expected an array") == true)
    }

    @Test func chartsNameASublayerByItsPath() throws {
        let scene = try decode(card, timeline: #"{"animate": "opacity", "target": "title", "to": 0}"#)
        #expect(scene.actionLabel(ofStep: 0) == "opacity → card/caption/title")
        #expect(scene.steps[0].plugin == nil, "the host runs it: no plugin")
    }
}
