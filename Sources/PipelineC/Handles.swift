import CPipelineAPI
import Foundation
import PipelineKit

/// Plugins' log lines reach the host's standard error only when it asks (PIPELINE_VERBOSE=1):
/// a library writes nothing to its host's streams unasked. Set before the first pipeline opens.
enum LibraryStreams {
    static let quiet: Void = {
        if ProcessInfo.processInfo.environment["PIPELINE_VERBOSE"] != "1" { PluginLog.handler = { _ in } }
    }()
}

/// A `pipeline_error_t`: the error's problems, their strings kept as C strings as long as it lives.
final class ErrorBox {
    let status: pipeline_status_t
    let message: UnsafeMutablePointer<CChar>
    let problems:
        [(
            message: UnsafeMutablePointer<CChar>, file: UnsafeMutablePointer<CChar>, line: UInt32,
            column: UInt32, jsonPath: UnsafeMutablePointer<CChar>
        )]

    init(_ error: PipelineError) {
        let error = error.worded(Self.cName)
        status = error.code.rawValue
        message = strdup(error.description)
        problems = error.problems.map { problem in
            (
                strdup(problem.message), strdup(problem.file), UInt32(clamping: problem.line),
                UInt32(clamping: problem.column), strdup(problem.jsonPath)
            )
        }
    }

    deinit {
        free(message)
        for problem in problems {
            free(problem.message)
            free(problem.file)
            free(problem.jsonPath)
        }
    }

    /// An option as uipipeline.h spells it: the options struct's field (`options->frames`), or the
    /// flag that sets it (`PIPELINE_RENDER_RESUME`).
    static func cName(_ option: Pipeline.Option) -> String {
        switch option {
        case .resume: "PIPELINE_RENDER_RESUME"
        case .waitsForFolder: "PIPELINE_RENDER_WAIT_FOR_FOLDER"
        case .discard: "PIPELINE_RENDER_DISCARD"
        case .isolate: "PIPELINE_OPEN_ISOLATE_PLUGINS"
        case .sandbox: "PIPELINE_OPEN_SANDBOX_PLUGINS"
        case .allowsOutsideFiles: "PIPELINE_OPEN_ALLOW_OUTSIDE_FILES"
        case .imageMemoryLimit: "options->image_memory_limit"
        case .pluginFolders: "options->plugin_folders"
        case .props: "options->props_file"
        default: "options->\(option.rawValue)"
        }
    }

    /// Stores a new error for `error` in `out` (when the caller asked for one) and returns its status.
    static func fail(_ error: PipelineError, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> pipeline_status_t {
        out?.pointee = OpaquePointer(Unmanaged.passRetained(ErrorBox(error)).toOpaque())
        return error.code.rawValue
    }

    static func from(_ handle: OpaquePointer?) -> ErrorBox? {
        handle.map { Unmanaged<ErrorBox>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
    }
}

/// A `pipeline_t`.
enum PipelineHandle {
    static func make(_ pipeline: Pipeline) -> OpaquePointer {
        OpaquePointer(Unmanaged.passRetained(pipeline).toOpaque())
    }

    static func from(_ handle: OpaquePointer?) -> Pipeline? {
        handle.map { Unmanaged<Pipeline>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
    }

    static func release(_ handle: OpaquePointer) {
        let pipeline = Unmanaged<Pipeline>.fromOpaque(UnsafeRawPointer(handle))
        pipeline.takeUnretainedValue().close()
        pipeline.release()
    }
}

/// An argument the caller got wrong.
func argumentError(_ message: String) -> PipelineError { PipelineError(argument: message) }

/// The options struct a caller passed, refused when its `struct_size` is less than version 1.0's
/// size of `type` (`minimum`).
func checked<Options: SizedOptions>(_ options: UnsafePointer<Options>, _ type: String, minimum: UInt32)
    throws(PipelineError) -> Options
{
    let given = options.pointee
    guard given.struct_size >= minimum else {
        throw argumentError(
            "\(type).struct_size is \(given.struct_size), less than version 1.0's \(minimum): set it to sizeof(\(type))"
        )
    }
    return given
}

/// An options struct of uipipeline.h: it begins with its size as the caller compiled it.
// swift-format-ignore: AlwaysUseLowerCamelCase
protocol SizedOptions {
    var struct_size: UInt32 { get }
}

extension pipeline_open_options_t: SizedOptions {}
extension pipeline_frame_options_t: SizedOptions {}
extension pipeline_render_options_t: SizedOptions {}

/// An optional C string as a Swift string.
func string(_ pointer: UnsafePointer<CChar>?) -> String? { pointer.map { String(cString: $0) } }

/// `count` C strings from `list` (NULL entries refused).
func strings(_ list: UnsafePointer<UnsafePointer<CChar>?>?, count: UInt32, what: String) throws(PipelineError)
    -> [String]
{
    guard count > 0 else { return [] }
    guard let list else { throw argumentError("\(what) is NULL but its count is \(count)") }
    var result: [String] = []
    for index in 0..<Int(count) {
        guard let item = list[index] else { throw argumentError("\(what)[\(index)] is NULL") }
        result.append(String(cString: item))
    }
    return result
}
