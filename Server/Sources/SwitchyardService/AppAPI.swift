import Hummingbird
import Switchyard
import SwitchyardStore

/// The app's endpoints, with the app key: resolve a link to its deep link, and redeem its
/// metadata atomically. Metadata is only ever served here.
struct AppAPI: Sendable {
    let service: LinkService

    func register(on router: Hummingbird.Router<ServiceRequestContext>) {
        router.get("api/v1/links/:code/resolve") { request, context in try await resolve(request, context: context) }
        router.post("api/v1/links/:code/redeem") { request, context in try await redeem(request, context: context) }
    }

    func resolve(_ request: Request, context: ServiceRequestContext) async throws -> Response {
        try service.checkAppKey(request.headers[.authorization])
        let code = try context.parameters.require("code")
        guard LinkCodes.isPlausible(code), let link = try await service.storage({ try await service.store.link(code: code) }) else {
            throw Problem.linkNotFound(code)
        }
        guard !link.isGone(at: service.now()) else { throw Problem.linkGone(code) }
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
        return Responses.json(object)
    }

    func redeem(_ request: Request, context: ServiceRequestContext) async throws -> Response {
        try service.checkAppKeyRedeeming(request.headers[.authorization])
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
