/// One pass over every call: the first forward on one thread, then reversed and shuffled on
/// several, each with fresh instances. A plugin that keeps state between calls, or whose
/// result depends on what ran before or beside it, gives some call a different result in
/// another pass.
struct CheckPass: Sendable, CustomStringConvertible {
    let number: Int
    let name: String
    let threads: Int
    /// Call indices in the order the threads take them.
    let order: [Int]

    /// `pass 2 (reversed, 4 threads)`.
    var description: String { "pass \(number) (\(name), \(threads) thread\(threads == 1 ? "" : "s"))" }

    /// The passes over `callCount` calls; the shuffle has a fixed seed, so runs repeat.
    static func all(callCount: Int, threads: Int) -> [CheckPass] {
        let forward = Array(0..<callCount)
        var generator = SplitMix(seed: 0x5EED)
        return [
            CheckPass(number: 1, name: "forward", threads: 1, order: forward),
            CheckPass(number: 2, name: "reversed", threads: threads, order: forward.reversed()),
            CheckPass(number: 3, name: "shuffled", threads: threads, order: forward.shuffled(using: &generator)),
        ]
    }
}

/// SplitMix64: the same sequence on every run and platform, unlike the system generator.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
