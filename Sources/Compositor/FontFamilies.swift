import CFontCheck
import Footage
import Scene

/// The font families fontconfig has, as texts get them.
public enum FontFamilies {
    /// The family a text asking for `family` gets instead, when fontconfig has no font of it;
    /// nil when it has one (or cannot say).
    public static func fallback(for family: String) -> String? {
        var fallback = [CChar](repeating: 0, count: 256)
        guard font_family_installed(family, &fallback, fallback.count) == 0 else { return nil }
        return String(nulTerminated: fallback)
    }

    /// A warning at the place each text of `scene` names a family that is not installed.
    public static func warnings(in scene: Scene) -> [SceneError] {
        var found: [SceneError] = []
        for layer in scene.layers {
            guard let text = layer.content.text, let origin = text.fontOrigin,
                let fallback = fallback(for: text.fontFamily)
            else { continue }
            found.append(
                SceneError(
                    file: origin.file, position: origin.position, path: origin.path,
                    message:
                        "font family \"\(text.fontFamily)\" is not installed: the text is drawn in \"\(fallback)\" "
                        + "(`fc-list : family` lists the installed families)"))
        }
        return found
    }
}
