/// A guide kept as a text file in `Guides/` (built in with the code): its text without the
/// file's last newline. A paragraph is one line; the command line wraps it to the terminal.
package func guideText(_ bytes: [UInt8]) -> String {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.hasSuffix("\n") ? String(text.dropLast()) : text
}
