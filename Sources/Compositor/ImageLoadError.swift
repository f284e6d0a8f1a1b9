/// Why an image file could not be loaded; `description` is a short lowercase reason.
public struct ImageLoadError: Error, CustomStringConvertible {
    public let path: String
    public let description: String

    public init(path: String, description: String) {
        self.path = path
        self.description = description
    }

    /// The decoder's NUL-terminated reason.
    init(path: String, message: [CChar]) {
        let text = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        self.init(path: path, description: String(decoding: text, as: UTF8.self))
    }
}
