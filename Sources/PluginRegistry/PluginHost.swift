import CAnimatorABI
import CProductVersion
import Foundation
import PluginDescriptions
import Synchronization

/// Builds the `anim_host_t` a plugin sees. Each plugin gets its own host struct whose
/// `host_data` is its `RegistrationContext`; both live for the rest of the process because a
/// plugin may keep the host pointer (to log from `apply`, say) until `deinit`.
enum PluginHost {
    /// The address of every host struct made, so that what lives for the rest of the process
    /// stays reachable from the host too: LeakSanitizer reported each one a plugin did not keep
    /// (and its context) as a leak. Addresses, as pointers are not `Sendable`.
    private static let made = Mutex<[UInt]>([])

    static func make(for context: RegistrationContext) -> UnsafePointer<anim_host_t> {
        let host = UnsafeMutablePointer<anim_host_t>.allocate(capacity: 1)
        host.initialize(
            to: anim_host_t(
                struct_size: UInt32(MemoryLayout<anim_host_t>.size),
                abi_major: UInt32(ANIM_ABI_MAJOR), abi_minor: UInt32(ANIM_ABI_MINOR), reserved: 0,
                host_name: StaticText.hostName, host_version: StaticText.hostVersion,
                host_data: Unmanaged.passRetained(context).toOpaque(),
                register_animator: registerAnimator, register_mixer: registerMixer,
                register_curve: registerCurve, get_service: getService, register_effect: registerEffect))
        made.withLock { $0.append(UInt(bitPattern: host)) }
        return UnsafePointer(host)
    }

    static func context(of host: UnsafePointer<anim_host_t>?) -> RegistrationContext? {
        guard let data = host?.pointee.host_data else { return nil }
        return Unmanaged<RegistrationContext>.fromOpaque(data).takeUnretainedValue()
    }

    /// What every `register_*` call does: finds the plugin's context and, given a descriptor,
    /// adds the entry `read` makes of it as a registration of `kind`.
    private static func register<Descriptor>(
        _ kind: RegistrationKind, host: UnsafePointer<anim_host_t>?, _ desc: UnsafePointer<Descriptor>?,
        _ read: (UnsafePointer<Descriptor>, RegistrationContext) throws(DescriptorError) -> Void
    ) -> Bool {
        guard let context = context(of: host), let desc else { return false }
        return context.register(kind) { () throws(DescriptorError) in try read(desc, context) }
    }

    private static let registerAnimator:
        @convention(c) (UnsafePointer<anim_host_t>?, UnsafePointer<anim_animator_desc_t>?) -> Bool = { host, desc in
            register(.animator, host: host, desc) { desc, context throws(DescriptorError) in
                try context.add(try AnimatorEntry(reading: desc, plugin: context.plugin))
            }
        }

    private static let registerMixer:
        @convention(c) (UnsafePointer<anim_host_t>?, UnsafePointer<anim_mixer_desc_t>?) -> Bool = { host, desc in
            register(.mixer, host: host, desc) { desc, context throws(DescriptorError) in
                try context.add(try MixerEntry(reading: desc, plugin: context.plugin, origin: context.origin))
            }
        }

    private static let registerEffect:
        @convention(c) (UnsafePointer<anim_host_t>?, UnsafePointer<anim_effect_desc_t>?) -> Bool = { host, desc in
            register(.effect, host: host, desc) { desc, context throws(DescriptorError) in
                try context.add(try EffectEntry(reading: desc, plugin: context.plugin, origin: context.origin))
            }
        }

    private static let registerCurve:
        @convention(c) (UnsafePointer<anim_host_t>?, UnsafePointer<anim_curve_desc_t>?) -> Bool = { host, desc in
            register(.curve, host: host, desc) { desc, context throws(DescriptorError) in
                try context.add(try CurveEntry(reading: desc, plugin: context.plugin))
            }
        }

    private static let getService:
        @convention(c) (UnsafePointer<anim_host_t>?, UnsafePointer<CChar>?, UInt32) -> UnsafeRawPointer? = {
            _, id, version in
            guard let id else { return nil }
            return HostServices.service(String(cString: id), version: version)
        }
}

/// Host-owned C data that must outlive every plugin: allocated once, never written again,
/// which is why sharing it across threads is safe.
enum StaticText {
    nonisolated(unsafe) static let hostName = UnsafePointer(strdup("pipeline")!)
    nonisolated(unsafe) static let hostVersion = UnsafePointer(strdup(HostVersion.string)!)
    nonisolated(unsafe) static let logService: UnsafePointer<anim_log_service_v1_t> = {
        let service = UnsafeMutablePointer<anim_log_service_v1_t>.allocate(capacity: 1)
        service.initialize(
            to: anim_log_service_v1_t(
                struct_size: UInt32(MemoryLayout<anim_log_service_v1_t>.size), reserved: 0,
                log: { host, level, message in
                    guard let context = PluginHost.context(of: host), let message else { return }
                    context.log(level: level, String(cString: message))
                }))
        return UnsafePointer(service)
    }()
    /// The compositor's pixels (Cairo's ARGB32: one native-endian 32-bit word per pixel, alpha in
    /// the top byte) as byte offsets, which depend on the machine's byte order.
    nonisolated(unsafe) static let nativePixels: UnsafePointer<anim_native_pixels_v1_t> = {
        let littleEndian = 1.littleEndian == 1
        let service = UnsafeMutablePointer<anim_native_pixels_v1_t>.allocate(capacity: 1)
        service.initialize(
            to: anim_native_pixels_v1_t(
                struct_size: UInt32(MemoryLayout<anim_native_pixels_v1_t>.size),
                red: littleEndian ? 2 : 1, green: littleEndian ? 1 : 2, blue: littleEndian ? 0 : 3,
                alpha: littleEndian ? 3 : 0, reserved: 0))
        return UnsafePointer(service)
    }()
    nonisolated(unsafe) static let effects: UnsafePointer<anim_effects_v1_t> = {
        let service = UnsafeMutablePointer<anim_effects_v1_t>.allocate(capacity: 1)
        service.initialize(
            to: anim_effects_v1_t(struct_size: UInt32(MemoryLayout<anim_effects_v1_t>.size), max_reach: ANIM_REACH_MAX))
        return UnsafePointer(service)
    }()
}

/// The host's own version (pipeline's, from `product_version.h`), shown to plugins and kept in
/// the plugin scan cache.
public enum HostVersion {
    public static let string = PIPELINE_PRODUCT_VERSION
}
