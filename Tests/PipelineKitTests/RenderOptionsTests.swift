import Foundation
import PipelineKit
import Testing

/// Each render option declared once: its text read and written back, its checks, the flags a
/// farm's tasks are given.
@Suite struct RenderOptionsTests {
    typealias Setting = Pipeline.RenderOptions.Setting

    @Test func everySettingReadsBackWhatItWrites() throws {
        var options = Pipeline.RenderOptions()
        for (setting, text) in [
            (Setting.directory, "out"), (.formats, "png,mp4"), (.quality, "90"), (.scale, "0.5"), (.fps, "30.0"),
            (.threads, "3"), (.frames, "2-5"), (.resume, "true"), (.waitsForFolder, "true"),
            (.exactImageScaling, "true"),
        ] {
            try options.set(setting, text)
            #expect(options.text(of: setting) == text, "\(setting)")
        }
        var again = Pipeline.RenderOptions()
        for setting in Setting.allCases { if let text = options.text(of: setting) { try again.set(setting, text) } }
        #expect(again.arguments(Setting.allCases) == options.arguments(Setting.allCases))
    }

    @Test func aFarmsTasksRepeatThePictureOnly() throws {
        var options = Pipeline.RenderOptions()
        (options.formats, options.quality, options.scale, options.fps) = (["png", "mp4"], 90, try .init(0.5), 30)
        (options.threads, options.frames, options.directory) = (2, "0-9", "out")
        #expect(
            options.arguments(Setting.picture) == [
                "--format", "png,mp4", "--quality", "90", "--scale", "0.5", "--fps", "30.0",
            ])
        options.scale = .full
        #expect(!options.arguments(Setting.picture).contains("--scale"), "the default is left out")
    }

    @Test func problemsNameTheSettingAsTheCallerSpellsIt() {
        var options = Pipeline.RenderOptions()
        options.quality = 101
        #expect(throws: PipelineError.self) { try options.check() }
        #expect(message { try options.check() }.hasPrefix("quality must be 0...100"))
        #expect(message { try options.check(naming: { "--\($0.flag)" }) }.hasPrefix("--quality must be 0...100"))
        options.quality = nil
        #expect(message { try options.set(.scale, "big") } == "scale takes a number, got \"big\"")
        options.formats = ["png", "mov", "png"]
        #expect(message { try options.check() } == "formats lists \"png\" twice")
        options.formats = ["png"]
        options.discard = true
        #expect(message { try options.check() }.contains("writes nothing"))
        options.discard = false
        options.threads = 0
        #expect(message { try options.check() } == "threads must be 1...256, got 0")
    }

    @Test func anErrorNamesItsOptionsAsEachSurfaceWordsThem() throws {
        var options = Pipeline.RenderOptions()
        options.frames = "7-3"
        options.directory = "out"
        let error = try #require(throws: PipelineError.self) { try options.check() }
        #expect(error.description == "frames 7-3 ends before it starts: give the lower frame first (3-7)")
        #expect(error.worded(\.option).description.hasPrefix("--frames 7-3 ends before it starts"))
        #expect(error.worded { "options->\($0)" }.first.message.hasPrefix("options->frames 7-3"))
        #expect(Setting.allCases.allSatisfy { $0.name.setting == $0 && $0.name.option == $0.option })
        #expect(Pipeline.Option.allowsOutsideFiles.option == "--allow-outside-images")
    }

    @Test func aScaleIsCheckedInOnePlaceForEverySurface() {
        let range = Pipeline.RenderScale.range
        #expect(message { _ = try Pipeline.RenderScale(5) } == "scale must be \(range), got 5.0")
        #expect(message { _ = try Pipeline.RenderScale(.nan) }.hasPrefix("scale must be"))
        #expect(message { _ = try Pipeline.RenderScale(0.5) } == "")
        #expect(message { _ = try Pipeline.RenderScale(text: "big") } == #"scale takes a number, got "big""#)
        var options = Pipeline.RenderOptions()
        #expect(message { try options.set(.scale, "9", naming: \.option) } == "--scale must be \(range), got 9.0")
        #expect(message { try options.set(.scale, " 0.25") } == "" && options.scale.value == 0.25)
    }

    @Test func aStreamTakesY4MOnly() {
        var options = Pipeline.RenderOptions()
        options.stream = FileHandle.nullDevice
        options.formats = ["mp4"]
        #expect(message { try options.check() }.contains("a stream takes Y4M"))
        options.formats = ["y4m"]
        #expect(message { try options.check() } == "")
    }

    /// The error's text; empty when `body` throws nothing.
    private func message(_ body: () throws -> Void) -> String {
        do {
            try body()
            return ""
        } catch {
            let error = error as? PipelineError
            #expect(error?.code == .argument)
            return error?.description ?? "not a PipelineError"
        }
    }
}

/// A pipeline built in code renders as the same pipeline read from a file.
@Suite struct PipelineValueTests {
    struct Document: Encodable {
        struct Canvas: Encodable {
            let width = 40, height = 30
            var fps = 10.0
            let duration = 1.0
            let background = "#ff000080"
        }
        struct Layer: Encodable {
            let name = "square", frame = [10.0, 5, 20, 20], fill = "#0000ff"
        }
        struct Step: Encodable {
            let animator = "fade", target = "square", duration = 1.0, timing = "linear"
            let params = ["to": 0.0]
        }
        let version = 1
        var canvas = Canvas()
        let layers = [Layer()]
        let timeline = [Step()]
    }

    @Test func aValueBuiltInCodeRendersAsItsFileDoes() throws {
        let kit = try PipelineKitTests()
        let fromFile = try Pipeline.open(file: try kit.write(), options: PipelineKitTests.options)
        let name = kit.folder.appendingPathComponent("built.json").path
        let built = try Pipeline.open(value: Document(), name: name, options: PipelineKitTests.options)
        #expect(built.frameCount == fromFile.frameCount)
        for index in [0, 5, 9] { #expect(try kit.frame(built, index) == kit.frame(fromFile, index)) }
    }

    @Test func aWrongValueIsNamedByItsPath() {
        var document = Document()
        document.canvas.fps = -5
        #expect {
            try Pipeline.open(value: document, name: "built.json", options: PipelineKitTests.options)
        } throws: { error in
            (error as? PipelineError)?.problems.contains { $0.jsonPath == "canvas.fps" } == true
        }
        document.canvas.fps = .nan
        #expect {
            try Pipeline.open(value: document, name: "built.json", options: PipelineKitTests.options)
        } throws: { error in
            (error as? PipelineError)?.code == .argument
        }
    }
}
