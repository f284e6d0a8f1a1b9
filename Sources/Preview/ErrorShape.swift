import Foundation
import Hummingbird
import PipelineKit

/// One shape for every error the preview answers: `{"error": {"message": "…", "problems":
/// [{message, line, column, path}, …]}}` with the error's status and headers (an `Allow` with a
/// 405), whether a route threw an `HTTPError`, a refused patch listed what is wrong with its
/// result, or the router found no route. Outermost, so every other middleware's refusals pass
/// through it.
struct ErrorShape<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            var answer = ErrorAnswer.response(error.status, message: error.body ?? error.status.reasonPhrase)
            answer.headers.append(contentsOf: error.headers)
            return answer
        } catch let error as any HTTPResponseError {
            return ErrorAnswer.response(error.status, message: error.status.reasonPhrase)
        } catch {
            return ErrorAnswer.response(.internalServerError, message: "\(error)")
        }
    }
}

enum ErrorAnswer {
    /// The answer of an error with `status`, `message`, and the problems found in what the
    /// request sent (each with its line, column and JSON path; none for most errors).
    static func response(
        _ status: HTTPResponse.Status, message: String, problems: [PipelineError.Problem] = []
    ) -> Response {
        let listed = problems.map { problem -> [String: Any] in
            ["message": problem.message, "line": problem.line, "column": problem.column, "path": problem.jsonPath]
        }
        let object: [String: Any] = ["error": ["message": message, "problems": listed] as [String: Any]]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return Response(
            status: status, headers: [.contentType: "application/json", .cacheControl: "no-cache"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
