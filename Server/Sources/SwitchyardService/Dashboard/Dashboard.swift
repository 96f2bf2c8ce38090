import Foundation
import Hummingbird
import SwitchyardStore

/// The dashboard at `/`: sign in with an admin, editor or viewer key (pages and forms follow its role), list the team's links with their clicks, create
/// a link from a form, and see a link's clicks over time and its QR code. Server-rendered HTML, no
/// script; every POST carries a CSRF token.
///
/// | path | |
/// | --- | --- |
/// | `GET /` | the team's links, newest first, 20 a page (`?cursor=`) |
/// | `GET /dashboard/signin`, `POST /dashboard/signin` | sign in with the API key |
/// | `POST /dashboard/signout` | sign out |
/// | `GET /dashboard/new` | pick a route; `?route=` then shows its parameter fields |
/// | `POST /dashboard/new` | create the link through the API's own create path |
/// | `GET /dashboard/links/{code}` | one link: details, clicks per day (SVG), QR code (SVG) |
/// | `GET /dashboard/import`, `POST /dashboard/import` | import a Firebase Dynamic Links export (multipart upload) |
/// | `GET /dashboard/webhooks` | the team's webhooks and their failed deliveries (admin) |
/// | `GET /dashboard/stats` | the team's clicks and app events per day, and its most clicked links |
/// | `GET /dashboard/keys`, `POST /dashboard/keys`, `POST /dashboard/keys/revoke` | the team's named keys (admin) |
/// | `GET /dashboard/audit` | the team's audit log (admin) |
///
/// A request without a session is sent to the sign-in page (303). Sessions live in the store, so
/// any instance answers any request.
struct Dashboard: Sendable {
    let service: LinkService
    let sessions: DashboardSessions
    /// Links on one page of the listing.
    let pageSize: Int

    init(service: LinkService, sessions: DashboardSessions? = nil, pageSize: Int = 20) {
        self.service = service
        let limits = service.configuration.limits
        self.sessions = sessions ?? DashboardSessions(store: service.store, idleTimeout: limits.sessionIdleTimeout,
                                                      lifetime: limits.sessionLifetime)
        self.pageSize = pageSize
    }

    /// Whether cookies get `Secure`: when the service's public base URL is https.
    var secureCookies: Bool { service.configuration.baseURL.lowercased().hasPrefix("https://") }
    /// The session cookie's name (`__Host-` prefixed on https).
    var sessionCookie: String { DashboardCookies.name(DashboardCookies.session, secure: secureCookies) }
    /// The sign-in form's cookie's name (`__Host-` prefixed on https).
    var signInCookie: String { DashboardCookies.name(DashboardCookies.signIn, secure: secureCookies) }

    /// The routes, at the root: `/` and `/dashboard/...`.
    var routes: ServiceRoutes {
        let router = ServiceRoutes(context: ServiceRequestContext.self)
        router.get("/") { request, context in
            // `/?link=...` is a Firebase Dynamic Links long link, not the dashboard.
            if FirebaseLongLinkOpener.isLongLink(request) { return await FirebaseLongLinkOpener(service: service).open(request, context: context) }
            // A stored link domain with a root redirect sends `/` there; the bootstrap domain's `/` is the dashboard.
            if let served = service.servedDomain(request, context: context), !served.isBootstrap,
               let url = served.domain.redirects.root {
                return Response(status: .found, headers: Responses.redirectFields(to: url))
            }
            return try await signedIn(request) { session in try await listPage(request, session: session) }
        }
        router.get("dashboard") { _, _ in DashboardPage.redirect("/") }
        router.get("dashboard/signin") { request, _ in try await signInPage(request) }
        router.post("dashboard/signin") { request, context in try await signIn(request, context: context) }
        router.post("dashboard/signout") { request, _ in
            try await signedInPost(request, as: TokenForm.self) { _, _ in
                try await service.storage { try await sessions.remove(DashboardCookies.value(sessionCookie, in: request)) }
                return DashboardPage.redirect("/dashboard/signin", cookies: [
                    DashboardCookies.cookie(sessionCookie, "", secure: secureCookies, maxAge: 0)])
            }
        }
        router.get("dashboard/new") { request, _ in
            try await signedIn(request, needs: .editor) { session in newLinkPage(request, session: session) }
        }
        router.post("dashboard/new") { request, context in
            try await signedInPost(request, as: NewLinkForm.self, needs: .editor) { session, form in
                try await createLink(form, session: session, request: request, context: context)
            }
        }
        router.get("dashboard/import") { request, _ in
            try await signedIn(request, needs: .editor) { session in importPage(session: session) }
        }
        router.post("dashboard/import") { request, context in
            try await signedIn(request, needs: .editor) { session in try await runImport(request, session: session, context: context) }
        }
        router.get("dashboard/webhooks") { request, _ in
            try await signedIn(request, needs: .admin) { session in try await webhooksPage(session: session) }
        }
        router.get("dashboard/stats") { request, _ in
            try await signedIn(request) { session in try await statsPage(request, session: session) }
        }
        router.get("dashboard/keys") { request, _ in
            try await signedIn(request, needs: .admin) { session in try await keysPage(session: session) }
        }
        router.post("dashboard/keys") { request, context in
            try await signedInPost(request, as: NewLinkForm.self, needs: .admin) { session, form in
                try await createKey(form, session: session, request: request, context: context)
            }
        }
        router.post("dashboard/keys/revoke") { request, context in
            try await signedInPost(request, as: NewLinkForm.self, needs: .admin) { session, form in
                try await revokeKey(form, session: session, request: request, context: context)
            }
        }
        router.get("dashboard/audit") { request, _ in
            try await signedIn(request, needs: .admin) { session in try await auditPage(request, session: session) }
        }
        router.get("dashboard/links/:code") { request, context in
            let code = try context.parameters.require("code")
            return try await signedIn(request) { session in
                try await linkPage(code: linkKey(code, domain: request.uri.queryParameters["domain"].map(String.init)), session: session)
            }
        }
        router.post("dashboard/links/:code/rules") { request, context in
            let code = try context.parameters.require("code")
            return try await signedInPost(request, as: NewLinkForm.self, needs: .editor) { session, form in
                try await saveRules(form, code: linkKey(code, domain: request.uri.queryParameters["domain"].map(String.init)),
                                    session: session, request: request, context: context)
            }
        }
        router.get("dashboard/domains") { request, _ in
            try await signedIn(request, needs: .admin) { session in try await domainsPage(session: session) }
        }
        router.post("dashboard/domains") { request, context in
            try await signedInPost(request, as: NewLinkForm.self, needs: .admin) { session, form in
                try await addDomain(form, session: session, request: request, context: context)
            }
        }
        router.post("dashboard/domains/remove") { request, context in
            try await signedInPost(request, as: NewLinkForm.self, needs: .admin) { session, form in
                try await removeDomain(form, session: session, request: request, context: context)
            }
        }
        return router
    }

    // MARK: Sessions

    /// How a session opened with a bootstrap key (`SWITCHYARD_API_KEY`) marks the key's digest.
    static let environmentKeyPrefix = "env:"

    /// The session of the request's cookie, if it is live and its named key still works (a session
    /// of a revoked or expired key is ended).
    func session(of request: Request) async throws -> DashboardSessions.Session? {
        let token = DashboardCookies.value(sessionCookie, in: request)
        guard let session = try await service.storage({ try await sessions.session(token, now: service.now()) }) else { return nil }
        // Every session is checked against the key that opened it, on every request: a bootstrap
        // key still in this instance's environment (for the same team), a named key neither revoked
        // nor expired (the key directory re-reads it within a second). A session that names no key
        // (made before sessions recorded the bootstrap key) has nothing to check, and ends.
        let live: Bool
        if let hash = session.keyHash, hash.hasPrefix(Self.environmentKeyPrefix) {
            live = service.adminKeys.owner(ofDigest: String(hash.dropFirst(Self.environmentKeyPrefix.count))) == session.team
        } else if let hash = session.keyHash {
            let key = try await service.storage { try await service.keyDirectory.key(hash: hash) }
            live = key.map { $0.isActive(at: service.now()) && $0.team == session.team } ?? false
        } else {
            live = false
        }
        guard live else {
            try await service.storage { try await sessions.remove(token) }
            return nil
        }
        return session
    }

    /// Runs `body` for a signed-in request whose key's role includes `role`, or redirects to the
    /// sign-in page (403 for a role that may not). A ``Problem`` thrown by `body` becomes an HTML
    /// page with its status.
    func signedIn(_ request: Request, needs role: AccessKey.Role = .viewer,
                  _ body: (DashboardSessions.Session) async throws -> Response) async throws -> Response {
        guard let session = try await session(of: request) else { return DashboardPage.redirect("/dashboard/signin") }
        guard session.role.includes(role) else {
            return DashboardPage.problem(.forbidden, title: "Not allowed for your key's role",
                                         detail: "Your key (\(session.keyName)) has the \(session.role.rawValue) role; this needs the \(role.rawValue) role.",
                                         session: session)
        }
        do {
            return try await body(session)
        } catch {
            // Every error the API answers (a problem, a link rule's refusal, ...) is answered as a page.
            guard let problem = Problem(answering: error) else { throw error }
            return DashboardPage.problem(problem.status, title: problem.title, detail: problem.detail, session: session)
        }
    }

    /// ``signedIn(_:_:)`` for a form post: reads the form and refuses it (403) unless its `csrf`
    /// field is the session's token.
    func signedInPost<Form: PostedForm>(
        _ request: Request, as form: Form.Type, needs role: AccessKey.Role = .viewer,
        _ body: (DashboardSessions.Session, Form) async throws -> Response
    ) async throws -> Response {
        try await signedIn(request, needs: role) { session in
            let form = try await Form.read(request, limit: service.configuration.limits.maximumBodySize)
            guard DashboardSessions.tokensMatch(form.csrf, session.csrf) else {
                return Self.csrfRefusal(session: session)
            }
            return try await body(session, form)
        }
    }

    static func csrfRefusal(session: DashboardSessions.Session?) -> Response {
        DashboardPage.problem(.forbidden, title: "Form refused",
                              detail: "The form's security token is missing or out of date. Reload the page and try again.",
                              session: session)
    }

    // MARK: Signing in and out

    func signInPage(_ request: Request, error: String? = nil, status: HTTPResponse.Status = .ok) async throws -> Response {
        if error == nil, try await session(of: request) != nil { return DashboardPage.redirect("/") }
        let token = DashboardSessions.randomToken()
        return DashboardPage.response(DashboardForms.signIn(csrf: token, error: error), status: status, cookies: [
            DashboardCookies.cookie(signInCookie, token, secure: secureCookies)])
    }

    /// Checks the sign-in form's double-submit token and the key; starts a session on success.
    ///
    /// Attempts are key guesses, limited per client address (``RateLimiter/Operation/keyGuess``,
    /// with wrong API keys): each spends one, and while the address is over the rate it is
    /// answered 429 with `Retry-After` before its key is looked at, right or wrong.
    func signIn(_ request: Request, context: ServiceRequestContext) async throws -> Response {
        let address = service.clientAddress(request, context: context)
        if let seconds = service.limiter.keyGuessRefusal(caller: address, at: service.now()) {
            return signInRefused(retryAfter: seconds)
        }
        let form: SignInForm
        do {
            form = try await SignInForm.read(request, limit: 8 * 1024)
        } catch let problem as Problem {
            return DashboardPage.problem(problem.status, title: problem.title, detail: problem.detail, session: nil)
        }
        guard DashboardSessions.tokensMatch(form.csrf, DashboardCookies.value(signInCookie, in: request)) else {
            return Self.csrfRefusal(session: nil)
        }
        let now = service.now()
        if let seconds = try await service.storage({ try await service.limiter.spendKeyGuess(caller: address, at: now) }) {
            return signInRefused(retryAfter: seconds)
        }
        let key = form.key?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let caller: ServiceRequestContext.Caller?
        do {
            caller = key.isEmpty ? nil : try await service.caller(for: key)
        } catch let problem as Problem {
            return try await signInPage(request, error: "The key is not valid: \(problem.detail).", status: .unauthorized)
        }
        guard let caller else {
            service.logger.notice("dashboard sign-in refused")
            return try await signInPage(request, error: "The API key is not valid.", status: .unauthorized)
        }
        guard caller.role != .app else {
            return try await signInPage(request, error: "An app key cannot sign in to the dashboard.", status: .forbidden)
        }
        // The session remembers the key's digest: a named key's as the store keeps it, a bootstrap
        // key's marked as one, so that each request checks the key still works.
        let fromEnvironment = service.adminKeys.owner(of: key) != nil
        let named = (fromEnvironment ? Self.environmentKeyPrefix : "") + NamedKeys.digest(key)
        let signIn = AuditEntry(team: caller.team, at: now, keyName: caller.name, role: caller.role.rawValue, address: address,
                                action: "signin", target: caller.name, keyID: caller.identity)
        let (token, _) = try await service.storage { try await sessions.create(caller, keyHash: named, now: now, audit: signIn) }
        service.logger.info("dashboard sign-in", metadata: ["team": "\(caller.team)", "key": "\(caller.name)"])
        return DashboardPage.redirect("/", cookies: [
            DashboardCookies.cookie(sessionCookie, token, secure: secureCookies),
            DashboardCookies.cookie(signInCookie, "", secure: secureCookies, maxAge: 0),
        ])
    }

    /// The 429 page for an address over its rate of sign-in attempts.
    func signInRefused(retryAfter seconds: Int) -> Response {
        service.logger.notice("dashboard sign-in throttled")
        let problem = service.keyGuessesRefused(retryAfter: seconds)
        var response = DashboardPage.problem(problem.status, title: problem.title,
                                             detail: "Too many sign-in attempts from your address. Try again in \(seconds) s.",
                                             session: nil)
        response.headers[.retryAfter] = String(seconds)
        return response
    }
}
