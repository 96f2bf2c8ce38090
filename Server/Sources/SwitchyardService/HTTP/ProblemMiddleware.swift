import Hummingbird
import Logging
import HTTPTypes
import NIOHTTP1

/// Turns every error into problem details, counts every answer in the metrics, and logs failures.
/// Added before the routes, so it wraps each of them and the not-found responder.
struct ProblemMiddleware: RouterMiddleware {
    typealias Context = ServiceRequestContext
    let service: LinkService

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let response: Response
        var context = context
        context.maxUploadSize = service.configuration.limits.maximumBodySize
        do {
            response = try await next(request, context)
        } catch {
            response = try answer(error, request: request, context: context)
        }
        service.metrics.request(route: context.endpointPath ?? "unmatched", method: request.method.rawValue,
                                status: response.status.code)
        return response
    }

    /// The answer to an error: its problem (``Problem/init(answering:)``); for an error of the
    /// framework, 405 with `Allow` for a path that takes other methods, else the problem of its
    /// status; for any other error, 500 `internal`, logged.
    private func answer(_ error: any Error, request: Request, context: Context) throws -> Response {
        if let problem = Problem(answering: error) {
            if problem.status.code >= 500 {
                context.logger.warning("request failed", metadata: ["problem": "\(problem)"])
            }
            return try problem.response(from: request, context: context)
        }
        if let error = error as? any HTTPResponseError {
            let allowed = AllowedMethods.methods(for: request.uri.path)
            if error.status == .notFound && (context.endpointPath ?? "NotFound") == "NotFound"
                && !allowed.isEmpty && !allowed.contains(request.method) {
                var problem = Problem.from(status: .methodNotAllowed, limit: 0)
                problem.headers[.allow] = allowed.map(\.rawValue).joined(separator: ", ")
                return try problem.response(from: request, context: context)
            }
            return try Problem.from(status: error.status, limit: service.configuration.limits.maximumBodySize)
                .response(from: request, context: context)
        }
        // A body the HTTP/1.1 parser cannot read (`Transfer-Encoding: xchunked`, a broken chunk)
        // is the client's mistake: 400, not an internal error.
        if let error = error as? HTTPParserError {
            context.logger.notice("unreadable request body", metadata: ["error": "\(error)", "path": "\(request.uri.path)"])
            return try Problem.malformed("the request body could not be read as HTTP/1.1 (\(error))").response(from: request, context: context)
        }
        context.logger.error("unexpected error", metadata: ["error": "\(error)", "path": "\(request.uri.path)"])
        return try Problem.internalError.response(from: request, context: context)
    }
}
