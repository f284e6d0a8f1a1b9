import CAnimatorABI
import Foundation
import PluginDescriptions
import PluginRegistry

/// The plan with what the child needs to run it: for each case, the registered function to call
/// and its parameter values as the ABI passes them. Built in the child, where the plugin is open.
final class CheckWorkload: @unchecked Sendable {
    enum Callee {
        case animator(AnimatorEntry)
        case mixer(MixerEntry)
        case effect(EffectEntry)
        case curve(any CurveFunction, arguments: [Double])
    }

    struct RunnableCase {
        let callee: Callee
        /// The values of every parameter, alive as long as the workload; read only once built.
        let values: UnsafeBufferPointer<anim_value_t>
        /// For ANIM_CONCURRENCY_SERIAL: no two calls of the registered name ever overlap.
        let lock: NSLock?
        /// Its values include one no pipeline can give (`CheckPlan.Case.isInvalid`).
        var isInvalid = false
    }

    let plan: CheckPlan
    let cases: [RunnableCase]
    /// The layer layer parameters name, alive as long as the process.
    nonisolated(unsafe) private static let other: UnsafePointer<anim_layer_t> = {
        let layer = UnsafeMutablePointer<anim_layer_t>.allocate(capacity: 1)
        layer.initialize(to: CheckScene.other)
        layer.pointee.name = CheckWorkload.strings[CheckScene.otherLayerName]
        return UnsafePointer(layer)
    }()
    static let strings = CStrings()

    /// Every animator, mixer, effect and curve `registry` holds (the one plugin opened), by name.
    init(registry: Registry, plugin: PluginInfo) {
        var builder = Builder()
        for entry in registry.animators.values.sorted(by: { $0.name < $1.name }) {
            builder.add(entry) { .animator(entry) }
        }
        for entry in registry.mixers.values.sorted(by: { $0.name < $1.name }) {
            builder.add(entry) { .mixer(entry) }
        }
        for entry in registry.effects.values.sorted(by: { $0.name < $1.name }) {
            builder.add(entry) { .effect(entry) }
        }
        for entry in registry.curves.values.sorted(by: { $0.name < $1.name }) { builder.add(entry) }
        plan = CheckPlan(
            plugin: .init(path: plugin.path, id: plugin.id, version: plugin.version, description: plugin.description),
            subjects: builder.subjects, cases: builder.cases.map(\.described), calls: builder.calls,
            refusals: registry.warnings)
        cases = builder.cases.map(\.runnable)
    }

    /// Plugins see the values during calls only (animator.h), all over once the passes are done.
    deinit {
        for runnable in cases { UnsafeMutablePointer(mutating: runnable.values.baseAddress)?.deallocate() }
    }

    private struct Builder {
        var subjects: [CheckPlan.Subject] = []
        var cases: [(described: CheckPlan.Case, runnable: RunnableCase)] = []
        var calls: [CheckPlan.Call] = []

        /// The base case, then one case per varied value of each parameter; for an effect, one
        /// more per invalid value (NaN, ±1e300) of each. Animators and mixers are called at every
        /// progress, effects on every image (`effectCalls`).
        mutating func add<Descriptor>(
            _ entry: ProcessorEntry<Descriptor>, callee: () -> Callee
        ) {
            let parameters = entry.parameters
            subjects.append(.init(kind: entry.kind, name: entry.name, parameters: parameters.map(\.id), signature: nil))
            let lock = entry.isSerial ? NSLock() : nil
            let base = parameters.map(\.baseSample)
            let isEffect = entry.kind == .effect
            var sets: [(variant: String, samples: [ParameterSample], isInvalid: Bool)] = [("defaults", base, false)]
            for (index, parameter) in parameters.enumerated() {
                let invalid = isEffect ? parameter.invalidSamples : []
                for (sample, isInvalid) in parameter.variedSamples.map({ ($0, false) }) + invalid.map({ ($0, true) }) {
                    var samples = base
                    samples[index] = sample
                    let role = sample.role.map { " (\($0))" } ?? ""
                    sets.append(("\(parameter.id) = \(sample.text(parameter.type))\(role)", samples, isInvalid))
                }
            }
            for set in sets {
                let values = zip(parameters, set.samples).map { parameter, sample in
                    sample.abiValue(parameter, strings: CheckWorkload.strings, other: CheckWorkload.other)
                }
                let texts = zip(parameters, set.samples).map { "\($0.id) = \($1.text($0.type))" }
                let caseIndex = cases.count
                let calls =
                    isEffect
                    ? Self.effectCalls(
                        caseIndex, nativePixels: entry.takesNativePixels, wholeImage: entry.needsWholeImage,
                        isInvalid: set.isInvalid)
                    : CheckScene.progressValues.map { CheckPlan.Call(caseIndex: caseIndex, progress: $0) }
                addCase(
                    .init(subject: subjects.count - 1, variant: set.variant, values: texts, isInvalid: set.isInvalid),
                    .init(callee: callee(), values: Self.keep(values), lock: lock, isInvalid: set.isInvalid),
                    calls: calls)
            }
        }

        /// An effect's calls: every size at every render scale; an invalid value on one image.
        private static func effectCalls(_ caseIndex: Int, nativePixels: Bool, wholeImage: Bool, isInvalid: Bool)
            -> [CheckPlan.Call]
        {
            let sizes = isInvalid ? [CheckScene.invalidEffectSize] : CheckScene.effectSizes
            let scales = isInvalid ? [1] : CheckScene.renderScales
            return sizes.flatMap { size in
                scales.map { scale in
                    CheckPlan.Call(
                        caseIndex: caseIndex, progress: 0,
                        image: .init(
                            width: size.width, height: size.height, renderScale: scale, nativePixels: nativePixels,
                            wholeImage: wholeImage))
                }
            }
        }

        /// One case: the curve with its default arguments, or 1 for each when it has none.
        mutating func add(_ entry: CurveEntry) {
            subjects.append(
                .init(
                    kind: .curve, name: entry.name, parameters: entry.argumentNames,
                    signature: entry.signature.description))
            let arguments = entry.argumentDefaults ?? Array(repeating: 1, count: entry.signature.argumentTypes.count)
            let texts = zip(entry.argumentNames, arguments).map { "\($0) = \(ValueText.number($1))" }
            addCase(
                .init(subject: subjects.count - 1, variant: texts.joined(separator: ", "), values: texts),
                .init(callee: .curve(entry.curve, arguments: arguments), values: Self.keep([]), lock: nil),
                calls: CheckScene.curveProgressValues.map { CheckPlan.Call(caseIndex: cases.count, progress: $0) })
        }

        private mutating func addCase(_ described: CheckPlan.Case, _ runnable: RunnableCase, calls: [CheckPlan.Call]) {
            self.calls += calls
            cases.append((described, runnable))
        }

        private static func keep(_ values: [anim_value_t]) -> UnsafeBufferPointer<anim_value_t> {
            let copy = UnsafeMutableBufferPointer<anim_value_t>.allocate(capacity: max(values.count, 1))
            _ = copy.initialize(from: values)
            return UnsafeBufferPointer(rebasing: copy[0..<values.count])
        }
    }
}
