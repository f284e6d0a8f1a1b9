import Foundation

/// One render at a time over any frame of an output folder. A run writing into a folder locks the
/// bytes [first, end) of its frames in the folder's `.pipeline-run.lock` with a POSIX record lock,
/// which the kernel releases when the process ends, however it ends: shards of one render lock
/// ranges that do not overlap and write side by side; a second run over any of the same frames
/// (the same render again, or another pipeline into the same folder) is refused, naming the
/// process that holds them, or waits for it (`run --wait`). Released when the lock is deinitialised.
///
/// Videos named after a batch variant (`output.name` with `{id}`) share a folder with the other
/// variants' and lock a file of their own name, `.pipeline-run.tip-en.lock`: they write no PNG
/// frames, so only the same variant's runs must exclude each other.
final class FolderLock {
    /// `.pipeline-run.lock`, or for videos that share their folder, `.pipeline-run.NAME.lock`.
    static func fileName(sharedBy name: String?) -> String { ".pipeline-run\(name.map { ".\($0)" } ?? "").lock" }
    private let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { close(descriptor) }

    /// Locks `frames` of `folder` (which exists), in the lock file of videos named `sharedBy` when
    /// they share it. With `wait`, a held lock is waited for, after `waiting` is told who holds
    /// it; without, it is refused.
    static func acquire(
        _ folder: String, sharedBy name: String? = nil, frames: Range<Int>, wait: Bool,
        waiting: (_ holder: String) -> Void
    ) throws(RenderJobError) -> FolderLock {
        let path = (folder as NSString).appendingPathComponent(fileName(sharedBy: name))
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
        guard descriptor >= 0 else { throw .lockFailed(file: path, reason: String(cString: strerror(errno))) }
        var region = flock()
        region.l_type = Int16(F_WRLCK)
        region.l_whence = Int16(SEEK_SET)
        region.l_start = off_t(frames.lowerBound)
        region.l_len = off_t(max(frames.count, 1))
        var announced = false
        while fcntl(descriptor, F_SETLK, &region) != 0 {
            let code = errno
            guard code == EACCES || code == EAGAIN else {
                close(descriptor)
                throw .lockFailed(file: path, reason: String(cString: strerror(code)))
            }
            var holder = region
            let holderPID =
                fcntl(descriptor, F_GETLK, &holder) == 0 && holder.l_type != Int16(F_UNLCK) ? holder.l_pid : 0
            let who = Self.describe(holderPID)
            guard wait else {
                close(descriptor)
                throw .folderBusy(folder: folder, holder: who)
            }
            if !announced {
                waiting(who)
                announced = true
            }
            usleep(100_000)
        }
        return FolderLock(descriptor: descriptor)
    }

    /// "process 1234 (pipeline run a.json --shard 1/3)", as far as /proc tells.
    static func describe(_ pid: pid_t) -> String {
        guard pid > 0 else { return "another process" }
        let arguments =
            (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline")))
            .map { data in data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) } } ?? []
        guard let program = arguments.first else { return "process \(pid)" }
        let command = ([(program as NSString).lastPathComponent] + arguments.dropFirst()).joined(separator: " ")
        return "process \(pid) (\(command.count > 200 ? String(command.prefix(200)) + "…" : command))"
    }
}
