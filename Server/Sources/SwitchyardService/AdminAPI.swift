import Foundation
import Hummingbird
import Switchyard
import SwitchyardStore

/// `/api/v1/links`: create, list, inspect, update fallbacks and delete, with an admin key.
/// Another team's link answers 404, as if it did not exist.
struct AdminAPI: Sendable {
    let service: LinkService

    func register(on router: Hummingbird.Router<ServiceRequestContext>) {
        router.group("api/v1/links").add(middleware: KeyAuthentication(service: service, accepts: .adminOrApp))
            .post { request, context in try await create(request, context: context) }
        let links = router.group("api/v1/links").add(middleware: KeyAuthentication(service: service, accepts: .admin))
        links.get { request, context in try await list(request, context: context) }
        links.get(":code") { request, context in try await inspect(request, context: context) }
        links.patch(":code") { request, context in try await update(request, context: context) }
        links.delete(":code") { request, context in try await delete(request, context: context) }
    }

    static let createKeys: Set<String> = [
        "route", "routeParameters", "queryParameters", "metadata", "redeemLimit", "fallbacks", "alias",
        "expiresAt", "preview",
    ]

    /// Fields the app key may not set: it creates route links only, so an extracted key cannot
    /// mint coupons, take aliases or send users elsewhere.
    static let adminOnlyKeys = ["metadata", "redeemLimit", "fallbacks", "alias", "expiresAt"]

    func create(_ request: Request, context: ServiceRequestContext) async throws -> Response {
        if case .app = context.caller { return try await createForApp(request, context: context) }
        let team = try context.team
        try await service.spend(.create, caller: "team:" + team)
        let fields = FieldReader(try await JSONBody.object(request, context: context, limit: service.configuration.limits.maximumBodySize))
        try fields.onlyKeys(Self.createKeys)
        var draft = LinkDraft(route: try fields.requiredString("route"))
        draft.routeParameters = try fields.stringMap("routeParameters")
        draft.queryParameters = try fields.stringMap("queryParameters")
        // The route is checked first, so that its errors come before those of the other fields.
        _ = try service.builder.target(route: draft.route, parameters: draft.routeParameters)
        draft.metadata = try fields.object("metadata")
        draft.redeemLimit = try fields.integer("redeemLimit", in: 1...1_000_000_000)
        draft.fallbacks = try readFallbacks(fields.object("fallbacks"))
        draft.preview = try readPreview(fields.object("preview"))
        let now = service.now()
        if let text = try fields.string("expiresAt") {
            guard let date = LinkJSON.parseDate(text) else {
                throw Problem.malformed("'expiresAt' must be an ISO 8601 date-time such as 2030-01-31T12:00:00Z, got '\(text)'")
            }
            guard date > now else { throw Problem.invalid("expiry-in-past", "Expiry in the past", "'expiresAt' (\(text)) is not in the future") }
            draft.expiresAt = date
        }
        let alias = try fields.string("alias", maxLength: 256)
        if let alias, let refusal = LinkCodes.aliasRefusal(alias) {
            throw Problem.invalid("invalid-alias", "Invalid alias", refusal)
        }
        let link = try await service.create(draft, team: team, alias: alias)
        context.logger.info("link created", metadata: ["code": "\(link.code)", "team": "\(team)", "route": "\(link.route)"])
        var headers = HTTPFields()
        headers[.location] = "/api/v1/links/\(link.code)"
        return Responses.json(LinkJSON.link(link, service: service), status: .created, headers: headers)
    }

    /// `POST /api/v1/links` with the app key (HOKO's in-app link generation): a route link of the
    /// table, with a random code, for the app's team, marked as created by the app; limited per
    /// client address at the create rate. A field only the admin key may set is a 403 naming it.
    func createForApp(_ request: Request, context: ServiceRequestContext) async throws -> Response {
        try await service.spendPerClient(.create, request: request, context: context)
        let fields = FieldReader(try await JSONBody.object(request, context: context, limit: service.configuration.limits.maximumBodySize))
        try fields.onlyKeys(Self.createKeys)
        for key in Self.adminOnlyKeys where fields.object[key].map({ !$0.isNull }) == true {
            throw Problem(.forbidden, kind: "app-key-field", title: "Not allowed with the app key",
                          detail: "'\(key)' cannot be set with the app key: it creates route links only")
        }
        var draft = LinkDraft(route: try fields.requiredString("route"))
        draft.routeParameters = try fields.stringMap("routeParameters")
        draft.queryParameters = try fields.stringMap("queryParameters")
        draft.preview = try readPreview(fields.object("preview"))
        draft.createdByApp = true
        let link = try await service.create(draft, team: service.appTeam, alias: nil)
        context.logger.info("link created by the app", metadata: ["code": "\(link.code)", "route": "\(link.route)"])
        var headers = HTTPFields()
        headers[.location] = "/api/v1/links/\(link.code)"
        return Responses.json(LinkJSON.link(link, service: service), status: .created, headers: headers)
    }

    func readFallbacks(_ object: [String: JSONValue]?) throws(Problem) -> SmartLink.Fallbacks {
        guard let object else { return SmartLink.Fallbacks() }
        let reader = FieldReader(object, context: "fallbacks")
        try reader.onlyKeys(["ios", "android", "web"])
        var result = SmartLink.Fallbacks()
        for key in ["ios", "android", "web"] {
            guard let url = try reader.string(key) else { continue }
            if let refusal = service.fallbacks.refusal(for: url) {
                throw Problem.invalid("fallback-refused", "Fallback URL refused", "fallbacks.\(key): \(refusal)")
            }
            switch key {
            case "ios": result.ios = url
            case "android": result.android = url
            default: result.web = url
            }
        }
        return result
    }

    func readPreview(_ object: [String: JSONValue]?) throws(Problem) -> SmartLink.Preview {
        guard let object else { return SmartLink.Preview() }
        let reader = FieldReader(object, context: "preview")
        try reader.onlyKeys(["title", "description", "image"])
        // The image URL is checked with the other rules, in LinkRules.
        let image = try reader.string("image")
        return SmartLink.Preview(title: try reader.string("title", maxLength: 512),
                                 description: try reader.string("description", maxLength: 2048), image: image)
    }

    func list(_ request: Request, context: ServiceRequestContext) async throws -> Response {
        let team = try context.team
        let limits = service.configuration.limits
        var limit = limits.defaultPageSize
        if let text = request.uri.queryParameters["limit"] {
            guard let value = Int(String(text)), (1...limits.maximumPageSize).contains(value) else {
                throw Problem.invalid("invalid-query", "Invalid query parameter",
                                      "'limit' must be an integer from 1 to \(limits.maximumPageSize)")
            }
            limit = value
        }
        let cursor = request.uri.queryParameters["cursor"].map(String.init)
        if let cursor, cursor.isEmpty || cursor.utf8.count > 256 {
            throw Problem.invalid("invalid-query", "Invalid query parameter", "'cursor' is not a cursor this service gave out")
        }
        let page = try await service.storage { try await service.store.list(team: team, limit: limit, cursor: cursor) }
        let items = page.links.map { LinkJSON.link($0, service: service).serialized() }
        let next = LinkJSON.optional(page.nextCursor).serialized()
        return Responses.json(#"{"links":["# + items.joined(separator: ",") + #"],"nextCursor":"# + next + "}")
    }

    /// The team's live link with this code, or 404.
    func ownedLink(_ code: String, team: String) async throws -> SmartLink {
        guard LinkCodes.isPlausible(code),
              let link = try await service.storage({ try await service.store.link(code: code) }),
              link.team == team, link.deletedAt == nil else { throw Problem.linkNotFound(code) }
        return link
    }

    func inspect(_ request: Request, context: ServiceRequestContext) async throws -> Response {
        let team = try context.team
        let code = try context.parameters.require("code")
        let link = try await ownedLink(code, team: team)
        let clicks = try await service.storage { try await service.store.clickCounts(code: code) }
        return Responses.json(LinkJSON.link(link, service: service, clicks: clicks))
    }

    func update(_ request: Request, context: ServiceRequestContext) async throws -> Response {
        let team = try context.team
        let code = try context.parameters.require("code")
        let fields = FieldReader(try await JSONBody.object(request, context: context, limit: service.configuration.limits.maximumBodySize))
        try fields.onlyKeys(["fallbacks"])
        guard let object = try fields.object("fallbacks") else { throw Problem.malformed("'fallbacks' is required") }
        let fallbacks = try readFallbacks(object)
        guard LinkCodes.isPlausible(code),
              let link = try await service.storage({ try await service.store.updateFallbacks(code: code, team: team, fallbacks: fallbacks) })
        else { throw Problem.linkNotFound(code) }
        service.openCache.evict(code: code)
        context.logger.info("link fallbacks updated", metadata: ["code": "\(code)", "team": "\(team)"])
        return Responses.json(LinkJSON.link(link, service: service))
    }

    func delete(_ request: Request, context: ServiceRequestContext) async throws -> Response {
        let team = try context.team
        let code = try context.parameters.require("code")
        guard LinkCodes.isPlausible(code),
              try await service.storage({ try await service.store.delete(code: code, team: team, at: service.now()) })
        else { throw Problem.linkNotFound(code) }
        service.openCache.evict(code: code)
        context.logger.info("link deleted", metadata: ["code": "\(code)", "team": "\(team)"])
        return Response(status: .noContent, headers: [.cacheControl: "no-store"])
    }
}
