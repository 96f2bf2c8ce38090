import Hummingbird
import Logging
import HTTPTypes

/// Turns every error into problem details, counts every answer in the metrics, and logs failures.
/// Added before the routes, so it wraps each of them and the not-found responder.
struct ProblemMiddleware: RouterMiddleware {
    typealias Context = ServiceRequestContext
    let service: LinkService

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        var context = context
        context.maxUploadSize = service.configuration.limits.maximumBodySize
        do {
            response = try await next(request, context)
        } catch let problem as Problem {
            response = try problem.response(from: request, context: context)
            if problem.status.code >= 500 {
                context.logger.warning("request failed", metadata: ["problem": "\(problem)"])
            }
        } catch let error as any HTTPResponseError
            where error.status == .notFound && (context.endpointPath ?? "NotFound") == "NotFound"
                && !AllowedMethods.methods(for: request.uri.path).isEmpty
                && !AllowedMethods.methods(for: request.uri.path).contains(request.method) {
            let allowed = AllowedMethods.methods(for: request.uri.path)
            var problem = Problem.from(status: .methodNotAllowed, limit: 0)
            problem.headers[.allow] = allowed.map(\.rawValue).joined(separator: ", ")
            response = try problem.response(from: request, context: context)
        } catch let error as any HTTPResponseError {
            response = try Problem.from(status: error.status, limit: service.configuration.limits.maximumBodySize)
                .response(from: request, context: context)
        } catch {
            context.logger.error("unexpected error", metadata: ["error": "\(error)", "path": "\(request.uri.path)"])
            response = try Problem(.internalServerError, kind: "internal", title: "Internal error",
                                   detail: "the service could not answer this request")
                .response(from: request, context: context)
        }
        service.metrics.request(route: context.endpointPath ?? "unmatched", method: request.method.rawValue,
                                status: response.status.code)
        return response
    }
}
