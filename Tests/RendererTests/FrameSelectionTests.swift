import OptionNames
import Scene
import Testing

@testable import Renderer

@Suite("Frame selection: --frames and --shard")
struct FrameSelectionTests {
    private func range(frames: String? = nil, shard: String? = nil, of count: Int) throws -> Range<Int> {
        try FrameSelection(frames: frames, shard: shard, environment: [:]).range(frameCount: count)
    }

    @Test("--frames selects A to B inclusive, A to the end, or one frame; no option selects all")
    func frames() throws {
        #expect(try range(frames: "3-7", of: 20) == 3..<8)
        #expect(try range(frames: "12-", of: 20) == 12..<20)
        #expect(try range(frames: "5", of: 20) == 5..<6)
        #expect(try range(frames: "0-19", of: 20) == 0..<20)
        #expect(try range(of: 20) == 0..<20)
    }

    @Test("shards 1…N tile the render exactly, in order, whatever the frame count", arguments: [1, 7, 20, 101, 3001])
    func shardsTile(frameCount: Int) throws {
        for count in [1, 2, 3, 4, 7, 30] {
            let parts = try (1...count).map { try range(shard: "\($0)/\(count)", of: frameCount) }
            #expect(parts.first?.lowerBound == 0 && parts.last?.upperBound == frameCount)
            #expect(zip(parts, parts.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
            let sizes = parts.map(\.count)
            #expect(sizes.max()! - sizes.min()! <= 1, "shards of \(frameCount) frames differ by a frame at most")
        }
    }

    @Test("a shard of a render with fewer frames than shards may have none")
    func emptyShard() throws {
        #expect(try range(shard: "1/30", of: 20).isEmpty)
        #expect(try range(shard: "2/30", of: 20) == 0..<1)
    }

    static let framesSyntax =
        "--frames takes A-B (frames A to B inclusive, counted from 0 as the frame files are), "
        + "A- (A to the end) or N, got "
    static let shardSyntax =
        "--shard takes I/N, shard I of N with 1 ≤ I ≤ N (--shard 1/4 is the first quarter), or auto, got "

    @Test(
        "malformed options are refused with what they take",
        arguments: [
            ("7-3", nil, "--frames 7-3 ends before it starts: give the lower frame first (3-7)"),
            ("a-b", nil, framesSyntax + "\"a-b\""),
            ("-3", nil, framesSyntax + "\"-3\""),
            ("1-2-3", nil, framesSyntax + "\"1-2-3\""),
            ("+4", nil, framesSyntax + "\"+4\""),
            (nil, "0/4", shardSyntax + "\"0/4\""),
            (nil, "5/4", shardSyntax + "\"5/4\""),
            (nil, "1/0", shardSyntax + "\"1/0\""),
            (nil, "2", shardSyntax + "\"2\""),
            (nil, "1/1000001", "--shard 1/1000001: N may be at most 1000000"),
            ("1-2", "1/2", "give --frames or --shard, not both: --shard I/N splits the whole render by itself"),
        ] as [(String?, String?, String)])
    func refused(frames: String?, shard: String?, message: String) {
        #expect(throws: RenderJobError.self) { try FrameSelection(frames: frames, shard: shard, environment: [:]) }
        do {
            _ = try FrameSelection(frames: frames, shard: shard, environment: [:])
        } catch {
            #expect(error.text.onCommandLine == message)
            #expect(error.kind == .input)
        }
    }

    @Test("--frames beyond the render is refused with the render's frames")
    func outside() throws {
        let selection = try FrameSelection(frames: "15-25", shard: nil, environment: [:])
        do {
            _ = try selection.range(frameCount: 20)
            Issue.record("frames 15-25 of 20 were accepted")
        } catch {
            #expect(
                error.text.onCommandLine
                    == "--frames reaches frame 25, but the render has 20 frames, 0-19: give frames within that range")
        }
        #expect(throws: RenderJobError.self) {
            try FrameSelection(frames: "20", shard: nil, environment: [:]).range(frameCount: 20)
        }
        #expect(try FrameSelection(frames: "19", shard: nil, environment: [:]).range(frameCount: 20) == 19..<20)
    }
}

extension OptionText {
    /// The text as the command line words it (`--frames`, `--out`): what `pipeline run` prints.
    var onCommandLine: String {
        worded { option in
            switch option {
            case .directory: "--out"
            case .waitsForFolder: "--wait"
            default: "--\(option.rawValue)"
            }
        }
    }
}
