import CAnimatorABI
import CGLSLTransition
import Foundation
import PluginDescriptions

extension GLSLTransition {
    /// What the shader of `mixer` (a GLSL transition's entry) returns for every pixel of `out`'s
    /// size at `progress` with `values` (one per parameter), as floats before they become bytes,
    /// bottom row first: NaN shows here where bytes would hide it. Nil with why when it cannot run.
    public static func results(
        of mixer: MixerEntry, progress: Double, values: UnsafePointer<anim_value_t>?,
        from: UnsafePointer<anim_image_t>, to: UnsafePointer<anim_image_t>, out: UnsafeMutablePointer<anim_image_t>
    ) -> Result<[Float], GLSLRunError> {
        let path = mixer.plugin.path
        let file: GLSLTransitionFile
        switch read(PluginSearchPath.realPath(path), shownAs: path) {
        case .success(let read): file = read
        case .failure(let error): return .failure(GLSLRunError(description: "\(path): \(error.description)"))
        }
        var floats = [Float](repeating: 0, count: Int(out.pointee.width) * Int(out.pointee.height) * 4)
        let failure = file.withSpec(name: mixer.name, path: path, timeLimit: CallLimit.current) { spec in
            floats.withUnsafeMutableBufferPointer { floats in
                PluginErrorBuffer.calling { error, size in
                    glsl_transition_render(spec, progress, values, from, to, out, floats.baseAddress, error, size)
                }
            }
        }
        return failure.map { .failure(GLSLRunError(description: $0)) } ?? .success(floats)
    }
}

/// Why a GLSL transition could not run.
public struct GLSLRunError: Error, CustomStringConvertible, Sendable {
    public let description: String
}
