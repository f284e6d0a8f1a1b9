import CPipelineAPI
import Foundation
import PipelineKit

// uipipeline.h's functions (Sources/CPipelineAPI/include/uipipeline.h documents each): checks of
// what C gives, then PipelineKit. Nothing here prints, exits or traps on a caller's values.

@_cdecl("pipeline_version")
public func cVersion() -> UnsafePointer<CChar> { Version.text }

private enum Version {
    nonisolated(unsafe) static let text = UnsafePointer(strdup(Versions.product)!)
}

@_cdecl("pipeline_open")
public func cOpen(
    _ path: UnsafePointer<CChar>?, _ options: UnsafePointer<pipeline_open_options_t>?,
    _ out: UnsafeMutablePointer<OpaquePointer?>?, _ errorOut: UnsafeMutablePointer<OpaquePointer?>?
) -> pipeline_status_t {
    errorOut?.pointee = nil
    do throws(PipelineError) {
        guard let out else { throw argumentError("pipeline_open: the pipeline_t ** is NULL") }
        out.pointee = nil
        guard let path else { throw argumentError("pipeline_open: the path is NULL") }
        let pipeline = try Pipeline.open(file: String(cString: path), options: try openOptions(options))
        out.pointee = PipelineHandle.make(pipeline)
        return PIPELINE_OK
    } catch {
        return ErrorBox.fail(error, errorOut)
    }
}

@_cdecl("pipeline_open_bytes")
public func cOpenBytes(
    _ bytes: UnsafeRawPointer?, _ size: Int, _ name: UnsafePointer<CChar>?,
    _ options: UnsafePointer<pipeline_open_options_t>?, _ out: UnsafeMutablePointer<OpaquePointer?>?,
    _ errorOut: UnsafeMutablePointer<OpaquePointer?>?
) -> pipeline_status_t {
    errorOut?.pointee = nil
    do throws(PipelineError) {
        guard let out else { throw argumentError("pipeline_open_bytes: the pipeline_t ** is NULL") }
        out.pointee = nil
        guard let bytes, size >= 0 else { throw argumentError("pipeline_open_bytes: the bytes are NULL") }
        guard let name else { throw argumentError("pipeline_open_bytes: the name is NULL") }
        let data = [UInt8](UnsafeRawBufferPointer(start: bytes, count: size))
        let pipeline = try Pipeline.open(bytes: data, name: String(cString: name), options: try openOptions(options))
        out.pointee = PipelineHandle.make(pipeline)
        return PIPELINE_OK
    } catch {
        return ErrorBox.fail(error, errorOut)
    }
}

private func openOptions(_ options: UnsafePointer<pipeline_open_options_t>?) throws(PipelineError)
    -> Pipeline.OpenOptions
{
    LibraryStreams.quiet
    var result = Pipeline.OpenOptions()
    result.optionNames = { ErrorBox.cName($0) }
    guard let options else { return result }
    let given = try checked(options, "pipeline_open_options_t", minimum: pipeline_open_options_size_1_0())
    let known = UInt32(
        PIPELINE_OPEN_ALLOW_OUTSIDE_FILES | PIPELINE_OPEN_ISOLATE_PLUGINS | PIPELINE_OPEN_SANDBOX_PLUGINS)
    guard given.flags & ~known == 0 else {
        throw argumentError("pipeline_open_options_t.flags has unknown bits \(given.flags & ~known)")
    }
    result.allowsOutsideFiles = given.flags & UInt32(PIPELINE_OPEN_ALLOW_OUTSIDE_FILES) != 0
    if given.flags & UInt32(PIPELINE_OPEN_SANDBOX_PLUGINS) != 0 {
        result.plugins = .sandboxed
    } else if given.flags & UInt32(PIPELINE_OPEN_ISOLATE_PLUGINS) != 0 {
        result.plugins = .isolated
    }
    result.pluginFolders = try strings(
        given.plugin_folders, count: given.plugin_folder_count, what: "pipeline_open_options_t.plugin_folders")
    result.set = try strings(given.set, count: given.set_count, what: "pipeline_open_options_t.set")
    result.props = string(given.props_json)
    result.propsFile = string(given.props_file)
    if given.image_memory_limit > 0 { result.imageMemoryLimit = Int(clamping: given.image_memory_limit) }
    return result
}

@_cdecl("pipeline_close")
public func cClose(_ pipeline: OpaquePointer?) {
    if let pipeline { PipelineHandle.release(pipeline) }
}

@_cdecl("pipeline_frame_count")
public func cFrameCount(_ pipeline: OpaquePointer?) -> Int64 {
    PipelineHandle.from(pipeline).map { Int64($0.frameCount) } ?? -1
}

@_cdecl("pipeline_fps")
public func cFPS(_ pipeline: OpaquePointer?) -> Double { PipelineHandle.from(pipeline)?.fps ?? 0 }

@_cdecl("pipeline_duration")
public func cDuration(_ pipeline: OpaquePointer?) -> Double { PipelineHandle.from(pipeline)?.duration ?? 0 }

@_cdecl("pipeline_frame_size")
public func cFrameSize(
    _ pipeline: OpaquePointer?, _ scale: Double, _ width: UnsafeMutablePointer<UInt32>?,
    _ height: UnsafeMutablePointer<UInt32>?
) -> pipeline_status_t {
    guard let pipeline = PipelineHandle.from(pipeline), let width, let height,
        let scale = try? Pipeline.RenderScale(scale)
    else { return PIPELINE_ERROR_ARGUMENT }
    let size = pipeline.frameSize(scale: scale)
    (width.pointee, height.pointee) = (UInt32(size.width), UInt32(size.height))
    return PIPELINE_OK
}

@_cdecl("pipeline_scale_range")
public func cScaleRange(_ lowest: UnsafeMutablePointer<Double>?, _ highest: UnsafeMutablePointer<Double>?) {
    lowest?.pointee = Pipeline.RenderScale.range.lowerBound
    highest?.pointee = Pipeline.RenderScale.range.upperBound
}

@_cdecl("pipeline_render_frame")
public func cRenderFrame(
    _ pipeline: OpaquePointer?, _ frame: Int64, _ pixels: UnsafeMutableRawPointer?, _ stride: Int, _ size: Int,
    _ options: UnsafePointer<pipeline_frame_options_t>?, _ errorOut: UnsafeMutablePointer<OpaquePointer?>?
) -> pipeline_status_t {
    errorOut?.pointee = nil
    do throws(PipelineError) {
        guard let pipeline = PipelineHandle.from(pipeline) else {
            throw argumentError("pipeline_render_frame: the pipeline is NULL")
        }
        guard let pixels else { throw argumentError("pipeline_render_frame: the pixel buffer is NULL") }
        var (format, scale) = (Pipeline.PixelFormat.rgbaStraight, Pipeline.RenderScale.full)
        if let options {
            let given = try checked(options, "pipeline_frame_options_t", minimum: pipeline_frame_options_size_1_0())
            if given.flags & UInt32(PIPELINE_FRAME_PREMULTIPLIED) != 0 { format = .rgbaPremultiplied }
            if given.scale != 0 { scale = try Pipeline.RenderScale(given.scale) }
        }
        try pipeline.renderFrame(
            Int(clamping: frame), into: pixels, byteCount: size, stride: stride, format: format, scale: scale)
        return PIPELINE_OK
    } catch {
        return ErrorBox.fail(error, errorOut)
    }
}

@_cdecl("pipeline_render")
public func cRender(
    _ pipeline: OpaquePointer?, _ options: UnsafePointer<pipeline_render_options_t>?,
    _ errorOut: UnsafeMutablePointer<OpaquePointer?>?
) -> pipeline_status_t {
    errorOut?.pointee = nil
    do throws(PipelineError) {
        guard let pipeline = PipelineHandle.from(pipeline) else {
            throw argumentError("pipeline_render: the pipeline is NULL")
        }
        var renderOptions = Pipeline.RenderOptions()
        var progress: ((Pipeline.RenderProgress) -> Bool)?
        if let options {
            let given = try checked(options, "pipeline_render_options_t", minimum: pipeline_render_options_size_1_0())
            renderOptions.discard = given.flags & UInt32(PIPELINE_RENDER_DISCARD) != 0
            renderOptions.resume = given.flags & UInt32(PIPELINE_RENDER_RESUME) != 0
            renderOptions.waitsForFolder = given.flags & UInt32(PIPELINE_RENDER_WAIT_FOR_FOLDER) != 0
            renderOptions.directory = string(given.directory)
            if let formats = string(given.formats) { try renderOptions.set(.formats, formats) }
            renderOptions.frames = string(given.frames)
            renderOptions.shard = string(given.shard)
            if given.scale != 0 { renderOptions.scale = try Pipeline.RenderScale(given.scale) }
            if given.fps != 0 { renderOptions.fps = given.fps }
            if given.quality != 0 { renderOptions.quality = Int(given.quality) }
            if given.threads != 0 { renderOptions.threads = Int(given.threads) }
            if let callback = given.progress {
                let userData = given.user_data
                progress = { state in
                    callback(userData, Int64(state.framesDone), Int64(state.framesTotal)) == 0
                }
            }
        }
        _ = try pipeline.render(renderOptions, progress: progress)
        return PIPELINE_OK
    } catch {
        return ErrorBox.fail(error, errorOut)
    }
}

@_cdecl("pipeline_error_message")
public func cErrorMessage(_ error: OpaquePointer?) -> UnsafePointer<CChar> {
    ErrorBox.from(error).map { UnsafePointer($0.message) } ?? Empty.text
}

@_cdecl("pipeline_error_status")
public func cErrorStatus(_ error: OpaquePointer?) -> pipeline_status_t {
    ErrorBox.from(error)?.status ?? PIPELINE_OK
}

@_cdecl("pipeline_error_count")
public func cErrorCount(_ error: OpaquePointer?) -> UInt32 { UInt32(ErrorBox.from(error)?.problems.count ?? 0) }

@_cdecl("pipeline_error_problem")
public func cErrorProblem(_ error: OpaquePointer?, _ index: UInt32) -> UnsafePointer<CChar> {
    problem(error, index).map { UnsafePointer($0.message) } ?? Empty.text
}

@_cdecl("pipeline_error_file")
public func cErrorFile(_ error: OpaquePointer?, _ index: UInt32) -> UnsafePointer<CChar> {
    problem(error, index).map { UnsafePointer($0.file) } ?? Empty.text
}

@_cdecl("pipeline_error_line")
public func cErrorLine(_ error: OpaquePointer?, _ index: UInt32) -> UInt32 { problem(error, index)?.line ?? 0 }

@_cdecl("pipeline_error_column")
public func cErrorColumn(_ error: OpaquePointer?, _ index: UInt32) -> UInt32 { problem(error, index)?.column ?? 0 }

@_cdecl("pipeline_error_json_path")
public func cErrorJSONPath(_ error: OpaquePointer?, _ index: UInt32) -> UnsafePointer<CChar> {
    problem(error, index).map { UnsafePointer($0.jsonPath) } ?? Empty.text
}

@_cdecl("pipeline_error_free")
public func cErrorFree(_ error: OpaquePointer?) {
    if let error { Unmanaged<ErrorBox>.fromOpaque(UnsafeRawPointer(error)).release() }
}

private func problem(_ error: OpaquePointer?, _ index: UInt32) -> (
    message: UnsafeMutablePointer<CChar>, file: UnsafeMutablePointer<CChar>, line: UInt32, column: UInt32,
    jsonPath: UnsafeMutablePointer<CChar>
)? {
    guard let box = ErrorBox.from(error), Int(index) < box.problems.count else { return nil }
    return box.problems[Int(index)]
}

private enum Empty {
    nonisolated(unsafe) static let text = UnsafePointer(strdup("")!)
}
