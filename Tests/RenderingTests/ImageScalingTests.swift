import CommandTestSupport
import Foundation
import Testing

/// Images drawn much smaller than their source are sampled from smaller copies of it. Frames at a
/// reduced `--scale` stay within 40 dB PSNR (or 0.99 SSIM) of the frames drawn from the full
/// image (the hidden `--exact-image-scaling`); so do full-size frames, which are the same bytes
/// where no image is drawn at less than a quarter of its size.
@Suite final class ImageScalingTests {
    /// pipeline.json and every example, as paths inside `examples.folder`. Under a sanitizer, only
    /// those that draw an image at less than a quarter of its size at full size: the others take
    /// the same code paths, which the example suites render under the sanitizer too.
    static let pipelines =
        CLI.isSanitized
        ? ["pipeline.json"] + smallImagesAtFullSize
        : ["pipeline.json"] + ExampleFolder.names.map { "examples/\($0).json" }

    let examples: ExampleFolder
    init() throws {
        examples = try ExampleFolder()
        try FileManager.default.copyItem(
            at: CLI.repositoryRoot.appendingPathComponent("pipeline.json"),
            to: examples.folder.appendingPathComponent("pipeline.json"))
    }
    deinit { examples.cleanUp() }

    /// `pipeline run` of `file` into a fresh folder: the PNG frames, in order.
    private func render(_ file: String, _ arguments: [String]) throws -> [URL] {
        let out = examples.folder.appendingPathComponent("out-\(UUID().uuidString)")
        let result = try CLI.run(
            ["run", examples.folder.appendingPathComponent(file).path, "--out", out.path, "--format", "png", "--quiet"]
                + arguments, environment: file.contains("frei0r") ? CLI.frei0r : [:])
        guard result.status == 0 else {
            throw RGBAImage.ReadError(description: "\(file) \(arguments) exited \(result.status): \(result.stderr)")
        }
        return try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".png") }.sorted()
            .map { out.appendingPathComponent($0) }
    }

    @Test(arguments: pipelines, [0.25, 0.5])
    func reducedScaleFramesStayCloseToTheFullImagesFrames(file: String, scale: Double) throws {
        let mipmapped = try render(file, ["--scale", "\(scale)"])
        let exact = try render(file, ["--scale", "\(scale)", "--exact-image-scaling"])
        try #require(mipmapped.count == exact.count && !exact.isEmpty)
        let last = exact.count - 1
        for index in Set([0, last / 4, last / 2, 3 * last / 4, last]).sorted() {
            let (frame, reference) = (try RGBAImage.read(mipmapped[index]), try RGBAImage.read(exact[index]))
            let psnr = frame.psnr(against: reference)
            #expect(
                psnr >= 40 || frame.ssim(against: reference) >= 0.99,
                "\(file) frame \(index) at --scale \(scale): PSNR \(psnr) dB, SSIM \(frame.ssim(against: reference))")
        }
    }

    /// Makes sure the comparison above compares two different paths.
    @Test func aQuarterScaleFrameIsDrawnFromSmallerCopies() throws {
        let mipmapped = try render("pipeline.json", ["--scale", "0.25", "--frames", "0"])
        let exact = try render("pipeline.json", ["--scale", "0.25", "--frames", "0", "--exact-image-scaling"])
        #expect(try Data(contentsOf: mipmapped[0]) != Data(contentsOf: exact[0]))
    }

    /// At full size, only the half-size magic moves (one with its list blurred) draw an image at less than a quarter of its
    /// size: the poster, 360 × 520 pixels in 84 × 121.5 points, before it grows.
    static let smallImagesAtFullSize = [
        "examples/magic-move.json", "examples/magic-move-dark.json", "examples/magic-move-blur.json",
    ]

    @Test(arguments: pipelines)
    func fullSizeFramesAreTheFullImagesFramesToTheByte(file: String) throws {
        let mipmapped = try render(file, [])
        let exact = try render(file, ["--exact-image-scaling"])
        #expect(mipmapped.map(\.lastPathComponent) == exact.map(\.lastPathComponent))
        for (frame, reference) in zip(mipmapped, exact) where try Data(contentsOf: frame) != Data(contentsOf: reference)
        {
            let psnr = try RGBAImage.read(frame).psnr(against: try RGBAImage.read(reference))
            #expect(
                Self.smallImagesAtFullSize.contains(file) && psnr >= 40,
                "\(file) \(frame.lastPathComponent) differs at full size: PSNR \(psnr) dB")
        }
    }
}
