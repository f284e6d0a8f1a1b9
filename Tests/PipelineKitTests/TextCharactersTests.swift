import Foundation
import PipelineKit
import RegistryTestSupport
import Testing

/// A text layer's characters at a time: each one's box on the canvas and its weight under each
/// text animator, as the frame shown then lays them out.
@Suite struct TextCharactersTests {
    /// 200 × 80 at 10 fps for one second: "abc" under a triangle selector whose offset runs from
    /// 0 to 100 % over the second, in a group moved 5 points right, and a box without text.
    static let pipeline = """
        { "version": 1,
          "canvas": { "width": 200, "height": 80, "fps": 10, "duration": 1 },
          "layers": [
            { "name": "box", "frame": [0, 0, 20, 20], "fill": "#ff0000" },
            { "name": "group", "frame": [0, 0, 200, 80], "translation": [5, 0], "sublayers": [
              { "name": "title", "frame": [10, 20, 180, 40],
                "text": { "string": "abc", "size": 20, "color": "#ffffff",
                          "textAnimators": [ { "select": { "shape": "triangle" }, "properties": { "scale": 2 } } ] } } ] } ],
          "timeline": [ { "animate": "textAnimators.0.select.offset", "target": "title",
                          "from": 0, "to": 100, "start": 0.5, "duration": 0.5, "timing": "linear" } ]
        }
        """

    static func open() throws -> Pipeline {
        var options = Pipeline.OpenOptions()
        options.installation = PipelineInstallation(executable: nil, builtinPlugins: InRepoPlugins.folder)
        return try Pipeline.open(bytes: Array(pipeline.utf8), name: "text.json", options: options)
    }

    @Test func eachCharacterHasItsBoxAndItsWeightUnderEachAnimator() throws {
        let pipeline = try Self.open()
        defer { pipeline.close() }
        let text = try pipeline.textCharacters(ofLayer: "title", at: 0)
        #expect(text.layer == "group/title" && text.animatorCount == 1)
        #expect(text.characters.map(\.character) == ["a", "b", "c"])
        #expect(text.characters.map(\.index) == [0, 1, 2])
        for (character, expected) in zip(text.characters, [1.0 / 3, 1, 1.0 / 3]) {
            #expect(character.weights.count == 1 && abs(character.weights[0] - expected) < 1e-9)
        }
        // Laid out from the frame's top left, moved with the group, side by side on one line.
        let boxes = text.characters.map(\.corners)
        #expect(abs(boxes[0][0].x - 15) < 1e-6 && abs(boxes[0][0].y - 20) < 1e-6)
        for box in boxes {
            #expect(box.count == 4)
            #expect(box[1].x > box[0].x && box[2].y > box[1].y && box[3].x == box[0].x)
        }
        #expect(abs(boxes[1][0].x - boxes[0][1].x) < 1e-6 && abs(boxes[2][0].x - boxes[1][1].x) < 1e-6)
    }

    /// The weights are those of the frame at that time: an `animate` step's offset moves the range.
    @Test func theWeightsFollowTheStepsAtTheTimeAsked() throws {
        let pipeline = try Self.open()
        defer { pipeline.close() }
        // At 0.75 s the offset is 50 %: the range runs from unit 1.5 to 4.5.
        let text = try pipeline.textCharacters(ofLayer: "group/title", at: 0.75)
        let weights = text.characters.map { $0.weights[0] }
        #expect(zip(weights, [0.0, 0, 2.0 / 3]).allSatisfy { abs($0 - $1) < 1e-9 }, "\(weights)")
        // The boxes are where the layout puts the characters, not where the scale moves them.
        let still = try pipeline.textCharacters(ofLayer: "title", at: 0)
        #expect(text.characters.map { $0.corners[0].x } == still.characters.map { $0.corners[0].x })
    }

    @Test func aLayerWithoutTextHasNoCharactersAndOthersAreRefused() throws {
        let pipeline = try Self.open()
        defer { pipeline.close() }
        let box = try pipeline.textCharacters(ofLayer: "box", at: 0.2)
        #expect(box.characters.isEmpty && box.animatorCount == 0)
        #expect(pipeline.layerPath(named: "title") == "group/title" && pipeline.layerPath(named: "nothing") == nil)
        #expect(throws: PipelineError.self) { try pipeline.textCharacters(ofLayer: "nothing", at: 0) }
        do {
            _ = try pipeline.textCharacters(ofLayer: "title", at: 2)
            Issue.record("a time past the end was answered")
        } catch {
            #expect(error.code == .range)
        }
        let json = String(
            decoding: try JSONEncoder().encode(try pipeline.textCharacters(ofLayer: "title", at: 0)), as: UTF8.self)
        #expect(json.contains("\"corners\":[[15,20],"), "\(json)")
    }
}
