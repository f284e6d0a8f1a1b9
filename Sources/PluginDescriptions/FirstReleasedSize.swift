/// The size of each struct the host reads from plugins as ABI 1.0 released it: the smallest
/// `struct_size` the host accepts, and exactly what a plugin built against 1.0 declares. Kept as
/// numbers because `MemoryLayout` follows the current header, which grows; `Tests/ABI/animator-1.0.h`
/// is the released header they come from.
package enum FirstReleasedSize {
    package static let entry = 56
    package static let animatorDescriptor = 72
    package static let mixerDescriptor = 72
    package static let curveDescriptor = 56
    package static let parameterDescriptor = 104
    /// The "about" extension, version 1, as ABI 1.1 released it.
    package static let aboutExtension = 32
    /// Effects, as ABI 1.2 released them.
    package static let effectDescriptor = 88
}
