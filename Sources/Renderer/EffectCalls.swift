import CAnimatorABI
import CPluginGuard
import Compositor
import Foundation
import PluginRegistry
import Scene

/// One effect of one layer, as the render creates, calls and destroys its effect: the effect's
/// instance belongs to the effect, not to a step.
struct EffectUse: Hashable, Sendable {
    let layer: Int
    let list: EffectList
    let effect: Int

    func effect(in scene: Scene) -> LayerEffect { scene.layers[layer].content.effectList(list)[effect] }

    /// Every effect of every layer, in layer order, `filters` before `backdropFilters`.
    static func all(in scene: Scene) -> [EffectUse] {
        scene.layers.indices.flatMap { layer in
            EffectList.allCases.flatMap { list in
                scene.layers[layer].content.effectList(list).indices.map {
                    EffectUse(layer: layer, list: list, effect: $0)
                }
            }
        }
    }
}

/// Where a render's effect calls run: in this process (`InProcessEffects`) or in the plugin
/// children of `--isolate` (`IsolatedPlugins`).
protocol EffectCalls: AnyObject, Sendable {
    var scene: Scene { get }
    func reach(_ use: EffectUse, _ args: inout anim_effect_args_t, frame: Int) throws(RenderError) -> anim_reach_t
    func apply(_ use: EffectUse, _ args: inout anim_effect_args_t, frame: Int) throws(RenderError)
}

/// The effects of a scene called in this process: each effect's instance made before the first
/// frame, each call under the crash guard (a crash names the plugin, the effect and the frame),
/// serial effects behind a lock.
final class InProcessEffects: EffectCalls, @unchecked Sendable {
    let scene: Scene
    private var instances: [EffectUse: UnsafeMutableRawPointer] = [:]
    private var labels: [EffectUse: CrashLabel] = [:]
    private var locks: [EffectUse: NSLock] = [:]

    init(scene: Scene, renderScale: Double) throws(RenderError) {
        crash_guard_install()
        self.scene = scene
        for use in EffectUse.all(in: scene) {
            let layerEffect = use.effect(in: scene)
            labels[use] = CrashLabel(for: layerEffect.effect, step: layerEffect.path.description)
            if layerEffect.effect.isSerial { locks[use] = NSLock() }
            do throws(RenderError) {
                if let instance = try create(use, layerEffect, renderScale: renderScale) { instances[use] = instance }
            } catch {
                destroy()
                throw error
            }
        }
    }

    deinit { destroy() }

    func reach(_ use: EffectUse, _ args: inout anim_effect_args_t, frame: Int) throws(RenderError) -> anim_reach_t {
        let effect = use.effect(in: scene).effect
        guard let reach = effect.descriptor.pointee.reach else { return anim_reach_t() }
        args.instance = instances[use]
        args.user_data = effect.userData
        var result = anim_reach_t()
        try call(use, frame: frame, "reach") { error, size in
            StructGuard.calling(with: &args, named: "anim_effect_args_t", and: &result, named: "anim_reach_t") {
                args, result in reach(args, result, error, size)
            }
        }
        return result
    }

    /// Calls `use`'s effect function `function` through `body`, under its lock when it has one
    /// and guarded for `frame`; a failure becomes its error, and a struct written past its end
    /// fails it the same way, naming the struct and the bytes.
    private func call(
        _ use: EffectUse, frame: Int, _ function: String,
        _ body: (UnsafeMutablePointer<CChar>, UInt32) -> (Bool, StructGuard.Overrun?)
    ) throws(RenderError) {
        if let message = labels[use]!.calling(function, frame: frame, lock: locks[use], body) {
            throw .pluginFailed(use.effect(in: scene), frame: frame, message: message)
        }
    }

    func apply(_ use: EffectUse, _ args: inout anim_effect_args_t, frame: Int) throws(RenderError) {
        let effect = use.effect(in: scene).effect
        args.instance = instances[use]
        args.user_data = effect.userData
        try call(use, frame: frame, "apply") { error, size in
            StructGuard.calling(with: &args, named: "anim_effect_args_t") { args in
                effect.descriptor.pointee.apply!(args, error, size)
            }
        }
    }

    /// `create` sees the layer as the file describes it and the effect's parameters as written.
    private func create(_ use: EffectUse, _ layerEffect: LayerEffect, renderScale: Double) throws(RenderError)
        -> UnsafeMutableRawPointer?
    {
        guard let create = layerEffect.effect.create else { return nil }
        var instance: UnsafeMutableRawPointer?
        var target = scene.layers[use.layer].base
        let message = layerEffect.parameters.withUnsafeBufferPointer { params in
            var args = anim_create_args_t(
                struct_size: UInt32(MemoryLayout<anim_create_args_t>.size), param_count: UInt32(params.count),
                canvas: anim_size_t(width: Double(scene.canvas.width), height: Double(scene.canvas.height)),
                params: params.baseAddress, target: nil, duration: 0, render_scale: renderScale,
                user_data: layerEffect.effect.userData)
            return withUnsafePointer(to: &target) { target in
                args.target = target
                return labels[use]!.guarding(frame: nil) {
                    let made = PluginErrorBuffer.creating(create, &args)
                    instance = made.instance
                    return made.failure
                }
            }
        }
        if let message { throw .createFailed(layerEffect, message: message) }
        return instance
    }

    private func destroy() {
        for (use, instance) in instances { use.effect(in: scene).effect.destroy?(instance) }
        instances.removeAll()
    }
}

/// What a worker's compositor calls for a layer's effects during one frame: the scene's
/// effects, told the frame, with the first failure kept as the render's error.
final class FrameEffects: LayerEffects {
    let effects: any EffectCalls
    var frame = 0
    private(set) var failure: RenderError?

    init(_ effects: any EffectCalls) { self.effects = effects }

    func reach(layer: Int, list: EffectList, effect: Int, _ args: inout anim_effect_args_t) throws(EffectFailure)
        -> anim_reach_t
    {
        do throws(RenderError) {
            return try effects.reach(EffectUse(layer: layer, list: list, effect: effect), &args, frame: frame)
        } catch {
            throw record(error, layer: layer, list: list, effect: effect)
        }
    }

    func apply(layer: Int, list: EffectList, effect: Int, _ args: inout anim_effect_args_t) throws(EffectFailure) {
        do throws(RenderError) {
            try effects.apply(EffectUse(layer: layer, list: list, effect: effect), &args, frame: frame)
        } catch {
            throw record(error, layer: layer, list: list, effect: effect)
        }
    }

    /// The failure to throw after the frame: the plugin's, or the compositor's own about an effect.
    func takeFailure(from compositor: Compositor) -> RenderError? {
        defer { failure = nil }
        guard let failed = compositor.takeEffectFailure() else { return nil }
        if let failure { return failure }
        let use = EffectUse(layer: failed.layer, list: failed.list, effect: failed.effect)
        return .pluginFailed(use.effect(in: effects.scene), frame: frame, message: failed.message)
    }

    private func record(_ error: RenderError, layer: Int, list: EffectList, effect: Int) -> EffectFailure {
        if failure == nil { failure = error }
        return EffectFailure(layer: layer, list: list, effect: effect, message: error.description)
    }
}
