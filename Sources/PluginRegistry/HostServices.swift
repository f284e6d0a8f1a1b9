import CAnimatorABI
import Foundation

/// The services this host offers plugins through `get_service`, by id and version: what a
/// plugin may ask for, and what its entry's `requirements` may name.
enum HostServices {
    /// Every service offered, in the order messages list them, with the struct it hands out.
    private static let offered: [(id: String, version: UInt32, service: @Sendable () -> UnsafeRawPointer)] = [
        (ANIM_SERVICE_LOG, 1, { UnsafeRawPointer(StaticText.logService) }),
        (ANIM_SERVICE_NATIVE_PIXELS, 1, { UnsafeRawPointer(StaticText.nativePixels) }),
        (ANIM_SERVICE_EFFECTS, 1, { UnsafeRawPointer(StaticText.effects) }),
    ]

    /// The service `id` at `version`, nil when this host does not offer it.
    static func service(_ id: String, version: UInt32) -> UnsafeRawPointer? {
        offered.first { $0.id == id && $0.version == version }?.service()
    }

    /// "log 1, native-pixels 1": what a message about a missing requirement lists.
    static var offeredList: String { offered.map { "\($0.id) \($0.version)" }.joined(separator: ", ") }

    /// The first of the entry's requirements this host does not offer, or why the list itself
    /// cannot be read. An entry of ABI 1.0 has none.
    static func unmetRequirement(of entry: anim_entry_t) -> String? {
        guard let requirements = entry.requirements else { return nil }
        for index in 0..<maximumRequirements {
            let requirement = requirements[index]
            guard let id = requirement.id else { return nil }
            let name = String(cString: id)
            if service(name, version: requirement.version) == nil {
                return "built against animator ABI \(entry.abi_major).\(entry.abi_minor), it requires the host service "
                    + "\"\(name)\" version \(requirement.version), which this host (animator ABI "
                    + "\(ANIM_ABI_MAJOR).\(ANIM_ABI_MINOR)) does not offer; it offers \(offeredList)"
            }
        }
        return "its requirements list has no end (no element with a NULL id among the first \(maximumRequirements))"
    }

    /// How many requirements are read before the list is taken to be unterminated.
    static let maximumRequirements = 64
}
