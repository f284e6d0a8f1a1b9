import CGLSLTransition
import Foundation

extension GLSLTransitionFile {
    /// Lends `body` the adapter's description of the file, valid for the call.
    func withSpec<R>(
        name: String, path: String, timeLimit: Duration, _ body: (UnsafePointer<glsl_transition_spec_t>) -> R
    ) -> R {
        let strings = [name, path, self.body, doc, initializers] + uniforms.flatMap { [$0.name, $0.doc] }
        let copies = strings.map { strdup($0)! }
        defer { for copy in copies { free(copy) } }
        let cUniforms = uniforms.enumerated().map { index, uniform in
            let values = (uniform.defaults ?? []) + Array(repeating: 0, count: 4 - (uniform.defaults?.count ?? 0))
            return glsl_transition_uniform_t(
                name: copies[5 + 2 * index], type: uniform.type.code, has_default: uniform.defaults == nil ? 0 : 1,
                default_value: (values[0], values[1], values[2], values[3]), doc: copies[6 + 2 * index])
        }
        let seconds = Double(timeLimit.components.seconds) + Double(timeLimit.components.attoseconds) / 1e18
        return cUniforms.withUnsafeBufferPointer { list in
            var spec = glsl_transition_spec_t(
                name: copies[0], path: copies[1], body: copies[2], is_es3: isES3 ? 1 : 0, uniforms: list.baseAddress,
                uniform_count: UInt32(list.count), time_limit: seconds, doc: copies[3], initializers: copies[4])
            return body(&spec)
        }
    }
}
