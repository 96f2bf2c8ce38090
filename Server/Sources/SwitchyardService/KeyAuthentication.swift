import Hummingbird

/// Authentication of the API's routes, as middleware on their route group: reads the
/// `Authorization: Bearer` key (and, where Firebase's REST API allows it, `?key=`), lets in the
/// kinds of key the group accepts, and puts the caller into the context (``ServiceRequestContext/caller``).
/// Handlers read the caller; none authenticates on its own, and a route cannot forget to.
///
/// A missing or malformed header is 401 with the `Bearer` challenge; a key the group does not
/// accept is 401 with `error="invalid_token"` ("the API key is not valid" where an admin key is
/// wanted, "the app key is not valid" where only the app key is).
struct KeyAuthentication: RouterMiddleware {
    typealias Context = ServiceRequestContext

    /// Which keys a group accepts.
    enum Accepts: Sendable {
        case admin
        case app
        /// `POST /api/v1/links`: a team's admin key, or the app key for a route link.
        case adminOrApp
    }

    let service: LinkService
    let accepts: Accepts
    /// Whether Firebase's `?key=` may stand for the header (`POST /v1/shortLinks` only, whose group
    /// puts ``FirebaseErrorMiddleware`` outside this, so a refusal comes in Firebase's error shape).
    var allowsQueryKey = false

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        context.caller = try caller(of: request)
        return try await next(request, context)
    }

    /// The caller a request's key stands for, if this group accepts it; the 401 ``Problem`` otherwise.
    func caller(of request: Request) throws(Problem) -> ServiceRequestContext.Caller {
        if case .admin = accepts { return .admin(team: try adminTeam(of: request)) }
        let key = try LinkService.bearer(request.headers[.authorization])
        switch accepts {
        case .admin:
            return .admin(team: try admin(key))
        case .app:
            return .app(owner: try app(key))
        case .adminOrApp:
            if let team = service.adminKeys.owner(of: key) { return .admin(team: team) }
            if let owner = service.appKeys.owner(of: key) { return .app(owner: owner) }
            throw Problem.unauthorized("the API key is not valid", invalidToken: true)
        }
    }

    /// The team of the request's admin key (the header, or `?key=` where allowed); the 401 otherwise.
    private func adminTeam(of request: Request) throws(Problem) -> String {
        var authorization = request.headers[.authorization]
        if authorization == nil, allowsQueryKey, let key = request.uri.queryParameters["key"], !key.isEmpty {
            authorization = "Bearer \(key)"
        }
        return try admin(LinkService.bearer(authorization))
    }

    private func admin(_ key: String) throws(Problem) -> String {
        guard let team = service.adminKeys.owner(of: key) else {
            throw Problem.unauthorized("the API key is not valid", invalidToken: true)
        }
        return team
    }

    private func app(_ key: String) throws(Problem) -> String {
        guard let owner = service.appKeys.owner(of: key) else {
            throw Problem.unauthorized("the app key is not valid", invalidToken: true)
        }
        return owner
    }
}

extension ServiceRequestContext {
    /// The admin caller's team; the route's ``KeyAuthentication`` let in only admin keys.
    var team: String {
        get throws(Problem) {
            guard case .admin(let team) = caller else {
                throw Problem.unauthorized("the API key is not valid", invalidToken: true)
            }
            return team
        }
    }
}
