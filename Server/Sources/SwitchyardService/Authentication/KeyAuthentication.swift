import Hummingbird

/// Authentication of the API's routes, as middleware on their route group: reads the
/// `Authorization: Bearer` key (and, where Firebase's REST API allows it, `?key=`), lets in the
/// kinds of key the group accepts, and puts the caller into the context (``ServiceRequestContext/caller``).
/// Handlers read the caller; none authenticates on its own, and a route cannot forget to.
///
/// A missing or malformed header is 401 with the `Bearer` challenge; a key the group does not
/// accept is 401 with `error="invalid_token"` ("the API key is not valid" where an admin key is
/// wanted, "the app key is not valid" where only the app key is).
///
/// Where admin keys are tested, a wrong key is a key guess, limited per client address
/// (``RateLimiter/Operation/keyGuess``): over the rate the answer is 429 with `Retry-After`, and
/// while the address is throttled every wrong key is refused so, without spending more. A request
/// that presents a valid key is never refused for other requests' guesses from its address (a
/// NAT, a /64, everyone behind a proxy): the key is tested first, in constant time, and a key of
/// the length the service requires cannot be guessed at any rate a server answers. A correct key
/// spends nothing, and costs no database round trip.
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
        let key = try self.key(of: request)
        if case .app = accepts {
            context.caller = .app(owner: try app(key))
            return try await next(request, context)
        }
        if let caller = caller(for: key) {
            context.caller = caller
            return try await next(request, context)
        }
        // A wrong key is a guess: refused while its address is throttled, spent otherwise.
        let address = service.clientAddress(request, context: context)
        let now = service.now()
        if let seconds = service.limiter.keyGuessRefusal(caller: address, at: now) {
            throw service.keyGuessesRefused(retryAfter: seconds)
        }
        if let seconds = try await service.storage({ try await service.limiter.spendKeyGuess(caller: address, at: now) }) {
            throw service.keyGuessesRefused(retryAfter: seconds)
        }
        service.logger.notice("API key refused")
        throw Problem.unauthorized("the API key is not valid", invalidToken: true)
    }

    /// The key of the request: the Bearer header, or `?key=` where allowed; the 401 ``Problem``
    /// when there is none or the header is malformed (not a guess: no key was tried).
    private func key(of request: Request) throws(Problem) -> String {
        var authorization = request.headers[.authorization]
        if authorization == nil, allowsQueryKey, let key = request.uri.queryParameters["key"], !key.isEmpty {
            authorization = "Bearer \(key)"
        }
        return try LinkService.bearer(authorization)
    }

    /// The caller an admin key (or, for `.adminOrApp`, the app key) stands for; nil when this
    /// group accepts no such key.
    private func caller(for key: String) -> ServiceRequestContext.Caller? {
        if let team = service.adminKeys.owner(of: key) { return .admin(team: team) }
        if case .adminOrApp = accepts, let owner = service.appKeys.owner(of: key) { return .app(owner: owner) }
        return nil
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

extension LinkService {
    /// The 429 for a client address over its rate of key guesses (counted in the metrics).
    func keyGuessesRefused(retryAfter seconds: Int) -> Problem {
        metrics.rateLimited(RateLimiter.Operation.keyGuess.rawValue)
        return Problem.rateLimited(.keyGuess, retryAfter: seconds)
    }
}
