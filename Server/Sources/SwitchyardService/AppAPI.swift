import Hummingbird
import Switchyard
import SwitchyardStore

/// The app's endpoints, with the app key: resolve a link to its deep link, and redeem its
/// metadata atomically. Metadata is only ever served here.
struct AppAPI: Sendable {
    let service: LinkService

    func register(on router: Hummingbird.Router<ServiceRequestContext>) {
        let app = router.group("api/v1").add(middleware: KeyAuthentication(service: service, accepts: .app))
        app.get("links/:code/resolve") { request, context in try await resolve(request, context: context) }
        app.post("links/:code/redeem") { request, context in try await redeem(request, context: context) }
        app.post("deferred/claim") { request, context in try await claim(request, context: context) }
    }

    func resolve(_ request: Request, context: ServiceRequestContext) async throws -> Response {
        try await service.spendPerClient(.resolve, request: request, context: context)
        let code = try context.parameters.require("code")
        guard LinkCodes.isPlausible(code), let link = try await service.storage({ try await service.store.link(code: code) }) else {
            throw Problem.linkNotFound(code)
        }
        guard !link.isGone(at: service.now()) else { throw Problem.linkGone(code) }
        return Responses.json(resolution(link))
    }

    /// The body of `resolve` (and of a matched deferred claim): the deep link, its URLs, and the
    /// metadata while redemptions are left.
    func resolution(_ link: SmartLink) -> JSONObjectWriter {
        let urls = service.deepLinkURLs(link)
        var object = JSONObjectWriter()
        object["code"] = .value(.string(link.code))
        object["url"] = .value(LinkJSON.optional(urls.universal ?? urls.scheme))
        object["universalLink"] = .value(LinkJSON.optional(urls.universal))
        object["schemeURL"] = .value(LinkJSON.optional(urls.scheme))
        object["route"] = .value(.string(link.route))
        object["routeName"] = .value(LinkJSON.optional(link.routeName))
        object["routeParameters"] = .value(LinkJSON.strings(link.routeParameters))
        object["queryParameters"] = .value(LinkJSON.strings(link.queryParameters))
        object["redeemLimit"] = .value(link.redeemLimit.map { .number(Double($0)) } ?? .null)
        object["redeemCount"] = .value(.number(Double(link.redeemCount)))
        object["exhausted"] = .value(.bool(link.isExhausted))
        object["metadata"] = .value(link.isExhausted ? .null : link.metadata.map { .object($0) } ?? .null)
        return object
    }

    /// `POST /api/v1/deferred/claim`: the link this device opened before installing the app, by
    /// heuristic matching (opt-in: with no window every claim is 404). Body:
    /// `{"platform": "ios"|"android", "osVersion": "18.1", "language": "en-US"}`; the client's
    /// address comes from the connection. A match is consumed.
    func claim(_ request: Request, context: ServiceRequestContext) async throws -> Response {
        try await service.spendPerClient(.claim, request: request, context: context)
        let fields = FieldReader(try await JSONBody.object(request, context: context, limit: service.configuration.limits.maximumBodySize))
        try fields.onlyKeys(["platform", "osVersion", "language"])
        let platform = try fields.requiredString("platform")
        guard platform == "ios" || platform == "android" else {
            throw Problem.invalid("invalid-claim", "Invalid claim", "'platform' must be \"ios\" or \"android\", got '\(platform)'")
        }
        let version = try fields.requiredString("osVersion")
        guard version.count <= 32, let osVersion = DeferredMatching.normalizedVersion(version[...]),
              version.allSatisfy({ $0.isNumber || $0 == "." }) else {
            throw Problem.invalid("invalid-claim", "Invalid claim", "'osVersion' must be a version such as \"18.1\", got '\(version)'")
        }
        let language = try fields.string("language", maxLength: 64) ?? ""
        guard let deferred = service.deferred else {
            service.metrics.deferredClaim(matched: false)
            throw Self.noMatch
        }
        let signals = DeferredMatching.Signals(platform: platform, osVersion: osVersion,
                                               language: DeferredMatching.normalizedLanguage(language),
                                               address: service.clientAddress(request, context: context))
        let now = service.now()
        let code = try await service.storage { try await service.store.claimOpen(fingerprint: deferred.fingerprint(signals), now: now) }
        guard let code, let link = try await service.storage({ try await service.store.link(code: code) }), !link.isGone(at: now) else {
            service.metrics.deferredClaim(matched: false)
            throw Self.noMatch
        }
        service.metrics.deferredClaim(matched: true)
        context.logger.info("deferred link claimed", metadata: ["code": "\(code)"])
        return Responses.json(resolution(link))
    }

    static let noMatch = Problem(.notFound, kind: "no-deferred-match", title: "No deferred link",
                                 detail: "no link opened on this device is waiting to be claimed")


    func redeem(_ request: Request, context: ServiceRequestContext) async throws -> Response {
        try await service.spendPerClient(.redeem, request: request, context: context)
        let code = try context.parameters.require("code")
        guard LinkCodes.isPlausible(code) else { throw Problem.linkNotFound(code) }
        switch try await service.storage({ try await service.store.redeem(code: code, at: service.now()) }) {
        case .redeemed(let link):
            var object = JSONObjectWriter()
            object["code"] = .value(.string(link.code))
            object["metadata"] = .value(link.metadata.map { .object($0) } ?? .null)
            object["redeemCount"] = .value(.number(Double(link.redeemCount)))
            object["redeemLimit"] = .value(link.redeemLimit.map { .number(Double($0)) } ?? .null)
            object["remaining"] = .value(link.redeemLimit.map { .number(Double(max(0, $0 - link.redeemCount))) } ?? .null)
            context.logger.info("link redeemed", metadata: ["code": "\(code)", "count": "\(link.redeemCount)"])
            return Responses.json(object)
        case .exhausted:
            throw Problem(.conflict, kind: "redeem-limit-reached", title: "Redeem limit reached",
                          detail: "link '\(code)' has been redeemed as many times as its limit allows")
        case .gone:
            throw Problem.linkGone(code)
        case .notFound:
            throw Problem.linkNotFound(code)
        }
    }
}
