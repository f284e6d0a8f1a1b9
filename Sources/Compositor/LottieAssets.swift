import Foundation
import Scene

/// The image files a Lottie animation names (its `assets` with `u`, a folder, and `p`, a file)
/// follow the rule an SVG's references do (`SVGReferences`): inside the pipeline file's folder,
/// or embedded (`"e": 1`, or a `data:` URL); never an address on the network.
enum LottieAssets {
    /// Why the animation in `json` may not be used; nil when every asset it names may be read.
    static func problem(in json: [UInt8], of spec: LottieSpec) -> String? {
        guard let root = try? JSONSerialization.jsonObject(with: Data(json)) as? [String: Any],
            let assets = root["assets"] as? [[String: Any]]
        else { return nil }
        for asset in assets {
            guard let file = asset["p"] as? String, (asset["e"] as? Int ?? 0) == 0 else { continue }
            let reference = (asset["u"] as? String ?? "") + file
            if let problem = SVGReferences.problem(
                reference, in: spec.path, confinement: spec.confinement, document: "a Lottie animation")
            {
                return "its image asset \(problem)"
            }
        }
        return nil
    }
}
