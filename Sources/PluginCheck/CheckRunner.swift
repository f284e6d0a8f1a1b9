import CAnimatorABI
import Foundation
import PluginDescriptions
import PluginRegistry
import Renderer

/// Runs the passes of a check in the child: creates every case's instance on this thread, calls
/// every call from the pass's threads in the pass's order, destroys the instances. Each
/// operation is announced before it starts and after it returns, so the parent can name the one
/// under way when the process crashes, hangs or exits.
final class CheckRunner: @unchecked Sendable {
    /// A case's instance in one pass; nil when `create` failed or was skipped.
    private typealias Instances = [UnsafeMutableRawPointer??]

    let workload: CheckWorkload
    let records: CallRecords
    private let channel: CheckChannel
    private let skipping: Set<CheckOperation>
    private let limit: Duration
    private let lock = NSLock()
    private var started = 0

    init(workload: CheckWorkload, channel: CheckChannel, skipping: Set<CheckOperation>, limit: Duration) {
        (self.workload, self.channel, self.skipping, self.limit) = (workload, channel, skipping, limit)
        records = CallRecords(passes: 3, calls: workload.plan.calls.count)
    }

    /// How many operations ran.
    var operations: Int { lock.withLock { started } }

    func run(_ pass: CheckPass) {
        channel.send("pass \(pass.number)")
        // Read only while the threads run.
        nonisolated(unsafe) let instances = workload.cases.indices.map { createInstance($0, pass: pass) }
        let queue = CallQueue(pass.order)
        let threads = (0..<pass.threads).map { _ in
            JoinableThread { [self] in
                while let index = queue.next() { call(index, pass: pass, instance: instances) }
            }
        }
        for thread in threads { thread.join() }
        for (index, instance) in instances.enumerated() { destroyInstance(index, instance, pass: pass) }
    }

    /// Announces `operation`, runs it under the child's own time limit, announces its return.
    func operate<R>(_ operation: CheckOperation, pass: Int, _ body: () -> R) -> R {
        lock.withLock { started += 1 }
        channel.send("begin \(pass) \(operation.code)")
        // Never disarmed between operations: another thread's return must not lift the limit of
        // one that hangs. The clock restarts with each operation and stops after the passes.
        ChildTimeLimit.arm(behind: limit)
        let result = body()
        channel.send("end \(pass) \(operation.code)")
        return result
    }

    private func createInstance(_ index: Int, pass: CheckPass) -> UnsafeMutableRawPointer?? {
        let runnable = workload.cases[index]
        let create: ProcessorCreate?
        var args = anim_create_args_t()
        args.struct_size = UInt32(MemoryLayout<anim_create_args_t>.size)
        args.param_count = UInt32(runnable.values.count)
        args.params = runnable.values.baseAddress
        args.duration = CheckScene.duration
        args.render_scale = 1
        switch runnable.callee {
        case .animator(let entry): (create, args.canvas) = (entry.create, CheckScene.canvas)
        case .mixer(let entry):
            (create, args.canvas) = (entry.create, CheckScene.imageSize)
            args.user_data = entry.userData
        case .effect(let entry):
            (create, args.canvas) = (entry.create, CheckScene.canvas)
            args.user_data = entry.userData
        case .curve: return .some(nil)
        }
        guard !skipping.contains(.create(index)) else { return nil }
        guard let create else { return .some(nil) }
        var target = CheckScene.target
        target.name = CheckWorkload.strings["target"]
        var instance: UnsafeMutableRawPointer?
        let message = withUnsafePointer(to: &target) { target in
            // Mixers get no target; an effect's is the layer it filters.
            switch runnable.callee {
            case .animator, .effect: args.target = target
            case .mixer, .curve: break
            }
            return operate(.create(index), pass: pass.number) {
                PluginErrorBuffer.calling { error, size in
                    records.succeeded(
                        StructGuard.calling(with: &args, named: "anim_create_args_t") { args in
                            instance = create(args, error, size)
                            return instance != nil
                        }, operation: CheckOperation.create(index).code)
                }
            }
        }
        guard let message else { return .some(instance) }
        // Refusing a value no pipeline can give is fine; the calls of the case are then skipped.
        guard !runnable.isInvalid else { return nil }
        records.add(
            CheckFinding(
                kind: .error, operation: CheckOperation.create(index).code, message: "returned NULL: \(message)",
                detail: "create"))
        return nil
    }

    private func destroyInstance(_ index: Int, _ instance: UnsafeMutableRawPointer??, pass: CheckPass) {
        guard case .some(.some(let pointer)) = instance, !skipping.contains(.destroy(index)) else { return }
        let destroy: ProcessorDestroy?
        switch workload.cases[index].callee {
        case .animator(let entry): destroy = entry.destroy
        case .mixer(let entry): destroy = entry.destroy
        case .effect(let entry): destroy = entry.destroy
        case .curve: destroy = nil
        }
        guard let destroy else { return }
        operate(.destroy(index), pass: pass.number) { destroy(pointer) }
    }

    private func call(_ index: Int, pass: CheckPass, instance instances: Instances) {
        let call = workload.plan.calls[index]
        guard !skipping.contains(.call(index)), case .some(let instance) = instances[call.caseIndex] else { return }
        let runnable = workload.cases[call.caseIndex]
        runnable.lock?.lock()
        defer { runnable.lock?.unlock() }
        let record = operate(.call(index), pass: pass.number) {
            CallExecution(
                runnable: runnable, instance: instance, progress: call.progress, image: call.image, call: index,
                records: records
            )
            .run()
        }
        records.set(pass: pass.number - 1, call: index, record)
    }
}

/// Hands out a pass's calls to its threads, in order.
private final class CallQueue: @unchecked Sendable {
    private let order: [Int]
    private var position = 0
    private let lock = NSLock()

    init(_ order: [Int]) { self.order = order }

    func next() -> Int? {
        lock.withLock {
            guard position < order.count else { return nil }
            defer { position += 1 }
            return order[position]
        }
    }
}
