import Foundation

/// A file's tags in ffmpeg's FFMETADATA format, read as an input of their own
/// (`-f ffmetadata -i FILE`, `-map_metadata`): a part's records grow with its render's cues and
/// sound, and Linux refuses a command-line argument over 128 KiB.
struct FFMetadataFile {
    let tags: [(key: String, value: String)]

    /// The header, then a `key=value` line per tag, `=`, `;`, `#`, `\` and line ends escaped
    /// with a backslash. ffmpeg 5.1 takes a line that ends in an escaped `\` to go on: the
    /// records it carries are JSON, which ends in `}`.
    var text: String {
        ";FFMETADATA1\n" + tags.map { Self.escaped($0.key) + "=" + Self.escaped($0.value) + "\n" }.joined()
    }

    static func escaped(_ text: String) -> String {
        var escaped = ""
        for character in text.unicodeScalars {
            if "=;#\\\n\r".unicodeScalars.contains(character) { escaped.unicodeScalars.append("\\") }
            escaped.unicodeScalars.append(character)
        }
        return escaped
    }

    /// The file beside `output` the tags are read from while it is written: hidden, as the
    /// output's own temporary is.
    static func path(for output: String) -> String {
        StagedFile.hidden(output + ".ffmetadata", tag: "metadata-\(getpid())")
    }

    /// Writes the tags to `path(for: output)` and returns that path.
    func write(for output: String) throws(OutputError) -> String {
        let path = Self.path(for: output)
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            throw OutputError(
                "cannot write the records of \(output) beside it (\(path)): the folder is not writable or the disk "
                    + "is full")
        }
        return path
    }
}
