import Foundation

/// A folder with a four-second, 10 fps pipeline (frames 0–39) whose one step runs the animator
/// "crasher" of plugins/crasher.so; `misbehave` is C run by its `apply` from frame 30 on.
public struct CrashingPluginFixture {
    public static let pluginID = "org.example.crasher"
    public let folder: URL
    public var plugin: URL { folder.appendingPathComponent("plugins/crasher.so") }

    /// In `folder` when given, else in a new temporary folder.
    public init(misbehave: String, in folder: URL? = nil) throws {
        self.folder = try folder ?? CLI.temporaryDirectory()
        // Frame 30 is at 3 s; times are f / fps, so compare with a margin.
        let body = """
            if (args->time > 2.95) {
                \(misbehave)
            }
            target->opacity = 1 - args->progress / 2;
            return true;
            """
        try PluginFixtures.compile(
            Self.header + PluginFixtures.animator("crasher", pluginID: Self.pluginID, apply: body), to: plugin)
        try PluginFixtures.write(
            """
            { "version": 1,
              "canvas": { "width": 48, "height": 32, "fps": 10, "duration": 4, "background": "#102030" },
              "layers": [ { "name": "box", "fill": "#ff9500", "frame": [8, 8, 24, 16] } ],
              "timeline": [ { "animator": "crasher", "target": "box", "duration": 4 } ],
              "output": { "dir": "out", "formats": ["png"] }
            }
            """, to: "pipeline.json", in: self.folder)
    }

    /// Headers the misbehaviours need.
    private static let header = "#include <signal.h>\n#include <stdlib.h>\n#include <unistd.h>\n"

    /// A null pointer written through: SIGSEGV.
    public static let segfault = "volatile int *nowhere = NULL; *nowhere = 1;"

    public func run(_ extra: [String] = [], environment: [String: String] = [:]) throws -> CLI.Result {
        // plugins/ beside the pipeline: found by its absolute path, which messages show.
        try CLI.run(
            ["run", "pipeline.json"] + extra, in: folder,
            environment: ["PIPELINE_CACHE_DIR": CLI.sharedCache].merging(environment) { $1 }
        )
    }

    public func frame(_ index: Int) -> URL {
        folder.appendingPathComponent(String(format: "out/frame_%04d.png", index))
    }

    /// The files in out/, sorted, hidden ones included (a partial file must not be left), less
    /// the run record that `--resume` reads.
    public func frameFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path)
            .filter { !$0.hasPrefix(".pipeline-run") }.sorted()
    }

    public func remove() { try? FileManager.default.removeItem(at: folder) }
}
