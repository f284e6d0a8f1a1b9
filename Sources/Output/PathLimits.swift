import Scene

extension PathLimits {
    /// Like `problem(_:)` for a file an output writes, whose temporary name
    /// (`.<name>.partial-<pid>.<ext>`) is longer than the file's own.
    public static func problem(writing path: String) -> String? {
        if let problem = problem(path) { return problem }
        let temporary = StagedFile(path: path).temporaryPath
        return problem(temporary).map { "needs the temporary name \(temporary), which \($0)" }
    }
}
