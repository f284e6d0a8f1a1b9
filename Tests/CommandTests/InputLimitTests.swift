import CommandTestSupport
import Foundation
import Testing

/// What is read has limits, checked before the bytes are held, and opening reports every
/// independent problem of a file at once.
@Suite struct InputLimitTests {
    let folder: URL
    init() throws { folder = try CLI.temporaryDirectory() }

    func write(_ name: String, _ text: String) throws {
        try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    func pipeline(layerName: String = "a") -> String {
        """
        { "version": 1, "canvas": { "width": 10, "height": 10, "fps": 10, "duration": 1 },
          "layers": [ { "name": "\(layerName)", "fill": "#ffffff" } ] }
        """
    }

    @Test func aPipelineFileOverTheLimitIsRefusedUnread() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let big = folder.appendingPathComponent("big.json")
        FileManager.default.createFile(atPath: big.path, contents: nil)
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 40 << 20)  // sparse: 40 MiB of nothing, never held
        try handle.close()
        let run = try CLI.run(["validate", "big.json"], in: folder)
        #expect(run.status == 1)
        #expect(
            run.stderr.contains("big.json: the pipeline file is 40 MiB (41943040 bytes), over the limit of 32 MiB"),
            "\(run.stderr)")

        let props = try CLI.run(["validate", "big.json", "--props", "big.json"], in: folder)
        #expect(props.status == 1 && props.stderr.contains("the props file is 40 MiB"), "\(props.stderr)")
    }

    @Test func standardInputStopsAtTheLimit() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try CLI.run(["validate", "-"], in: folder, input: Data(repeating: 0x20, count: (32 << 20) + 10))
        #expect(run.status == 1)
        #expect(run.stderr.contains("<stdin>: the pipeline is larger than the limit of 32 MiB"), "\(run.stderr)")
    }

    @Test func longNamesAndStringsAreRefusedWithTheirPlace() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("name.json", pipeline(layerName: String(repeating: "n", count: 2000)))
        let name = try CLI.run(["validate", "name.json"], in: folder)
        #expect(name.status == 1)
        #expect(
            name.stderr.contains("name.json:2:25: layers[0].name: a layer name of 2000 bytes, over the limit of 1024"),
            "\(name.stderr)")
        try write("string.json", pipeline(layerName: String(repeating: "s", count: 2 << 20)))
        let string = try CLI.run(["validate", "string.json"], in: folder)
        #expect(string.status == 1)
        #expect(
            string.stderr.contains("string.json:2:25: a string longer than 1 MiB, the longest a file may hold"),
            "\(string.stderr)")
    }

    @Test func everyIndependentProblemIsReportedAtOnce() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(
            "many.json",
            """
            {
              "version": 1,
              "canvas": { "width": 100, "height": 100, "fps": "60", "duraton": 2 },
              "layers": [ { "name": "a", "fill": "#ff0000" } ],
              "timeline": [ { "animator": "fade", "target": "b", "duration": -1 } ]
            }
            """)
        let run = try CLI.run(["validate", "many.json", "--plugins", CLI.builtinPlugins], in: folder)
        #expect(run.status == 1)
        for line in [
            #"many.json:3:57: canvas: unknown key "duraton"; did you mean "duration"?"#,
            "many.json:3:51: canvas.fps: expected a number, found a string",
            #"many.json:5:49: timeline[0].target: unknown layer "b"; did you mean "a"?"#,
            "many.json:5:66: timeline[0].duration: -1 is out of range",
        ] {
            #expect(run.stderr.contains(line), "\(line)\n\(run.stderr)")
        }
    }
}
