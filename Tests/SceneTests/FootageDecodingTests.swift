import Foundation
import Testing

@testable import Scene

/// `video` and `sequence` are read into plain values: resolved paths, timing with its declared
/// defaults, and the place the pipeline names them.
@Suite struct FootageDecodingTests {
    let format = FormatDeclarationTests()

    @Test func aVideoGivenByItsFileTakesTheDefaultTiming() throws {
        // Beside the pipeline `decode` names, /tmp/format-test.json.
        let clip = URL(fileURLWithPath: "/tmp/footage-\(UUID().uuidString).mp4")
        FileManager.default.createFile(atPath: clip.path, contents: Data())
        defer { try? FileManager.default.removeItem(at: clip) }
        let scene = try format.decode(layer: #"{"name": "clip", "video": "\#(clip.lastPathComponent)"}"#)
        let spec = try #require(scene.layers[0].content.footage)
        #expect(spec.source == .video(path: clip.path))
        #expect((spec.start, spec.from, spec.speed, spec.end, spec.before) == (0, 0, 1, .hold, .first))
        #expect(spec.origin?.path?.description == "layers[0].video")
        #expect(scene.layers[0].content.image == nil)
    }

    @Test func aSequenceKeepsItsPatternFPSAndTiming() throws {
        let scene = try format.decode(
            layer: #"{"name": "shots", "sequence": {"files": "shots/f_%04d.png", "fps": 12, "start": 0.5, "#
                + #""from": 1, "speed": 0.5, "end": "loop", "before": "hide"}}"#)
        let spec = try #require(scene.layers[0].content.footage)
        #expect(spec.source == .sequence(pattern: "/tmp/shots/f_%04d.png", fps: 12))
        #expect((spec.start, spec.from, spec.speed, spec.end, spec.before) == (0.5, 1, 0.5, .loop, .hide))
    }

    @Test(arguments: [
        (#""speed": 0"#, "layers[0].sequence.speed", "0 is out of range: expected a number above 0"),
        (#""end": "stop""#, "layers[0].sequence.end", "\"stop\""),
        (#""fps": 12, "form": 1"#, "layers[0].sequence", "did you mean \"from\"?"),
    ])
    func badTimingIsRefusedAtItsPlace(timing: String, path: String, message: String) {
        let fps = timing.contains("fps") ? "" : #""fps": 12, "#
        let error = format.decodeError(
            layer: #"{"name": "shots", "sequence": {"files": "f_%04d.png", \#(fps)\#(timing)}}"#)
        #expect(error?.path?.description == path, "\(String(describing: error))")
        #expect(error?.message.contains(message) == true, "\(String(describing: error))")
    }
}
