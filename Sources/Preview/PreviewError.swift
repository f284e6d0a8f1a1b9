/// What stopped the preview server or one of its answers, with what would be right.
public struct PreviewError: Error, CustomStringConvertible, Sendable {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
