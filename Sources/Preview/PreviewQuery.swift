import Hummingbird
import PipelineKit

/// The one query parameter the routes take, `t`: a time in seconds in the range
/// `pipeline frame --at` takes, checked before anything renders.
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

    /// 9 rather than 9.0: a time as messages give it.
    static func text(_ seconds: Double) -> String {
        let text = String(seconds)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
