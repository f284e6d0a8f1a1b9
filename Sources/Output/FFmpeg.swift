import Foundation

/// Finds the ffmpeg executable that MP4 and GIF output run.
public enum FFmpeg {
    /// `$PIPELINE_FFMPEG` when it is set (and nil if that is not an executable file: a path the
    /// user chose is never silently replaced by another), else the first `ffmpeg` on `$PATH`.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let chosen = environment["PIPELINE_FFMPEG"], !chosen.isEmpty {
            return isExecutableFile(chosen) ? chosen : nil
        }
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/ffmpeg" }.first(where: isExecutableFile)
    }

    /// Like `locate`, but explains what to do when there is no ffmpeg to run.
    public static func require(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(OutputError) -> String {
        if let found = locate(environment: environment) { return found }
        if let chosen = environment["PIPELINE_FFMPEG"], !chosen.isEmpty {
            throw OutputError(
                "PIPELINE_FFMPEG is \(chosen), which is not an executable file: point it at ffmpeg or unset it to search PATH; PNG frames are written without it"
            )
        }
        throw OutputError(
            "ffmpeg not found on PATH: install it (apt-get install ffmpeg) or set PIPELINE_FFMPEG; PNG frames are written without it"
        )
    }

    /// glibc's malloc settings for an ffmpeg reading raw frames from a pipe, its environment
    /// `environment` otherwise: its rawvideo demuxer takes a new buffer for every frame and frees
    /// it once the encoder has copied it. Freed at the top of the heap, megabytes above the trim
    /// threshold go back to the kernel, and the next frame's buffer is faulted in and zeroed again,
    /// on the thread that hands the encoder its frames: measured, 0.2 s of the 5.5 s of CPU time
    /// ffmpeg spends on a 13 s 720p video. A trim threshold of 256 MiB keeps them, and an mmap
    /// threshold of 32 MiB (glibc's largest) takes frames up to 4K from the heap rather than from
    /// mappings of their own. Settings the user gives in GLIBC_TUNABLES are kept as they are.
    public static func encoderEnvironment(_ environment: [String: String]) -> [String: String] {
        let given = (environment["GLIBC_TUNABLES"] ?? "").split(separator: ":").map(String.init)
        let name = { (tunable: String) in tunable.prefix { $0 != "=" } }
        let ours = ["glibc.malloc.trim_threshold=268435456", "glibc.malloc.mmap_threshold=33554432"]
        let added = ours.filter { tunable in !given.contains { name($0) == name(tunable) } }
        var tuned = environment
        tuned["GLIBC_TUNABLES"] = (given + added).joined(separator: ":")
        return tuned
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && access(path, X_OK) == 0
    }
}
