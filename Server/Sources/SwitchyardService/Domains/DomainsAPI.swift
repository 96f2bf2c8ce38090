import Foundation
import Hummingbird
import Switchyard
import SwitchyardStore

/// `/api/v1/domains`: a team's link domains, with an admin key. Another team's domain answers
/// 404 on update and removal, and 409 on add (hosts are unique in the service).
struct DomainsAPI: Sendable {
    let service: LinkService

    /// The routes, under `api/v1/domains`.
    var routes: ServiceRoutes {
        let domains = service.keyedRoutes()
        domains.post { request, context in try await add(request, context: context) }
        domains.get { request, context in try await list(request, context: context) }
        domains.patch(":host") { request, context in try await update(request, context: context) }
        domains.delete(":host") { request, context in try await remove(request, context: context) }
        return domains
    }

    /// `POST /api/v1/domains`: 201 with the domain; 409 when a domain has the host.
    func add(_ request: Request, context: ServiceRequestContext) async throws -> EditedResponse<DomainResponse> {
        let team = try context.team
        let body = try await request.decode(as: DomainRequest.self, context: context)
        guard let text = body.host else { throw Problem.invalid("invalid-field", "Invalid field", "'host' is required") }
        let host = try Self.host(text)
        try checkRedirects(body)
        let domain = LinkDomain(host: host, team: team, isDefault: body.isDefault ?? false,
                                redirects: body.redirects(over: .init()), createdAt: service.now())
        let entry = service.auditEntry("domain.added", target: host, detail: domain.isDefault ? "default" : "",
                                       request: request, context: context)
        try await service.addDomain(domain, audit: entry)
        context.logger.info("domain added", metadata: ["domain": "\(host)", "team": "\(team)"])
        return EditedResponse(status: .created, headers: [.location: "/api/v1/domains/\(host)"],
                              response: DomainResponse(ServedDomain(domain: domain, isBootstrap: false), isDefault: domain.isDefault))
    }

    /// `GET /api/v1/domains`.
    func list(_ request: Request, context: ServiceRequestContext) async throws -> DomainListResponse {
        let team = try context.team
        try await service.storage { try await service.domains.refresh(from: service.store) }
        return DomainListResponse(domains: service.domains.domains(team: team).enumerated().map {
            DomainResponse($0.element, isDefault: $0.offset == 0)
        })
    }

    /// `PATCH /api/v1/domains/{host}`: its redirects and default flag.
    func update(_ request: Request, context: ServiceRequestContext) async throws -> DomainResponse {
        let team = try context.team
        let host = try Self.existingHost(context.parameters.require("host"))
        let body = try await request.decode(as: DomainRequest.self, context: context)
        try checkRedirects(body)
        try await service.storage { try await service.domains.refresh(from: service.store) }
        guard var domain = service.domains.all.first(where: { $0.host == host && $0.team == team }) else {
            throw Self.notFound(host)
        }
        domain.redirects = body.redirects(over: domain.redirects)
        if let isDefault = body.isDefault { domain.isDefault = isDefault }
        let entry = service.auditEntry("domain.updated", target: host, request: request, context: context)
        guard try await service.storage({ try await service.store.updateDomain(domain, audit: entry) }) else { throw Self.notFound(host) }
        try await service.storage { try await service.domains.refresh(from: service.store) }
        return DomainResponse(ServedDomain(domain: domain, isBootstrap: false), isDefault: domain.isDefault)
    }

    /// `DELETE /api/v1/domains/{host}[?force=true]`: 204; 409 while live links use it, unless
    /// `force` disables them.
    func remove(_ request: Request, context: ServiceRequestContext) async throws -> Response {
        let team = try context.team
        let host = try Self.existingHost(context.parameters.require("host"))
        let force = request.uri.queryParameters["force"] == "true"
        let entry = service.auditEntry("domain.removed", target: host, detail: force ? "force" : "", request: request, context: context)
        let removal = try await service.removeDomain(host: host, team: team, force: force, audit: entry)
        if case let .removed(disabled) = removal {
            context.logger.info("domain removed", metadata: ["domain": "\(host)", "team": "\(team)", "disabledLinks": "\(disabled)"])
        }
        return Response(status: .noContent, headers: [.cacheControl: "no-store"])
    }

    static func host(_ text: String) throws(Problem) -> String {
        switch DomainHost.normalized(text) {
        case let .success(host): host
        case let .failure(refusal): throw refusal.problem
        }
    }

    /// The host a path names for a domain that exists: one that cannot be a host name is no
    /// domain of the team (404, as an unknown one).
    static func existingHost(_ text: String) throws(Problem) -> String {
        guard case let .success(host) = DomainHost.normalized(text) else { throw notFound(String(text.prefix(80))) }
        return host
    }

    static func notFound(_ host: String) -> Problem {
        Problem(.notFound, kind: "domain-not-found", title: "Domain not found", detail: "the team has no domain '\(host)'")
    }

    func checkRedirects(_ body: DomainRequest) throws(Problem) {
        for (name, url) in body.givenRedirects {
            if let refusal = service.fallbacks.refusal(for: url) {
                throw Problem.invalid("redirect-refused", "Redirect refused", "\(name): \(refusal)")
            }
        }
    }
}

extension LinkService {
    /// Stores a new domain and serves it on this instance at once (on the others within
    /// ``ServiceConfiguration/domainRefreshInterval``): the admin API's and the dashboard's add.
    ///
    /// - Throws: 409 when the host is the bootstrap domain's or a stored domain's.
    func addDomain(_ domain: LinkDomain, audit: AuditEntry?) async throws {
        guard domain.host != domains.bootstrap.domain.host else {
            throw Problem(.conflict, kind: "domain-taken", title: "Domain taken",
                          detail: "'\(domain.host)' is the service's bootstrap domain (--base-url)")
        }
        do {
            try await storage { try await store.insertDomain(domain, audit: audit) }
        } catch StoreError.Code.nameTaken {
            throw Problem(.conflict, kind: "domain-taken", title: "Domain taken",
                          detail: "a domain '\(domain.host)' is already on this service")
        }
        try await storage { try await domains.refresh(from: store) }
    }

    /// Removes a team's domain (``DomainStore/removeDomain(host:team:force:audit:)``) and stops
    /// serving it on this instance at once.
    ///
    /// - Throws: 404 when the team has no such domain; 409 while live links use it (without `force`).
    func removeDomain(host: String, team: String?, force: Bool, audit: AuditEntry?) async throws -> DomainRemoval {
        let removal = try await storage { try await store.removeDomain(host: host, team: team, force: force, audit: audit) }
        switch removal {
        case .notFound: throw DomainsAPI.notFound(host)
        case let .inUse(live):
            throw Problem(.conflict, kind: "domain-in-use", title: "Domain in use",
                          detail: "\(live) live link\(live == 1 ? "" : "s") use '\(host)'; remove with force=true to disable them")
        case .removed:
            try await storage { try await domains.refresh(from: store) }
            // Its disabled links must not open from this instance's cache if the domain is added again.
            openCache.evict(prefix: LinkKey.range(host: host).from)
        }
        return removal
    }
}
