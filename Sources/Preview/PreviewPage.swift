import Hummingbird

/// The page the preview serves: the files of `Page/` (its HTML, CSS and JavaScript modules, which
/// `scripts/eslint` checks), embedded in the executable when it is built (`PackageResources`), so
/// that an installed `pipeline` needs nothing beside it and the page works offline. Each is served
/// as it is: `index.html` at `/`, every other file at `/NAME`.
package enum PreviewPage {
    package struct File: Sendable {
        package let name: String
        package let bytes: [UInt8]

        /// Where the page asks for it.
        package var path: String { name == "index.html" ? "/" : "/" + name }

        /// By its extension; text is UTF-8, as the files are written.
        package var contentType: String {
            switch name.split(separator: ".").last {
            case "html": "text/html; charset=utf-8"
            case "css": "text/css; charset=utf-8"
            case "js": "text/javascript; charset=utf-8"
            default: "application/octet-stream"
            }
        }

        /// Its bytes, asked for again after each reload of the page (a newer `pipeline` may serve others).
        var response: Response {
            Response(
                status: .ok, headers: [.contentType: contentType, .cacheControl: "no-cache"],
                body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        }
    }

    /// Every file of `Page/`: what the page loads is named here.
    package static let files = [
        File(name: "index.html", bytes: PackageResources.index_html),
        File(name: "studio.css", bytes: PackageResources.studio_css),
        File(name: "studio.js", bytes: PackageResources.studio_js),
        File(name: "player.js", bytes: PackageResources.player_js),
        File(name: "viewer.js", bytes: PackageResources.viewer_js),
        File(name: "sound.js", bytes: PackageResources.sound_js),
        File(name: "chart.js", bytes: PackageResources.chart_js),
        File(name: "editor.js", bytes: PackageResources.editor_js),
        File(name: "tracks.js", bytes: PackageResources.tracks_js),
        File(name: "lanes.js", bytes: PackageResources.lanes_js),
        File(name: "patch.js", bytes: PackageResources.patch_js),
        File(name: "inspector.js", bytes: PackageResources.inspector_js),
        File(name: "gesture.js", bytes: PackageResources.gesture_js),
        File(name: "controls.js", bytes: PackageResources.controls_js),
        File(name: "handles.js", bytes: PackageResources.handles_js),
        File(name: "textrange.js", bytes: PackageResources.textrange_js),
        File(name: "render.js", bytes: PackageResources.render_js),
        File(name: "inspector.css", bytes: PackageResources.inspector_css),
    ]

    /// The file served at `path`, if any.
    package static func file(at path: String) -> File? {
        files.first { $0.path == path }
    }
}
