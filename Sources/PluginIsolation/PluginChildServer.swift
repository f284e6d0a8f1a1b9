import CAnimatorABI
import ChildProcess
import Foundation
import PluginRegistry

/// The child's side of `--isolate`: reads requests on standard input, runs the plugin code
/// they name and replies on (what was) standard output, until `quit` or the host goes away.
/// It opens a plugin file only when a request names it, so only the plugins the pipeline uses
/// run here. A crash, a hang or an `exit` in a plugin ends this process and no other.
public final class PluginChildServer {
    /// A step's instance: what `create` returned, and the functions of its processor.
    enum Instance {
        case animator(UnsafePointer<anim_animator_desc_t>, UnsafeMutableRawPointer?)
        case mixer(UnsafePointer<anim_mixer_desc_t>, UnsafeMutableRawPointer?)
        case effect(UnsafePointer<anim_effect_desc_t>, UnsafeMutableRawPointer?)
    }

    let registry = Registry()
    let strings = InternedStrings()
    var instances: [UInt32: Instance] = [:]
    var opened: Set<String> = []
    var shared: SharedMemory?
    private let replies: Int32
    /// The host's limit on one call (it passes its environment on): past it and a grace
    /// period, a call still running ends this process, should the host be gone.
    private let limit = CallLimit.from(ProcessInfo.processInfo.environment)

    /// Moves the reply stream off descriptor 1, which then points at standard error: what a
    /// plugin prints must not mix into the replies. Ctrl-C reaches the whole process group; it
    /// is the host's to handle (it finishes the frames under way, which need this child).
    public init() {
        replies = dup(STDOUT_FILENO)
        dup2(STDERR_FILENO, STDOUT_FILENO)
        signal(SIGINT, SIG_IGN)
    }

    /// Serves requests until `quit` or the end of standard input; returns the exit status.
    public func serve() -> Int32 {
        // Ready: the host's call limit starts counting from here.
        send(WireWriter())
        while let request = readRequest() {
            var reader = WireReader(request)
            do {
                guard let kind = Request(rawValue: try reader.get(UInt8.self)) else { return 3 }
                if kind == .quit {
                    finish()
                    send(WireWriter())
                    return 0
                }
                ChildTimeLimit.arm(behind: limit)
                let reply = try handle(kind, &reader)
                ChildTimeLimit.disarm()
                send(reply)
            } catch {
                return 3
            }
        }
        finish()
        return 0
    }

    private func handle(_ kind: Request, _ reader: inout WireReader) throws(WireError) -> WireWriter {
        switch kind {
        case .create: try create(&reader)
        case .apply: try apply(&reader)
        case .mix: try mix(&reader)
        case .map: try map(&reader)
        case .curve: try curve(&reader)
        case .reach: try reach(&reader)
        case .effect: try effect(&reader)
        case .quit: WireWriter()
        }
    }

    /// Destroys the instances and runs the opened plugins' `deinit`, as an in-process render does.
    private func finish() {
        for instance in instances.values {
            switch instance {
            case .animator(let descriptor, let pointer): if let pointer { descriptor.pointee.destroy?(pointer) }
            case .mixer(let descriptor, let pointer): if let pointer { descriptor.pointee.destroy?(pointer) }
            case .effect(let descriptor, let pointer): if let pointer { descriptor.pointee.destroy?(pointer) }
            }
        }
        instances.removeAll()
        registry.shutdown()
    }

    /// Opens `path` the first time a request names it; nil, or why it cannot be used.
    func open(_ path: String) -> String? {
        guard !opened.contains(path) else { return nil }
        opened.insert(path)
        return registry.open(pluginFile: path)
    }

    private func readRequest() -> [UInt8]? {
        var header = [UInt8](repeating: 0, count: 4)
        guard PipeIO.readFully(&header, from: STDIN_FILENO) else { return nil }
        let length = header.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self)) }
        var body = [UInt8](repeating: 0, count: Int(length))
        return PipeIO.readFully(&body, from: STDIN_FILENO) ? body : nil
    }

    private func send(_ reply: WireWriter) {
        guard PipeIO.writeAll(reply.framed, to: replies) else { exit(3) }
    }
}

/// Replies.
extension WireWriter {
    static var done: WireWriter {
        var reply = WireWriter()
        reply.put(Reply.done.rawValue)
        return reply
    }

    static func failed(_ message: String) -> WireWriter {
        var reply = WireWriter()
        reply.put(Reply.failed.rawValue)
        reply.put(message)
        return reply
    }
}
