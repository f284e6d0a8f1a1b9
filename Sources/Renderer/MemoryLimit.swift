import Foundation

/// How much more memory this process may take, and what says so: the address-space limit
/// (`ulimit -v`, `prlimit --as`) less what is mapped, the memory cgroup's limit (v2 `memory.max`,
/// v1 `memory.limit_in_bytes`) less what the group uses, and the system's `MemAvailable`. The
/// smallest wins. Read from /proc and /sys, so it costs no allocation.
struct MemoryLimit: Equatable {
    let bytes: Int
    /// What sets it, for messages: "the address-space limit (ulimit -v)".
    let source: String
    /// Whether address space (not memory touched) is what runs out: then every thread also
    /// reserves its stack and malloc arena.
    let countsAddressSpace: Bool

    /// The tightest limit there is; nil when none can be read.
    static func current() -> MemoryLimit? {
        [addressSpace(), cgroup(), available()].compactMap { $0 }.min { $0.bytes < $1.bytes }
    }

    private static func addressSpace() -> MemoryLimit? {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else {
            return nil
        }
        let mapped = statusValue("VmSize") ?? 0
        return MemoryLimit(
            bytes: max(Int(clamping: limit.rlim_cur) - mapped, 0), source: "the address-space limit (ulimit -v)",
            countsAddressSpace: true)
    }

    /// The process's memory cgroup: its own folder under /sys/fs/cgroup when visible, else the
    /// root of what the container sees (which is then its own group).
    private static func cgroup() -> MemoryLimit? {
        let lines = (try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8))?.split(separator: "\n") ?? []
        func path(_ prefix: String) -> String? {
            lines.first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
        }
        let candidates: [(folder: String, limit: String, usage: String)] =
            (path("0::").map { ["/sys/fs/cgroup" + $0, "/sys/fs/cgroup"] }.map {
                $0.map { ($0, "memory.max", "memory.current") }
            } ?? [])
            + (lines.compactMap { line -> String? in
                let fields = line.split(separator: ":", maxSplits: 2)
                guard fields.count == 3, fields[1].split(separator: ",").contains("memory") else { return nil }
                return String(fields[2])
            }.first.map { ["/sys/fs/cgroup/memory" + $0, "/sys/fs/cgroup/memory"] }.map {
                $0.map { ($0, "memory.limit_in_bytes", "memory.usage_in_bytes") }
            } ?? [])
        for candidate in candidates {
            guard let limit = number(in: candidate.folder + "/" + candidate.limit) else { continue }
            // v1 says "no limit" with a number near Int64.max.
            guard limit < 1 << 60 else { return nil }
            let used = number(in: candidate.folder + "/" + candidate.usage) ?? 0
            return MemoryLimit(
                bytes: max(limit - used, 0), source: "the memory cgroup's limit (\(candidate.limit))",
                countsAddressSpace: false)
        }
        return nil
    }

    private static func available() -> MemoryLimit? {
        guard let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("MemAvailable:") }),
            let kilobytes = Int(line.split(separator: " ")[1])
        else { return nil }
        return MemoryLimit(
            bytes: kilobytes * 1024, source: "the memory available (MemAvailable)", countsAddressSpace: false)
    }

    /// A "Name:   1234 kB" line of /proc/self/status, in bytes.
    private static func statusValue(_ name: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") })
        else { return nil }
        return line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Int($0) }
            .map { $0 * 1024 }
    }

    /// The number a cgroup file holds; nil for "max" or no file.
    private static func number(in path: String) -> Int? {
        (try? String(contentsOfFile: path, encoding: .utf8)).flatMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }
}
