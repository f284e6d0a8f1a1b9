import ArgumentParser
import Output
import Scene

extension PathLimits {
    /// Refuses a file named by `option` (`-o`, `--chart`) that cannot be written for its length:
    /// a usage error, named before anything is rendered.
    static func checkOutput(_ path: String, option: String) throws {
        if let problem = problem(writing: path) { throw ValidationError("\(option) \(path): it \(problem)") }
    }
}
