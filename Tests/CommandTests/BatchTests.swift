import CommandTestSupport
import Foundation
import Testing

/// `run --batch variants.jsonl` renders one output per line into `<out>/<id>/`: a failing variant
/// fails alone and is summarised (exit 2), the variants file's own errors stop the batch before
/// anything renders (exit 1), `--resume` after Ctrl-C renders only what was unfinished, and
/// `--shard` splits the variants.
@Suite struct BatchTests {
    /// A red box on black, 2 frames.
    static let pipeline = """
        { "version": 1,
          "canvas": { "width": 20, "height": 20, "fps": 2, "duration": 1, "background": "#000000" },
          "layers": [ { "name": "box", "fill": "#ff0000", "frame": [5, 5, 10, 10] } ],
          "output": { "dir": "out", "formats": ["png"] } }
        """

    static let threeVariants = """
        {"id": "green", "set": {"layers[0].fill": "#00ff00"}}
        {"id": "blue-sky", "canvas": {"background": "#0000ff"}}

        {"id": "white_box.v2", "layers": [{"name": "box", "fill": "#ffffff"}]}
        """

    func folder(variants: String = threeVariants) throws -> URL {
        let folder = try CLI.temporaryDirectory()
        try PluginFixtures.write(Self.pipeline, to: "pipeline.json", in: folder)
        try PluginFixtures.write(variants, to: "variants.jsonl", in: folder)
        return folder
    }

    func pixel(_ folder: URL, _ frame: String, x: Int = 10, y: Int = 10) throws -> Pixel {
        try RGBAImage.read(folder.appendingPathComponent(frame))[x, y]
    }

    @Test func eachLineRendersIntoAFolderNamedByItsId() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try CLI.run(["run", "pipeline.json", "--batch", "variants.jsonl"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try pixel(folder, "out/green/frame_0000.png") == Pixel(0, 255, 0))
        #expect(try pixel(folder, "out/blue-sky/frame_0001.png", x: 1, y: 1) == Pixel(0, 0, 255))
        #expect(try pixel(folder, "out/blue-sky/frame_0001.png") == Pixel(255, 0, 0), "the rest as the file says")
        // A merge patch replaces the layers whole: the box has no frame, so it fills the canvas.
        #expect(try pixel(folder, "out/white_box.v2/frame_0000.png", x: 1, y: 1) == Pixel(255, 255, 255))
        #expect(
            try SmallPipeline.contents(of: folder.appendingPathComponent("out")).sorted() == [
                "blue-sky", "green", "white_box.v2",
            ])
        #expect(run.stderr.contains("3 of 3 variants rendered"), "\(run.stderr)")
        let other = try CLI.run(
            ["run", "pipeline.json", "--batch", "variants.jsonl", "--out", "elsewhere", "--set", "canvas.fps=4"],
            in: folder)
        #expect(other.status == 0, "\(other.stderr)")
        #expect(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("elsewhere/green/frame_0003.png").path)
        )
    }

    @Test func aBadVariantFailsAloneWithItsMessage() throws {
        let folder = try folder(
            variants: """
                {"id": "a"}
                {"id": "fast", "canvas": {"fps": "fast"}}
                {"id": "c", "set": {"layers[4].fill": "#ffffff"}}
                {"id": "d"}
                """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try CLI.run(["run", "pipeline.json", "--batch", "variants.jsonl"], in: folder)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(
            run.stderr.contains(
                #"variant "fast" (variants.jsonl:2) failed: pipeline.json: --batch variants.jsonl:2:34: canvas.fps: "#
                    + "expected a number"), "\(run.stderr)")
        #expect(run.stderr.contains("layers has 1 element: there is no [4]"), "\(run.stderr)")
        #expect(run.stderr.contains("2 of 4 variants failed (fast, c); 2 of 4 variants rendered"), "\(run.stderr)")
        for id in ["a", "d"] {
            #expect(try pixel(folder, "out/\(id)/frame_0001.png") == Pixel(255, 0, 0), "\(id) rendered")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/fast").path))
    }

    @Test func aBrokenVariantsFileStopsTheBatchBeforeAnythingRenders() throws {
        let folder = try folder(
            variants: """
                {"id": "a"}
                {"canvas": {}}
                {"id": "../up"}
                {"id": "a"}
                {"id": "b", "set": [1]}
                {"id": "c"
                [1]
                """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try CLI.run(["run", "pipeline.json", "--batch", "variants.jsonl"], in: folder)
        #expect(run.status == 1, "\(run.stderr)")
        for expected in [
            #"variants.jsonl:2:1: $: a variant needs an "id""#,
            #"variants.jsonl:3:8: id: an id names a folder: letters, digits, -, _ and ., not starting with . ("../up" starts with .)"#,
            #"variants.jsonl:4:1: the id "a" is the id of line 1 too"#,
            #"variants.jsonl:5:20: set: "set" is an object of values by path"#,
            "variants.jsonl:6:",
            "variants.jsonl:7:1: $: a variant is a JSON object",
        ] {
            #expect(run.stderr.contains(expected), "\(expected)\n\(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
        try PluginFixtures.write("\n\n", to: "empty.jsonl", in: folder)
        let empty = try CLI.run(["run", "pipeline.json", "--batch", "empty.jsonl"], in: folder)
        #expect(empty.status == 1)
        #expect(empty.stderr.contains("empty.jsonl: no variants"), "\(empty.stderr)")
        let missing = try CLI.run(["run", "pipeline.json", "--batch", "none.jsonl"], in: folder)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("none.jsonl: cannot read the variants file"), "\(missing.stderr)")
    }

    @Test func aWrongPropsFileOrSetFailsTheBatchOnceBeforeAnythingRenders() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for wrong in [["--props", "missing.json"], ["--set", "canvas.fps"]] {
            let run = try CLI.run(["run", "pipeline.json", "--batch", "variants.jsonl"] + wrong, in: folder)
            #expect(run.status == 1, "\(run.stderr)")
            let errors = run.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
            #expect(errors.count == 1, "one error, not one per variant:\n\(run.stderr)")
            #expect(!run.stderr.contains("variant"), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
        }
    }

    @Test func shardsSplitTheVariants() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for shard in ["1/3", "3/3"] {
            let run = try CLI.run(["run", "pipeline.json", "--batch", "variants.jsonl", "--shard", shard], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
        }
        let out = folder.appendingPathComponent("out")
        #expect(try SmallPipeline.contents(of: out).sorted() == ["green", "white_box.v2"])
        // Four shards of three variants: one shard has none.
        let empty = try CLI.run(["run", "pipeline.json", "--batch", "variants.jsonl", "--shard", "1/4"], in: folder)
        #expect(empty.status == 0, "\(empty.stderr)")
        #expect(empty.stderr.contains("shard 1/4 of 3 variants has none"), "\(empty.stderr)")
    }

    @Test func resumeRefusesAVariantWhoseLineChanged() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try CLI.run(["run", "pipeline.json", "--batch", "variants.jsonl"], in: folder).status == 0)
        let changed = Self.threeVariants.replacingOccurrences(of: "#00ff00", with: "#00ee00")
        try PluginFixtures.write(changed, to: "variants.jsonl", in: folder)
        let run = try CLI.run(["run", "pipeline.json", "--batch", "variants.jsonl", "--resume"], in: folder)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains(#"variant "green" (variants.jsonl:1) failed"#), "\(run.stderr)")
        #expect(run.stderr.contains("props"), "the difference is named: \(run.stderr)")
        #expect(run.stderr.contains("2 complete already"), "\(run.stderr)")
    }

    /// Long enough per variant to be interrupted part-way: 150 frames with a moving blurred shadow.
    static let long = """
        { "version": 1, "canvas": { "width": 320, "height": 240, "fps": 50, "duration": 3, "background": "#202030" },
          "layers": [ { "name": "card", "fill": "#ff9500", "frame": [20, 20, 120, 90], "cornerRadius": 12,
                        "shadow": { "opacity": 0.8, "radius": 30, "offset": [0, 12] } } ],
          "timeline": [ { "animator": "move-and-scale", "target": "card", "duration": 3, "params": { "to": [180, 120, 120, 90] } } ],
          "output": { "formats": ["png"] } }
        """

    /// One thread renders the variants in order: Ctrl-C during the second leaves the first
    /// complete, the second part-way and the third unstarted; `--resume` leaves the first's files
    /// and the second's complete frames untouched and renders the rest.
    @Test func resumeAfterCtrlCRendersOnlyWhatWasUnfinished() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PluginFixtures.write(Self.long, to: "long.json", in: folder)
        try PluginFixtures.write(
            #"{"id": "a"}"# + "\n" + #"{"id": "b"}"# + "\n" + #"{"id": "c"}"#, to: "v.jsonl", in: folder)
        let out = folder.appendingPathComponent("out")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.executable)
        process.arguments = ["run", "long.json", "--batch", "v.jsonl", "--out", out.path, "--threads", "1"]
        process.currentDirectoryURL = folder
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(120)
        while !FileManager.default.fileExists(atPath: out.appendingPathComponent("b/frame_0005.png").path),
            Date() < deadline, process.isRunning
        {
            Thread.sleep(forTimeInterval: 0.02)
        }
        process.interrupt()
        process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 130, "\(stderr)")
        #expect(stderr.contains("stopped: 1 of 3 variants rendered; 2 unfinished (b, c)"), "\(stderr)")
        #expect(stderr.contains("--resume"), "\(stderr)")
        let before = try stamps(out)
        let partial = before.keys.filter { $0.hasPrefix("b/") }.count
        #expect(before.keys.filter { $0.hasPrefix("a/") }.count == 150)
        #expect(partial >= 6 && partial < 150, "\(partial) frames of b")
        #expect(!before.keys.contains { $0.hasPrefix("c/") }, "c never started")

        let resumed = try CLI.run(
            ["run", "long.json", "--batch", "v.jsonl", "--out", out.path, "--threads", "1", "--resume"], in: folder)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("2 of 3 variants rendered, 1 complete already"), "\(resumed.stderr)")
        let after = try stamps(out)
        #expect(after.count == 450)
        for (name, stamp) in before {
            #expect(after[name] == stamp, "\(name) was kept, not rendered again")
        }
    }

    /// Every PNG under `folder` by its path below it, with its inode and modification time.
    private func stamps(_ folder: URL) throws -> [String: String] {
        var found: [String: String] = [:]
        for id in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
            let sub = folder.appendingPathComponent(id)
            for name in try FileManager.default.contentsOfDirectory(atPath: sub.path) where name.hasSuffix(".png") {
                let attributes = try FileManager.default.attributesOfItem(atPath: sub.appendingPathComponent(name).path)
                found["\(id)/\(name)"] =
                    "\(attributes[.systemFileNumber] ?? "") \((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)"
            }
        }
        return found
    }
}
