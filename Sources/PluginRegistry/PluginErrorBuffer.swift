import CAnimatorABI
import PluginDescriptions

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

    /// Calls plugin function `function` (`apply`, `mix`, …) through `body`, which calls it with
    /// its structs guarded (`StructGuard`): the message of a failure, or of a struct written past
    /// its end, which outranks what the function returned; nil on success.
    public static func calling(
        _ function: String, _ body: (UnsafeMutablePointer<CChar>, UInt32) -> (Bool, StructGuard.Overrun?)
    ) -> String? {
        var overrun: StructGuard.Overrun?
        let message = calling { error, size in
            let (succeeded, found) = body(error, size)
            overrun = found
            return succeeded
        }
        return overrun?.message(calling: function) ?? message
    }

    /// Calls a plugin's `create` with `args` guarded (`StructGuard`): the instance, or the
    /// message of its failure (NULL returned, or a struct written past its end).
    public static func creating(
        _ create: ProcessorCreate, _ args: inout anim_create_args_t
    ) -> (instance: UnsafeMutableRawPointer?, failure: String?) {
        var instance: UnsafeMutableRawPointer?
        let failure = calling("create") { error, size in
            let (made, overrun) = StructGuard.calling(with: &args, named: "anim_create_args_t") {
                create($0, error, size)
            }
            instance = made
            return (made != nil, overrun)
        }
        return (instance, failure)
    }

    /// Calls plugin function `function` with `args` (whose C type is `name`) guarded: the
    /// message of a failure or of a write past the struct's end, nil on success.
    public static func calling<Arguments>(
        _ function: String, _ args: inout Arguments, named name: String,
        _ call: (UnsafeMutablePointer<Arguments>, UnsafeMutablePointer<CChar>, UInt32) -> Bool
    ) -> String? {
        calling(function) { error, size in StructGuard.calling(with: &args, named: name) { call($0, error, size) } }
    }
}
