/// The error buffer plugin functions that can fail write their reason into (animator.h).
public enum PluginErrorBuffer {
    public static let capacity = 512

    /// Calls a plugin function that reports failure through an error buffer; returns the
    /// message on failure ("no reason given" when it wrote none), nil on success.
    public static func calling(_ call: (UnsafeMutablePointer<CChar>, UInt32) -> Bool) -> String? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { error in
            error[0] = 0
            let succeeded = call(error.baseAddress!, UInt32(error.count))
            // A plugin that fills the whole buffer may leave no terminator.
            error[error.count - 1] = 0
            guard !succeeded else { return nil }
            let message = String(cString: error.baseAddress!)
            return message.isEmpty ? "no reason given" : message
        }
    }
}
