import Foundation
import Scene

/// The image files a Lottie animation names (its `assets` with `u`, a folder, and `p`, a file)
/// follow the rule an SVG's references do (`SVGReferences`): inside the pipeline file's folder,
/// or embedded (`"e": 1`, or a `data:` URL); never an address on the network.
enum LottieAssets {
    /// Why the animation in `json` may not be used; nil when every asset it names may be read.
    static func problem(in json: [UInt8], of spec: LottieSpec) -> String? {
        // rlottie reads the file as a C string: what follows a NUL byte is not what was checked.
        guard !json.contains(0) else { return "it holds a NUL byte: not a Lottie JSON file" }
        // Every file rlottie reads is checked, so one this check cannot read is not drawn either.
        guard let root = try? JSONSerialization.jsonObject(with: Data(json)) as? [String: Any] else {
            return "it is not a JSON object in UTF-8: not a Lottie JSON file"
        }
        guard let assets = root["assets"] as? [[String: Any]] else { return nil }
        for asset in assets {
            guard let file = asset["p"] as? String, (asset["e"] as? Int ?? 0) == 0 else { continue }
            let folder = asset["u"] as? String ?? ""
            // Embedded: the whole of `p` a data: URL, and no folder before it.
            if folder.isEmpty && file.hasPrefix("data:") { continue }
            let reference = folder + file
            if reference.hasPrefix("data:") {
                return "its image asset \(reference.debugDescription) is a file in a folder called data:, refused"
            }
            if let problem = SVGReferences.problem(
                reference, in: spec.path, confinement: spec.confinement, document: "a Lottie animation")
            {
                return "its image asset \(problem)"
            }
        }
        return nil
    }
}
