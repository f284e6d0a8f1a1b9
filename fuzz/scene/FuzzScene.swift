import CImageCodecs
import Compositor
import Foundation
import Scene

/// libFuzzer target: any bytes, decoded as a pipeline file the way `pipeline run` reads one
/// (JSON syntax, the format's keys and types, names and parameters against the in-repo plugins'
/// descriptions,
/// then its images decoded). Reading must throw `SceneError`s or return a scene; a crash, a
/// sanitizer report or an empty error message is a finding.
///
/// scripts/fuzz builds it with LIBFUZZER defined, and libFuzzer supplies `main`; any other build
/// makes `FuzzScene FILE…`, which runs each file once (a finding replayed, with the sanitizer of
/// the build it is in).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScene(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    readScene(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

func readScene(_ bytes: [UInt8]) {
    do {
        let scene = try SceneDecoder.decode(
            bytes, file: FuzzWorkspace.shared.pipeline, registry: FuzzWorkspace.shared.registry)
        precondition(scene.canvas.width >= 1 && scene.canvas.height >= 1, "a decoded scene has an empty canvas")
        _ = try SceneImages.load(scene)
    } catch {
        for each in error.all {
            precondition(!each.message.isEmpty, "a SceneError without a message: \(each.description)")
        }
        if FuzzWorkspace.shared.showErrors { FileHandle.standardError.write(Data("\(error)\n".utf8)) }
    }
}

#if !LIBFUZZER
    @main enum ReplayInputs {
        static func main() throws {
            let files = CommandLine.arguments.dropFirst()
            guard !files.isEmpty else {
                FileHandle.standardError.write(Data("usage: FuzzScene FILE… (each run once as a fuzz input)\n".utf8))
                exit(2)
            }
            for file in files {
                readScene(try [UInt8](Data(contentsOf: URL(fileURLWithPath: file))))
                print("ran \(file)")
            }
        }
    }
#endif

/// What every input shares: the in-repo plugins' descriptions, and a folder where the image
/// paths that examples/ and pipeline.json use resolve to small real PNGs, so an input that names
/// them gets past its layers to the timeline instead of stopping at a missing file.
final class FuzzWorkspace: Sendable {
    static let shared = FuzzWorkspace()
    /// The images examples/ and pipeline.json name, as `assets/NAME.png` (examples) or
    /// `examples/assets/NAME.png` (pipeline.json).
    static let imageNames = ["card", "compose", "detail", "home", "list", "poster"]

    let registry: DescribedPlugins
    /// PIPELINE_FUZZ_SHOW=1 prints why each input was refused (to check what a seed reaches).
    let showErrors = ProcessInfo.processInfo.environment["PIPELINE_FUZZ_SHOW"] != nil
    /// Where the input "is": `<workspace>/pipeline/input.json`.
    let pipeline: String

    private init() {
        // fuzz/scene-plugins.json, beside this file's folder, or where PIPELINE_FUZZ_PLUGINS says.
        let file =
            ProcessInfo.processInfo.environment["PIPELINE_FUZZ_PLUGINS"]
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scene-plugins.json").path
        do {
            registry = try DescribedPlugins(file: file)
        } catch {
            FileHandle.standardError.write(
                Data("fuzz-scene: cannot read the plugins' descriptions \(file): \(error)\n".utf8))
            exit(1)
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-scene-\(getpid())")
        let folder = root.appendingPathComponent("pipeline")
        for assets in [folder.appendingPathComponent("assets"), folder.appendingPathComponent("examples/assets")] {
            try! FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
            for name in Self.imageNames { Self.writeImage(assets.appendingPathComponent("\(name).png").path) }
        }
        pipeline = folder.appendingPathComponent("input.json").path
    }

    /// An 8×6 opaque PNG, written with the host's own PNG writer.
    private static func writeImage(_ path: String) {
        let width: Int32 = 8
        let height: Int32 = 6
        let pixels = [UInt8](repeating: 0x80, count: Int(width * height * 4))
        var error = [CChar](repeating: 0, count: 256)
        let status = png_write_file(path, pixels, width, height, Int(width * 4), 4, 1, &error, error.count)
        precondition(
            status == 0,
            "cannot write \(path): \(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))"
        )
    }
}
