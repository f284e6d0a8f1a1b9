/// Why an image file could not be loaded; `description` is a short lowercase reason.
public struct ImageLoadError: Error, CustomStringConvertible {
    public let path: String
    public let description: String

    public init(path: String, description: String) {
        self.path = path
        self.description = description
    }
}
