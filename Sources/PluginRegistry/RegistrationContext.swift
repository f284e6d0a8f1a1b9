import CAnimatorABI
import Foundation
import PluginDescriptions

/// Collects what one plugin registers during `init`, and what it logs afterwards.
/// The host struct handed to the plugin points at it through `host_data`, forever.
/// Registration is open only while `init` runs, and only to the thread running it.
final class RegistrationContext: @unchecked Sendable {
    let plugin: PluginInfo
    /// What kind of file registers: a frei0r file's names are frei0r's own, a GLSL transition's
    /// its file's.
    var origin: PluginOrigin { plugin.origin }
    /// The thread that creates the context, which then calls `init`.
    private let initThread = pthread_self()
    private let lock = NSLock()
    private var state = State()

    struct State {
        var isOpen = true
        var animators: [AnimatorEntry] = []
        var mixers: [MixerEntry] = []
        var effects: [EffectEntry] = []
        var curves: [CurveEntry] = []
        var warnings: [String] = []
        var lastError: String?
        /// Every registration the host refused during `init`: the likely reasons it returned false.
        var refusals: [String] = []
        /// Lines logged during `init`, printed only if it succeeds.
        var heldLog: [(level: UInt32, message: String)] = []
    }

    init(plugin: PluginInfo) {
        self.plugin = plugin
    }

    private func withState<T>(_ body: (inout State) -> T) -> T { lock.withLock { body(&state) } }

    var animators: [AnimatorEntry] { withState { $0.animators } }
    var mixers: [MixerEntry] { withState { $0.mixers } }
    var effects: [EffectEntry] { withState { $0.effects } }
    var curves: [CurveEntry] { withState { $0.curves } }
    var warnings: [String] { withState { $0.warnings } }
    var lastError: String? { withState { $0.lastError } }
    var refusals: [String] { withState { $0.refusals } }

    var fileName: String { plugin.path.split(separator: "/").last.map(String.init) ?? plugin.path }

    /// Ends `init`: what it logged is printed if it succeeded; if it failed, the last error
    /// goes into the single "init returned false" line instead.
    func closeRegistration(succeeded: Bool) {
        let held = withState { state in
            state.isOpen = false
            defer { state.heldLog = [] }
            return state.heldLog
        }
        if succeeded { for line in held { PluginLog.write(level: line.level, plugin: fileName, line.message) } }
    }

    /// Runs a registration if it comes from `init` on its own thread; otherwise refuses it and says why.
    func register(_ kind: RegistrationKind, _ make: () throws(DescriptorError) -> Void) -> Bool {
        guard withState({ $0.isOpen }) else {
            // Nothing will print the plugin's warnings any more: this goes straight to the log.
            PluginLog.write(
                level: UInt32(ANIM_LOG_WARNING), plugin: fileName,
                "\(kind.rawValue) refused: registered after init returned; register everything from init")
            return false
        }
        guard pthread_equal(pthread_self(), initThread) != 0 else {
            refuse(kind, "registered from another thread while init ran; register from the thread running init")
            return false
        }
        do throws(DescriptorError) {
            try make()
            return true
        } catch {
            refuse(kind, error.description)
            return false
        }
    }

    private func refuse(_ kind: RegistrationKind, _ reason: String) {
        warn("\(kind.rawValue) refused: \(reason)")
        withState { $0.refusals.append("its \(kind.rawValue): \(reason)") }
    }

    func add(_ entry: AnimatorEntry) throws(DescriptorError) { try insert(entry, into: \.animators) }
    func add(_ entry: MixerEntry) throws(DescriptorError) { try insert(entry, into: \.mixers) }
    func add(_ entry: EffectEntry) throws(DescriptorError) { try insert(entry, into: \.effects) }
    func add(_ entry: CurveEntry) throws(DescriptorError) { try insert(entry, into: \.curves) }

    /// A name is registered once per kind: a second registration would clash with the first.
    private func insert<Entry: Registered>(_ entry: Entry, into list: WritableKeyPath<State, [Entry]>)
        throws(DescriptorError)
    {
        let isTaken = withState { state in
            if state[keyPath: list].contains(where: { $0.name == entry.name }) { return true }
            state[keyPath: list].append(entry)
            return false
        }
        if isTaken {
            throw DescriptorError(
                "name \"\(entry.name)\" is already registered by this plugin; register each name once")
        }
    }

    func warn(_ message: String) {
        withState { $0.warnings.append("plugin \(fileName): \(message)") }
    }

    /// During `init` lines are held back, so a failing plugin produces exactly one line.
    func log(level: UInt32, _ message: String) {
        let held = withState { state in
            if level >= UInt32(ANIM_LOG_ERROR) { state.lastError = message }
            if state.isOpen { state.heldLog.append((level, message)) }
            return state.isOpen
        }
        if !held { PluginLog.write(level: level, plugin: fileName, message) }
    }
}
