import PluginRegistry
import Scene
import Testing
import Text

@testable import Renderer

/// A text animator's value (a typewriter's offset) an `animate` step changes reaches every frame's host state, where the
/// drawing side reads it (`TextContent.animators(changedBy:)`).
@Suite struct TextAnimatorFrameTests {
    static let document = #"""
        {"version": 1, "canvas": {"width": 64, "height": 32, "fps": 10, "duration": 1},
         "layers": [{"name": "title", "text": {"string": "abcd",
           "textAnimators": [{"select": {"shape": "square"}, "properties": {"opacity": 0}}]}}],
         "timeline": [{"animate": "textAnimators.0.select.offset", "target": "title", "from": 0, "to": 100,
           "duration": 1, "timing": "linear"}]}
        """#

    @Test func aTypewritersOffsetMovesFrameByFrame() throws {
        let scene = try SceneDecoder.decode(
            Array(Self.document.utf8), file: "/tmp/text-animator-frame.json", registry: Registry(opensPlugins: false))
        let evaluator = try FrameEvaluator(scene: scene)
        let text = try #require(scene.layers[0].content.text)
        let slot = TextAnimatorSlot(animator: 0, field: .selector(index: 0, name: "offset"))
        for (frame, shown) in [(0, 0), (5, 2), (10, 4)] {
            let time = try evaluator.time(ofFrame: frame)
            let host = try evaluator.state(at: time, frame: frame).host[0]
            #expect(host.textAnimatorValues[slot] == [Double(frame) * 10])
            let changes = text.animators(changedBy: host).changes(
                of: TextUnitMap(string: text.string(at: time)), from: TextUnitChange(text: text), time: time)
            #expect(changes.map(\.opacity) == Array(repeating: 1, count: shown) + Array(repeating: 0, count: 4 - shown))
        }
    }
}
