import CAnimatorABI
import Synchronization

/// Collects what one plugin registers during `init`, and what it logs afterwards.
/// The host struct handed to the plugin points at it through `host_data`, forever.
final class RegistrationContext: Sendable {
    let plugin: PluginInfo
    private let state = Mutex(State())

    struct State {
        var isOpen = true
        var animators: [AnimatorEntry] = []
        var mixers: [MixerEntry] = []
        var curves: [CurveEntry] = []
        var warnings: [String] = []
        var lastError: String?
        /// Why the host last refused a descriptor: the likely reason `init` then returned false.
        var lastRefusal: String?
        /// Lines logged during `init`, printed only if it succeeds.
        var heldLog: [(level: UInt32, message: String)] = []
    }

    init(plugin: PluginInfo) { self.plugin = plugin }

    var animators: [AnimatorEntry] { state.withLock { $0.animators } }
    var mixers: [MixerEntry] { state.withLock { $0.mixers } }
    var curves: [CurveEntry] { state.withLock { $0.curves } }
    var warnings: [String] { state.withLock { $0.warnings } }
    var lastError: String? { state.withLock { $0.lastError } }
    var lastRefusal: String? { state.withLock { $0.lastRefusal } }

    var fileName: String { plugin.path.split(separator: "/").last.map(String.init) ?? plugin.path }

    /// Ends `init`: what it logged is printed if it succeeded; if it failed, the last error
    /// goes into the single "init returned false" line instead.
    func closeRegistration(succeeded: Bool) {
        let held = state.withLock { state in
            state.isOpen = false
            defer { state.heldLog = [] }
            return state.heldLog
        }
        if succeeded { for line in held { PluginLog.write(level: line.level, plugin: fileName, line.message) } }
    }

    /// Runs a registration if `init` is still running; otherwise records the misuse.
    func register(_ kind: RegistrationKind, _ make: () throws(DescriptorError) -> Void) -> Bool {
        guard state.withLock({ $0.isOpen }) else {
            warn("registered a \(kind.rawValue) outside init; ignored")
            return false
        }
        do throws(DescriptorError) {
            try make()
            return true
        } catch {
            warn("\(kind.rawValue) refused: \(error.description)")
            state.withLock { $0.lastRefusal = "the host refused its \(kind.rawValue): \(error.description)" }
            return false
        }
    }

    func add(_ entry: AnimatorEntry) { state.withLock { $0.animators.append(entry) } }
    func add(_ entry: MixerEntry) { state.withLock { $0.mixers.append(entry) } }
    func add(_ entry: CurveEntry) { state.withLock { $0.curves.append(entry) } }

    func warn(_ message: String) {
        state.withLock { $0.warnings.append("plugin \(fileName): \(message)") }
    }

    /// During `init` lines are held back, so a failing plugin produces exactly one line.
    func log(level: UInt32, _ message: String) {
        let held = state.withLock { state in
            if level >= UInt32(ANIM_LOG_ERROR) { state.lastError = message }
            if state.isOpen { state.heldLog.append((level, message)) }
            return state.isOpen
        }
        if !held { PluginLog.write(level: level, plugin: fileName, message) }
    }
}
