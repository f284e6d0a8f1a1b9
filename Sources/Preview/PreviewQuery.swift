import Hummingbird
import PipelineKit

/// The query parameters the routes take, checked before anything renders: `t`, a time in seconds
/// in the range `pipeline frame --at` takes, and `/frame`'s `format` and `quality`.
enum PreviewQuery {
    static let times = 0...Pipeline.maximumDuration

    /// "0...3600": how messages give the range.
    static var range: String { "0...\(Int(times.upperBound))" }

    /// The request's `t`, nil when it has none; a 400 naming the range when it is not a time in it.
    static func time(_ request: Request) throws(HTTPError) -> Double? {
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
    static func jpegQuality(_ request: Request) throws(HTTPError) -> Int? {
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

    /// 9 rather than 9.0: a time as messages give it.
    static func text(_ seconds: Double) -> String {
        let text = String(seconds)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
