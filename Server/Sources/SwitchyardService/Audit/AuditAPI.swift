import Foundation
import Hummingbird
import SwitchyardStore

/// `GET /api/v1/audit`: the caller's team's audit log, newest first, with an admin key; filtered
/// by `key` (a key's name) and `action`, paged by `limit` and `cursor`.
struct AuditAPI: Sendable {
    let service: LinkService

    /// The routes, under `api/v1/audit`.
    var routes: ServiceRoutes {
        service.keyedRoutes()
            .get { request, context in try await list(request, context: context) }
    }

    func list(_ request: Request, context: ServiceRequestContext) async throws -> AuditPageResponse {
        let team = try context.team
        let page = try PageQuery(request, limits: service.configuration.limits)
        var before: Int64?
        if let cursor = page.cursor {
            guard let id = Int64(cursor), id > 0 else {
                throw Problem.invalid("invalid-query", "Invalid query parameter", "'cursor' is not a cursor this service gave out")
            }
            before = id
        }
        let parameters = request.uri.queryParameters
        let key = parameters["key"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
        let action = parameters["action"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
        for (name, value) in [("key", key), ("action", action)] where (value?.utf8.count ?? 0) > 64 {
            throw Problem.invalid("invalid-query", "Invalid query parameter", "'\(name)' is longer than 64 bytes")
        }
        let query = AuditQuery(team: team, keyName: key, action: action, before: before, limit: page.limit + 1)
        let entries = try await service.storage { try await service.store.audit(query) }
        let shown = entries.prefix(page.limit)
        let next = entries.count > page.limit ? shown.last?.id.map(String.init) : nil
        return AuditPageResponse(entries: shown.map(AuditEntryResponse.init), nextCursor: next)
    }
}

/// One entry of the audit log (the `AuditEntry` schema).
struct AuditEntryResponse: Sendable, Hashable, ResponseEncodable {
    var id: String
    var at: String
    var key: String
    var role: String
    var address: String
    var action: String
    var target: String
    var detail: String
    var keyId: String?

    init(_ entry: AuditEntry) {
        id = String(entry.id ?? 0)
        at = APIDates.text(entry.at)
        key = entry.keyName
        role = entry.role
        address = entry.address
        action = entry.action
        target = entry.target
        detail = entry.detail
        keyId = entry.keyID
    }
}

extension AuditEntryResponse: APIObject, OpenAPISchema {
    static let schemaName = "AuditEntry"

    static let fields: [APIField<Self>] = [
        APIField("id", \.id, "The entry's number (increasing)."),
        APIField("at", \.at, format: "date-time"),
        APIField("key", \.key, "The name of the key that made the change (environment: the bootstrap admin key; cli:USER: the command line, run by that operating-system user)."),
        APIField("role", \.role),
        APIField("address", \.address, "The client address of the request."),
        APIField("action", \.action,
                 "link.created, link.updated, link.deleted, links.imported, key.created, key.revoked, team.created, webhook.created, webhook.deleted, signin."),
        APIField("target", \.target, "What the change was made to: a link's code, a key's name, a webhook's id."),
        APIField("detail", \.detail),
        APIField("keyId", \.keyId, "The key itself, not its name: key: and 16 hex digits of a named key's SHA-256 digest, env: and those of a bootstrap admin key's, app: and a bootstrap app key's slot (app1). Left out for the command line and for entries written before it was kept.",
                 whenAbsent: .omitted),
    ]
}

/// A page of the audit log, newest first.
struct AuditPageResponse: Sendable, Hashable, ResponseEncodable {
    var entries: [AuditEntryResponse]
    var nextCursor: String?
}

extension AuditPageResponse: APIObject, OpenAPISchema {
    static let schemaName = "AuditPage"

    static let fields: [APIField<Self>] = [
        APIField("entries", \.entries),
        APIField("nextCursor", \.nextCursor, "Pass as cursor for the next (older) page; null on the last."),
    ]
}
