/// One optional value per iteration of a concurrent loop, each slot written by its own
/// iteration only, through a raw buffer: a Swift array property would be one exclusively
/// accessed value shared by every thread.
final class ConcurrentSlots<Value>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Value?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func set(_ index: Int, _ value: Value?) { slots[index] = value }
    var values: [Value?] { Array(slots) }
}
