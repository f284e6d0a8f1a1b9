/// Keyframes that cannot be animated: which key is wrong ("values", "keyTimes" or
/// "timingFunctions"), which element of it when one is at fault, and a short lowercase message
/// that says what is wrong and what would be right. The caller puts it at the key's place in its
/// file.
public struct KeyframesError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public let key: String
    /// The element of `key` at fault, or nil when the key as a whole is.
    public let index: Int?

    public init(_ message: String, key: String, index: Int? = nil) {
        (self.message, self.key, self.index) = (message, key, index)
    }

    /// "keyTimes[2]", or "keyTimes" for the key as a whole.
    public var location: String { index.map { "\(key)[\($0)]" } ?? key }

    /// "keyTimes[2]: is 0.3, less than the key time before it (0.5); key times must not decrease".
    public var description: String { "\(location): \(message)" }
}
