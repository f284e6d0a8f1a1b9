import Foundation

/// Headless Chromium taking a screenshot of a page, as a person would look at it.
public enum HeadlessChromium {
    /// The browser, or nil when it is not installed (`scripts/install-deps --test` installs it).
    public static let path: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Screenshots `url` in a `window` (width, height) at 1 CSS pixel per pixel into `output`,
    /// letting the page's scripts and requests run for up to 3 s of virtual time; gives up after
    /// `timeout` seconds. `unmanaged` draws colours as the page gives them (sRGB to the screen).
    public static func screenshot(
        _ url: URL, to output: URL, scratch: URL, window: (width: Int, height: Int) = (600, 400),
        timeout: Double = 90, unmanaged: Bool = false
    ) throws {
        guard let path else { throw PreviewServerProcess.Failure(description: "chromium is not installed") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
            "--user-data-dir=\(scratch.appendingPathComponent("chromium-profile").path)",
            "--window-size=\(window.width),\(window.height)", "--virtual-time-budget=3000",
            "--screenshot=\(output.path)", url.absoluteString,
        ]
        if unmanaged { process.arguments!.insert("--force-color-profile=srgb", at: 0) }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(50_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            throw PreviewServerProcess.Failure(
                description: "chromium did not finish its screenshot of \(url) within \(Int(timeout)) s")
        }
        guard FileManager.default.fileExists(atPath: output.path) else {
            throw PreviewServerProcess.Failure(
                description: "chromium exited \(process.terminationStatus) without writing \(output.path)")
        }
    }
}
