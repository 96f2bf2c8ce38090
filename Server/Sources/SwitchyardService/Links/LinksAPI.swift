import Foundation
import Hummingbird
import Logging
import Switchyard
import SwitchyardRules
import SwitchyardStore

/// `/api/v1/links`: create, list, inspect, update fallbacks and delete, with an admin key.
/// Another team's link answers 404, as if it did not exist.
struct LinksAPI: Sendable {
    let service: LinkService

    /// The routes, under `api/v1/links`; creating is idempotent with an `Idempotency-Key`.
    var routes: ServiceRoutes {
        let links = service.keyedRoutes()
        links.group().add(middleware: IdempotencyMiddleware(service: service, route: "links"))
            .post { request, context in try await create(request, context: context) }
        links.get { request, context in try await list(request, context: context) }
        links.get(":code") { request, context in try await inspect(request, context: context) }
        links.get(":code/explain") { request, context in try await explain(request, context: context) }
        links.patch(":code") { request, context in try await update(request, context: context) }
        links.delete(":code") { request, context in try await delete(request, context: context) }
        return links
    }

    func create(_ request: Request, context: ServiceRequestContext) async throws -> EditedResponse<LinkResponse> {
        if context.caller?.role == .app { return try await createForApp(request, context: context) }
        let team = try context.team
        try await service.spend(.create, caller: "team:" + team)
        let body = try await request.decode(as: CreateLinkRequest.self, context: context)
        guard body.install == nil else {
            throw Problem.invalid("invalid-field", "Invalid field", "'install' is sent with the app key only")
        }
        if body.installProof != nil || body.installProofFor != nil, let caller = context.caller {
            try Self.mayChangeInstallProof(caller)
        }
        let link = try await create(body, team: team, author: service.auditAuthor(request, context: context), logger: context.logger)
        return created(link)
    }

    /// Creates a link for `team` from a body read from JSON or built by the dashboard: its draft
    /// (``LinkRules/draft(_:by:now:)``, which checks the route first), then the link.
    /// `author`'s `link.created` entry is written with the link.
    func create(_ body: CreateLinkRequest, team: String, author: AuditAuthor?, logger: Logger) async throws -> DeepLinkBuilder.VerifiedLink {
        let domain = try service.domains.domain(named: body.domain, team: team)
        var draft = try service.rules.draft(body, by: .team, now: service.now())
        // The slow hash runs off the request's executor (the event loops), once the body has passed its checks.
        if let password = body.password { draft.passwordHash = try await service.passwords.hash(password) }
        let created = try await service.create(draft, team: team, alias: body.alias, domain: domain, author: author)
        logger.info("link created", metadata: ["code": "\(created.link.code)", "team": "\(team)", "route": "\(created.link.route)"])
        return created
    }

    /// `201 Created` with the link and its `Location`.
    func created(_ created: DeepLinkBuilder.VerifiedLink) -> EditedResponse<LinkResponse> {
        EditedResponse(status: .created, headers: [.location: Self.location(created.link)],
                       response: LinkResponse(created.link, service: service, urls: created.urls))
    }

    /// A link's address in the API: `/api/v1/links/{code}`, with `?domain=` for a stored domain.
    static func location(_ link: SmartLink) -> String {
        "/api/v1/links/\(link.shortCode)" + (link.domain.map { "?domain=\($0)" } ?? "")
    }

    /// `POST /api/v1/links` with the app key (HOKO's in-app link generation): a route link of the
    /// table from its route, parameters and query (campaign) parameters only, with a random code,
    /// for the app's team, marked as created by the app; limited per client address at the create
    /// rate and per install at the app create rate. A field only the admin key may set (preview,
    /// metadata, redeem limit, fallbacks, alias, expiry) is a 403 naming it; a missing `install` a 400.
    func createForApp(_ request: Request, context: ServiceRequestContext) async throws -> EditedResponse<LinkResponse> {
        try await service.spendPerClient(.create, request: request, context: context)
        let body = try await request.decode(as: CreateLinkRequest.self, context: context)
        if let key = body.adminOnlyField {
            throw Problem(.forbidden, kind: "app-key-field", title: "Not allowed with the app key",
                          detail: "'\(key)' cannot be set with the app key: it creates links from a route and its parameters only")
        }
        guard let install = body.install else {
            throw Problem.invalid("install-required", "Install identifier required",
                                  "'install' is required with the app key: the identifier the SDK generates once per install")
        }
        let draft = try service.rules.draft(body, by: .app, now: service.now())
        try await service.spend(.appCreate, caller: "install:" + install)
        let team = try context.team
        try await service.spend(.appCreateTotal, caller: "key:" + (context.caller?.identity ?? "app"))
        try await service.spend(.appCreateTotal, caller: "team:" + team)
        let link = try await service.create(draft, team: team, alias: nil,
                                            author: service.auditAuthor(request, context: context))
        context.logger.info("link created by the app", metadata: ["code": "\(link.link.code)", "route": "\(link.link.route)"])
        return created(link)
    }

    func list(_ request: Request, context: ServiceRequestContext) async throws -> LinkPageResponse {
        let team = try context.team
        let query = try PageQuery(request, limits: service.configuration.limits)
        let page = try await service.storage { try await service.store.list(team: team, limit: query.limit, cursor: query.cursor, matching: query.search) }
        return LinkPageResponse(links: page.links.map { LinkResponse($0, service: service) }, nextCursor: page.nextCursor)
    }

    /// The team's live link with this store key, or 404.
    func ownedLink(_ key: String, team: String) async throws -> SmartLink {
        guard let link = try await service.storage({ try await service.store.link(code: key) }),
              link.team == team, link.deletedAt == nil else { throw Problem.linkNotFound(LinkKey.split(key).code) }
        return link
    }

    /// The store key a request's `{code}` (and `domain` query) names for its team.
    ///
    /// Typed (`throws(Problem)`) on purpose: with an untyped `throws` here, inlined into the async
    /// handlers, Swift 6.3.1's optimizer crashed splitting their coroutines (LLVM's CoroSplit, in
    /// `emitSetAndGetSwiftErrorValueAround`) and `swift build -c release` failed.
    func key(_ request: Request, context: ServiceRequestContext, team: String) throws(Problem) -> String {
        // Every route under /api/v1/links/{code} has the parameter.
        guard let code = context.parameters.get("code") else { throw Problem.linkNotFound("") }
        return try service.linkKey(code: code, request: request, team: team)
    }

    func inspect(_ request: Request, context: ServiceRequestContext) async throws -> LinkResponse {
        let team = try context.team
        let code = try key(request, context: context, team: team)
        let link = try await ownedLink(code, team: team)
        let clicks = try await service.storage { try await service.store.clickCounts(code: code) }
        return LinkResponse(link, service: service, clicks: clicks)
    }

    func update(_ request: Request, context: ServiceRequestContext) async throws -> LinkResponse {
        let team = try context.team
        let code = try key(request, context: context, team: team)
        let body = try await request.decode(as: UpdateLinkRequest.self, context: context)
        try body.validate()
        if body.installProof != nil || body.installProofFor != nil, let caller = context.caller {
            try Self.mayChangeInstallProof(caller)
        }
        var changes = LinkChanges(installProof: body.installProof, installProofFor: body.installProofFor)
        if let password = body.password {
            if let password {
                changes.passwordHash = .some(try await service.passwords.hash(password))
            } else {
                changes.passwordHash = .some(nil)
            }
        }
        if let rules = body.rules {
            do { changes.rules = .some(try service.rules.redirectRules(rules)) } catch { throw Problem(error) }
        }
        if let variants = body.variants {
            do { changes.variants = .some(try service.rules.variantTest(variants, now: service.now())) } catch { throw Problem(error) }
        }
        if let requested = body.fallbacks {
            let fallbacks = requested.stored
            for (url, name) in [(fallbacks.ios, "ios"), (fallbacks.android, "android"), (fallbacks.web, "web")] {
                if let url, let refusal = service.fallbacks.refusal(for: url) {
                    throw Problem.invalid("fallback-refused", "Fallback URL refused", "fallbacks.\(name): \(refusal)")
                }
            }
            changes.fallbacks = fallbacks
        }
        // A PATCH that changes nothing writes nothing and records nothing in the audit log.
        let current = try await ownedLink(code, team: team)
        if Self.changesNothing(changes, of: current) { return LinkResponse(current, service: service) }
        let changed = Self.changedFields(body)
        let audit = service.auditEntry("link.updated", target: code, detail: changed, request: request, context: context)
        guard let link = try await service.storage({
                  try await service.store.update(code: code, team: team, changes: changes, audit: audit)
              })
        else { throw Problem.linkNotFound(LinkKey.split(code).code) }
        service.openCache.evict(code: code)
        context.logger.info("link updated", metadata: ["code": "\(code)", "team": "\(team)", "changed": "\(changed)"])
        return LinkResponse(link, service: service)
    }

    /// Who may set or lift a link's install proof (`installProof`, `installProofFor`): the admin
    /// role only, on create and on `PATCH`; an editor makes links and changes fallbacks, but cannot
    /// take the proof off a coupon.
    /// - Throws: 403 `role-refused` for any other role.
    static func mayChangeInstallProof(_ caller: ServiceRequestContext.Caller) throws(Problem) {
        guard caller.role.includes(.admin) else {
            throw Problem(.forbidden, kind: "role-refused", title: "Not allowed for this key's role",
                          detail: "a key with the \(caller.role.rawValue) role cannot set installProof or installProofFor; it needs the admin role")
        }
    }

    /// Whether `changes` would leave `link` as it is.
    static func changesNothing(_ changes: LinkChanges, of link: SmartLink) -> Bool {
        if let fallbacks = changes.fallbacks, fallbacks != link.fallbacks { return false }
        if let proof = changes.installProof, proof != link.installProof { return false }
        if let actions = changes.installProofFor, actions != link.installProofFor { return false }
        // A new password is always a change (its hash has a new salt); removing none is not.
        if let hash = changes.passwordHash, hash != nil || link.content.passwordHash != nil { return false }
        if let rules = changes.rules, (rules ?? []) != (link.content.rules ?? []) { return false }
        if let variants = changes.variants, variants != link.content.variants { return false }
        return true
    }

    /// The audit detail of an update: the fields it set, and the install proof's new value
    /// (`fallbacks`, `installProof=attested`, `fallbacks, installProof=default`,
    /// `installProofFor=redeem+resolve`).
    static func changedFields(_ body: UpdateLinkRequest) -> String {
        var fields: [String] = []
        if body.fallbacks != nil { fields.append("fallbacks") }
        if let proof = body.installProof { fields.append("installProof=" + (proof?.rawValue ?? "default")) }
        if let actions = body.installProofFor {
            fields.append("installProofFor=" + (actions.map { $0.map(\.rawValue).joined(separator: "+") } ?? "default"))
        }
        if let password = body.password { fields.append(password == nil ? "password=removed" : "password") }
        if let rules = body.rules { fields.append(rules.arrayValue?.isEmpty == false ? "rules" : "rules=removed") }
        if let variants = body.variants { fields.append(variants.isNull ? "variants=removed" : "variants") }
        return fields.joined(separator: ", ")
    }

    func delete(_ request: Request, context: ServiceRequestContext) async throws -> Response {
        let team = try context.team
        let code = try key(request, context: context, team: team)
        let audit = service.auditEntry("link.deleted", target: code, request: request, context: context)
        guard try await service.storage({ try await service.store.delete(code: code, team: team, at: service.now(), audit: audit) })
        else { throw Problem.linkNotFound(LinkKey.split(code).code) }
        service.openCache.evict(code: code)
        context.logger.info("link deleted", metadata: ["code": "\(code)", "team": "\(team)"])
        return Response(status: .noContent, headers: [.cacheControl: "no-store"])
    }
}
