import CPluginGuard
import Foundation
import OptionNames
import PluginDescriptions
import PluginRegistry
import Scene

/// The words the crash guard writes if plugin code crashes this process during a call (see
/// crash_guard.h): prepared once per step, since a signal handler cannot format anything.
public final class CrashLabel: @unchecked Sendable {
    /// How the caller spells the option that runs plugins in child processes, for the note
    /// every crash message ends with (`--isolate` on the command line); set by `spellIsolation`.
    private static let spelling = NSLock()
    nonisolated(unsafe) private static var isolation = OptionName.isolate.rawValue

    /// Makes the crash notes of plugin calls prepared from now on name the option that runs
    /// plugins in child processes as `option`.
    public static func spellIsolation(_ option: String) { spelling.withLock { isolation = option } }

    /// Ends the message: what is left on disk, and the way to contain crashes. Written once and
    /// only read afterwards, by this process's threads and its signal handler.
    private let tail: UnsafeMutablePointer<CChar>

    private let who: UnsafeMutablePointer<CChar>
    private let step: UnsafeMutablePointer<CChar>

    /// `plugin /p/x.so (id org.x): animator "x"` (or a timing curve) at `path`, the step or
    /// place in the file it runs for.
    init(for registered: any Registered, step path: String) {
        who = strdup("plugin \(registered.plugin.shownWithID): \(registered.kindAndName)")!
        step = strdup(path)!
        let isolation = Self.spelling.withLock { Self.isolation }
        tail = strdup(
            """

            note: the run stopped at once; frame files already written are complete, unfinished videos were \
            removed; run with \(isolation) to run plugins in child processes

            """)!
    }

    deinit {
        free(who)
        free(step)
        free(tail)
    }

    /// Runs `body` (a plugin call) with the guard set for `frame` (nil for `create`).
    func guarding<R>(frame: Int?, _ body: () -> R) -> R {
        crash_guard_enter(who, step, Int64(frame ?? -1), tail)
        defer { crash_guard_leave() }
        return body()
    }

    /// Calls plugin function `function` through `body` (which calls it with its structs
    /// guarded), under `lock` when there is one, with the guard set for `frame`: the message of
    /// its failure, nil on success.
    func calling(
        _ function: String, frame: Int, lock: NSLock?,
        _ body: (UnsafeMutablePointer<CChar>, UInt32) -> (Bool, StructGuard.Overrun?)
    ) -> String? {
        guarding(frame: frame) {
            PluginErrorBuffer.calling(function) { error, size in
                lock?.lock()
                defer { lock?.unlock() }
                return body(error, size)
            }
        }
    }
}
