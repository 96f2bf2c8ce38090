import HTTPTypes
import Hummingbird
import SwitchyardStore

/// Authentication of the API's routes, as middleware on their route group: reads the
/// `Authorization: Bearer` key (and, where Firebase's REST API allows it, `?key=`), finds who it
/// stands for (a bootstrap key from the environment or a named key: name, role, team), checks
/// the role against the one table of roles (``OperationRoles``) for the route it guards, and puts
/// the caller into the context (``ServiceRequestContext/caller``). Handlers read the caller; none
/// authenticates on its own, and a route cannot forget to.
///
/// A missing or malformed header is 401 with the `Bearer` challenge; a key that is not known is
/// 401 with `error="invalid_token"` ("the app key is not valid" on the app's own endpoints, "the
/// API key is not valid" elsewhere); a revoked or expired named key is 401 naming it; a key whose
/// role may not call the operation is 403 (`role-refused`) naming the roles that may.
///
/// Outside the app's endpoints a wrong key is a key guess, limited per client address
/// (``RateLimiter/Operation/keyGuess``): over the rate the answer is 429 with `Retry-After`, and
/// while the address is throttled every wrong key is refused so, without spending more. A request
/// that presents a valid key is never refused for other requests' guesses from its address (a
/// NAT, a /64, everyone behind a proxy): the key is tested first, and a key of the length the
/// service requires cannot be guessed at any rate a server answers. A bootstrap key spends
/// nothing and costs no database round trip; a named key costs one read per
/// ``KeyDirectory/lifetime`` at most.
struct KeyAuthentication: RouterMiddleware {
    typealias Context = ServiceRequestContext

    let service: LinkService
    /// Whether Firebase's `?key=` may stand for the header (`POST /v1/shortLinks` only, whose group
    /// puts ``FirebaseErrorMiddleware`` outside this, so a refusal comes in Firebase's error shape).
    var allowsQueryKey = false

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        let operation = OperationRoles.entry(method: request.method, path: context.endpointPath)
        let appOnly = operation?.roles == OperationRoles.app
        let key = try self.key(of: request)
        guard let caller = try await service.caller(for: key) else {
            // A wrong app key is not a guess at an admin key: the app's endpoints are limited per client.
            if appOnly { throw Problem.unauthorized("the app key is not valid", invalidToken: true) }
            try await spendGuess(request, context: context)
            service.logger.notice("API key refused")
            throw Problem.unauthorized("the API key is not valid", invalidToken: true)
        }
        guard let operation, operation.roles.contains(caller.role) else {
            throw Problem.roleRefused(caller.role, operation: operation)
        }
        context.caller = caller
        // Admin, editor and viewer keys have a request rate each; the app's keys are limited per client.
        guard caller.role != .app, let quota = service.limiter.spendKeyRequest(caller: caller.identity, at: service.now()) else {
            return try await next(request, context)
        }
        if let seconds = quota.retryAfter {
            service.metrics.rateLimited(RateLimiter.Operation.keyRequest.rawValue)
            var problem = Problem.rateLimited(.keyRequest, retryAfter: seconds)
            problem.headers.append(contentsOf: quota.headers)
            throw problem
        }
        // Every answer past this point carries the quota: a success, and a refusal of the handler's.
        do {
            var response = try await next(request, context)
            response.headers.append(contentsOf: quota.headers)
            return response
        } catch {
            guard var problem = Problem(answering: error) else { throw error }
            problem.headers.append(contentsOf: quota.headers)
            throw problem
        }
    }

    /// A wrong key is a guess: refused while its address is throttled, spent otherwise.
    private func spendGuess(_ request: Request, context: Context) async throws {
        let address = service.clientAddress(request, context: context)
        let now = service.now()
        if let seconds = service.limiter.keyGuessRefusal(caller: address, at: now) {
            throw service.keyGuessesRefused(retryAfter: seconds)
        }
        if let seconds = try await service.storage({ try await service.limiter.spendKeyGuess(caller: address, at: now) }) {
            throw service.keyGuessesRefused(retryAfter: seconds)
        }
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
}

extension RateLimiter.Quota {
    /// `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`.
    var headers: HTTPFields {
        [HTTPField.Name("RateLimit-Limit")!: String(limit), HTTPField.Name("RateLimit-Remaining")!: String(remaining),
         HTTPField.Name("RateLimit-Reset")!: String(reset)]
    }
}

extension ServiceRequestContext {
    /// The caller's team; the route's ``KeyAuthentication`` let a key in.
    var team: String {
        get throws(Problem) {
            guard let caller else { throw Problem.unauthorized("the API key is not valid", invalidToken: true) }
            return caller.team
        }
    }
}

extension Problem {
    /// 403 for a key whose role may not call the operation.
    static func roleRefused(_ role: AccessKey.Role, operation: OperationRoles.Entry?) -> Problem {
        guard let operation else {
            return Problem(.forbidden, kind: "role-refused", title: "Not allowed for this key's role",
                           detail: "no key may call this operation")
        }
        let roles = operation.roles.map(\.rawValue).joined(separator: " or ")
        return Problem(.forbidden, kind: "role-refused", title: "Not allowed for this key's role",
                       detail: "a key with the \(role.rawValue) role cannot call \(operation.id); it needs the \(roles) role")
    }
}

extension LinkService {
    /// Who `key` stands for: a bootstrap key from the environment (compared in constant time, no
    /// store read), or a named key (``KeyDirectory``); nil for a key that is neither. A named key
    /// that was revoked or has expired is a 401 saying so.
    func caller(for key: String) async throws -> ServiceRequestContext.Caller? {
        if let team = adminKeys.owner(of: key) {
            return .init(name: "environment", role: .admin, team: team, identity: "env:" + NamedKeys.digest(key).prefix(16))
        }
        if let owner = appKeys.owner(of: key) {
            return .init(name: owner, role: .app, team: appTeam, teamOnly: appKeyTeamOnly, identity: "app:" + owner)
        }
        guard key.hasPrefix(NamedKeys.prefix) else { return nil }
        let hash = NamedKeys.digest(key)
        guard let named = try await storage({ try await keyDirectory.key(hash: hash) }) else { return nil }
        if named.revokedAt != nil { throw Problem.unauthorized("the API key '\(named.name)' was revoked", invalidToken: true) }
        if !named.isActive(at: now()) { throw Problem.unauthorized("the API key '\(named.name)' has expired", invalidToken: true) }
        keyDirectory.used(hash: hash, at: now())
        return .init(name: named.name, role: named.role, team: named.team, identity: "key:" + hash.prefix(16))
    }

    /// The 429 for a client address over its rate of key guesses (counted in the metrics).
    func keyGuessesRefused(retryAfter seconds: Int) -> Problem {
        metrics.rateLimited(RateLimiter.Operation.keyGuess.rawValue)
        return Problem.rateLimited(.keyGuess, retryAfter: seconds)
    }
}
