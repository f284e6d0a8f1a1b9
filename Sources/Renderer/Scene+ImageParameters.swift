import CAnimatorABI
import PluginRegistry
import Scene

extension Scene {
    /// The files the steps' image parameters name (a GLSL transition's sampler2D uniforms): a
    /// sandboxed plugin child may read them, as it may read its plugin files.
    var imageParameterFiles: [String] {
        let paths = steps.flatMap { step -> [String] in
            guard case .mix(let mixer, _, _) = step.action else { return [] }
            return zip(mixer.parameters, step.parameters).compactMap { descriptor, bound in
                descriptor.type == .image ? bound.value.s.map { String(cString: $0) } : nil
            }
        }
        return Array(Set(paths)).sorted()
    }
}
