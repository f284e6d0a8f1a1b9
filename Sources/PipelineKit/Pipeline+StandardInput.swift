extension Pipeline {
    /// A pipeline read from standard input: named `-`, or one of the paths Linux gives standard
    /// input, which are read as a stream, not opened by path (the folder of `/dev/stdin` is
    /// `/dev`, no place to look for images). It has no folder of its own: its relative paths
    /// (images, `output.dir`) and `plugins/` resolve from the current folder, messages call it
    /// `<stdin>`, and its videos are named `pipeline`.
    public enum StandardInput {
        public static let name = "<stdin>"
        /// The base name of its videos.
        public static let videoName = "pipeline"

        /// True for `-` and the paths Linux gives standard input.
        public static func isNamed(by argument: String) -> Bool {
            ["-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"].contains(argument)
        }

        /// The pipeline's name in messages, and the path whose folder relative paths resolve from.
        public static func shownName(_ argument: String) -> String { isNamed(by: argument) ? name : argument }
    }
}
