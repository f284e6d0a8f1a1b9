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

    private static func isExecutableFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && access(path, X_OK) == 0
    }
}
