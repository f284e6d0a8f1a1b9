import Foundation

/// Guard bytes after every struct the host hands a plugin: the struct is copied into a buffer
/// followed by `size` bytes of a known pattern, the plugin is called with the copy, and the
/// pattern is read again after the call. A plugin that writes past the end of what it was given
/// (a mask's fifth shape, a struct of a newer header filled whole) is caught at that call, with
/// the number of bytes it wrote past the end, instead of damaging what lay behind the struct.
///
/// The guard sees writes into its `size` bytes; a write farther away is not seen (and may
/// damage the stack, as it would without the guard). A byte written with the pattern's own value
/// is not seen either. `PIPELINE_STRUCT_GUARDS=off` in the environment turns the guards off, for
/// measuring what they cost (scripts/bench).
public enum StructGuard {
    /// The guard bytes after each struct.
    public static let size = 256
    /// The value of every guard byte.
    static let pattern: UInt8 = 0xA7

    /// Whether calls are guarded: on unless `PIPELINE_STRUCT_GUARDS` is `off`.
    public static let isOn: Bool = ProcessInfo.processInfo.environment["PIPELINE_STRUCT_GUARDS"] != "off"

    /// A struct written past its end: its C type's name and how many bytes past the end the call
    /// changed.
    public struct Overrun: Sendable, Equatable, CustomStringConvertible {
        public let structName: String
        public let bytes: Int

        /// `wrote 16 bytes past the end of the anim_layer_t it was given`
        public var description: String {
            "wrote \(bytes) byte\(bytes == 1 ? "" : "s") past the end of the \(structName) it was given"
        }

        /// `its apply wrote 16 bytes past the end of the anim_layer_t it was given`: the message
        /// of a call of `function` that did.
        public func message(calling function: String) -> String { "its \(function) \(description)" }
    }

    /// Calls `body` with a guarded copy of `value` (whose C type is `name`), then copies what the
    /// call left there back into `value`. Returns `body`'s result and the overrun, if any.
    public static func calling<T, R>(
        with value: inout T, named name: String, _ body: (UnsafeMutablePointer<T>) throws -> R
    ) rethrows -> (R, Overrun?) {
        guard isOn else { return (try body(&value), nil) }
        let structSize = MemoryLayout<T>.size
        return try withUnsafeTemporaryAllocation(
            byteCount: structSize + size, alignment: max(MemoryLayout<T>.alignment, 16)
        ) { raw in
            let copy = raw.baseAddress!.initializeMemory(as: T.self, repeating: value, count: 1)
            let tail = UnsafeMutableRawBufferPointer(rebasing: raw[structSize...])
            tail.initializeMemory(as: UInt8.self, repeating: pattern)
            let result = try body(copy)
            value = copy.pointee
            // The farthest byte changed: the least the plugin wrote past the end.
            let changed = tail.lastIndex { $0 != pattern }.map { $0 - tail.startIndex + 1 }
            return (result, changed.map { Overrun(structName: name, bytes: $0) })
        }
    }

    /// Two guarded structs for one call (an animator's arguments and its target layer). The first
    /// overrun found is returned, the second struct's first (it is the one a plugin writes).
    public static func calling<A, B, R>(
        with first: inout A, named firstName: String, and second: inout B, named secondName: String,
        _ body: (UnsafeMutablePointer<A>, UnsafeMutablePointer<B>) throws -> R
    ) rethrows -> (R, Overrun?) {
        var inner: Overrun?
        let (result, outer) = try calling(with: &first, named: firstName) { a in
            let (result, overrun) = try calling(with: &second, named: secondName) { b in try body(a, b) }
            inner = overrun
            return result
        }
        return (result, inner ?? outer)
    }
}
