import Hummingbird
import PipelineKit

/// The query parameters the routes take, checked before anything renders: `t`, a time in seconds
/// in the range `pipeline frame --at` takes, `/frame`'s `format`, `quality`, `scale` and `blur`, and the
/// other routes' own.
package enum PreviewQuery {
    package static let times = 0...Pipeline.maximumDuration

    /// "0...3600": how messages give the range.
    package static var range: String { "0...\(Int(times.upperBound))" }

    /// The request's `t`, nil when it has none; a 400 naming the range when it is not a time in it.
    package static func time(_ request: Request) throws(HTTPError) -> Double? {
        guard let text = request.uri.queryParameters["t"].map(String.init) else { return nil }
        guard let seconds = Double(text), seconds.isFinite, times.contains(seconds) else {
            // The echo is cut short: a request line may be kilobytes long.
            let given = text.count > 40 ? text.prefix(40) + "…" : text
            throw HTTPError(.badRequest, message: "t must be a time in seconds in \(range), got \"\(given)\"")
        }
        return seconds
    }

    /// The JPEG quality `/frame` is asked to answer with (`format=jpeg`, `quality` 1–100, 80 when
    /// not given); nil for a PNG (no `format`, or `format=png`). A 400 for anything else.
    package static func jpegQuality(_ request: Request) throws(HTTPError) -> Int? {
        let parameters = request.uri.queryParameters
        let format = parameters["format"].map(String.init) ?? "png"
        let quality = parameters["quality"].map(String.init)
        switch format {
        case "png":
            guard quality == nil else { throw HTTPError(.badRequest, message: "quality is for format=jpeg") }
            return nil
        case "jpeg":
            guard let quality else { return 80 }
            guard let value = Int(quality), Pipeline.viewerQualities.contains(value) else {
                let given = quality.count > 40 ? quality.prefix(40) + "…" : quality
                throw HTTPError(
                    .badRequest,
                    message: "quality must be a whole number from 1 to 100, got \"\(given)\"")
            }
            return value
        default:
            let given = format.count > 40 ? format.prefix(40) + "…" : format
            throw HTTPError(.badRequest, message: "format must be png or jpeg, got \"\(given)\"")
        }
    }

    /// `/frame`'s `scale` (1 when not given): the frame drawn that much smaller, as `pipeline
    /// frame --scale` draws it, for a viewer that cannot keep up at full size; one of the library's
    /// draft scales (`RenderScale.drafts`). A 400 otherwise.
    package static func scale(_ request: Request) throws(HTTPError) -> Pipeline.RenderScale {
        guard let text = request.uri.queryParameters["scale"].map(String.init) else { return .full }
        let drafts = Pipeline.RenderScale.drafts
        guard let number = Double(text), drafts.contains(number), let scale = try? Pipeline.RenderScale(number) else {
            let given = text.count > 40 ? text.prefix(40) + "…" : text
            throw HTTPError(
                .badRequest,
                message: "scale must be a number from \(drafts.lowerBound) to \(drafts.upperBound), got \"\(given)\"")
        }
        return scale
    }

    /// The samples `/frame`'s `blur` may ask for: those a file may give.
    package static let blurSamples = Pipeline.motionBlurSamples

    /// `/frame`'s `blur`: `off` (0, the frame without motion blur) or N, at most N samples for any
    /// layer (`blurSamples`); nil when not given (the file's own). A 400 otherwise.
    package static func blur(_ request: Request) throws(HTTPError) -> Int? {
        guard let text = request.uri.queryParameters["blur"].map(String.init) else { return nil }
        if text == "off" { return 0 }
        guard let samples = Int(text), blurSamples.contains(samples) else {
            throw HTTPError(
                .badRequest,
                message:
                    "blur must be off or a whole number of samples from \(blurSamples.lowerBound) to \(blurSamples.upperBound), got \"\(echo(text))\""
            )
        }
        return samples
    }

    /// The most buckets `/waveform.json` divides the sound into.
    package static let maximumBuckets = 20000

    /// `/waveform.json`'s `buckets`: a whole number from 1 to `maximumBuckets`, else a 400.
    package static func buckets(_ request: Request) throws(HTTPError) -> Int {
        let parameters = request.uri.queryParameters
        if let other = parameters.first(where: { $0.key != "buckets" }) {
            throw HTTPError(
                .badRequest, message: "/waveform.json takes only ?buckets=N, not \(echo(String(other.key)))")
        }
        guard let text = parameters["buckets"].map(String.init) else {
            throw HTTPError(
                .badRequest,
                message: "waveform needs ?buckets=N, from 1 to \(maximumBuckets), e.g. /waveform.json?buckets=800")
        }
        guard let count = Int(text), (1...maximumBuckets).contains(count) else {
            throw HTTPError(
                .badRequest,
                message: "buckets must be a whole number from 1 to \(maximumBuckets), got \"\(echo(text))\"")
        }
        return count
    }

    /// `/thumbnail`'s `layer` (a track path), `t` and `height` (whole pixels in
    /// `Pipeline.thumbnailHeights`), each required; a 400 naming what is wrong.
    package static func thumbnail(_ request: Request) throws(HTTPError) -> (layer: String, seconds: Double, height: Int)
    {
        let parameters = request.uri.queryParameters
        let usage = "e.g. /thumbnail?layer=clip&t=0.5&height=40"
        if let other = parameters.first(where: { !["layer", "t", "height"].contains($0.key) }) {
            throw HTTPError(
                .badRequest, message: "/thumbnail takes layer, t and height, not \(echo(String(other.key))): \(usage)")
        }
        guard let layer = parameters["layer"].map(String.init), !layer.isEmpty else {
            throw HTTPError(.badRequest, message: "thumbnail needs ?layer=NAME, a layer that shows footage: \(usage)")
        }
        guard let seconds = try time(request) else {
            throw HTTPError(.badRequest, message: "thumbnail needs ?t=SECONDS, a time in \(range): \(usage)")
        }
        let heights = Pipeline.thumbnailHeights
        guard let text = parameters["height"].map(String.init) else {
            throw HTTPError(
                .badRequest,
                message: "thumbnail needs ?height=PIXELS, from \(heights.lowerBound) to \(heights.upperBound): \(usage)"
            )
        }
        guard let height = Int(text), heights.contains(height) else {
            throw HTTPError(
                .badRequest,
                message:
                    "height must be a whole number of pixels from \(heights.lowerBound) to \(heights.upperBound), got \"\(echo(text))\""
            )
        }
        return (layer, seconds, height)
    }

    /// `/text-units`'s `layer` (a track path or a name) and `t`, both required (beside them only
    /// `draft` and its `token`); a 400 naming what is wrong (the range, for a bad `t`).
    package static func textUnits(_ request: Request) throws(HTTPError) -> (layer: String, seconds: Double) {
        let parameters = request.uri.queryParameters
        let usage = "e.g. /text-units?layer=title&t=0.5"
        if let other = parameters.first(where: { !["layer", "t", "draft", "token"].contains($0.key) }) {
            throw HTTPError(
                .badRequest, message: "/text-units takes layer and t, not \(echo(String(other.key))): \(usage)")
        }
        guard let layer = parameters["layer"].map(String.init), !layer.isEmpty else {
            throw HTTPError(
                .badRequest, message: "text-units needs ?layer=NAME, a layer's name or track path: \(usage)")
        }
        guard let seconds = try time(request) else {
            throw HTTPError(.badRequest, message: "text-units needs ?t=SECONDS, a time in \(range): \(usage)")
        }
        return (layer, seconds)
    }

    /// A value as a message echoes it: cut short, as a request line may be kilobytes long.
    private static func echo(_ text: String) -> String {
        text.count > 40 ? text.prefix(40) + "…" : text
    }

    /// 9 rather than 9.0: a time as messages give it.
    package static func text(_ seconds: Double) -> String {
        let text = String(seconds)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
