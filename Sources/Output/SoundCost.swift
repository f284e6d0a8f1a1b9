import Foundation
import Synchronization

/// The CPU time this process spends on sound: probing and decoding its files, mixing them,
/// measuring and limiting the mix and writing it out for ffmpeg. Each part of that work runs on
/// one thread, timed by that thread's CPU clock, and adds to one total, which a run reports once
/// its videos are written.
public enum SoundCost {
    private static let nanoseconds = Atomic<Int64>(0)
    private static let decodingNanoseconds = Atomic<Int64>(0)

    /// Runs `body`, adding the CPU time the calling thread spends in it to the total.
    public static func measure<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> Value {
        let start = threadTime()
        defer { nanoseconds.add(threadTime() - start, ordering: .relaxed) }
        return try body()
    }

    /// Runs `body`, which decodes or checks sound files, adding the CPU time the calling thread
    /// spends in it to the decoding share (`decodingSeconds`); the total counts it where a
    /// `measure` around it does.
    public static func measureDecoding<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure)
        -> Value
    {
        let start = threadTime()
        defer { decodingNanoseconds.add(threadTime() - start, ordering: .relaxed) }
        return try body()
    }

    /// Seconds of CPU time spent on sound so far.
    public static var seconds: Double { Double(nanoseconds.load(ordering: .relaxed)) / 1e9 }

    /// Of those, the seconds spent decoding and checking the sound files.
    public static var decodingSeconds: Double { Double(decodingNanoseconds.load(ordering: .relaxed)) / 1e9 }

    /// The calling thread's CPU time (user and system), in nanoseconds.
    private static func threadTime() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
