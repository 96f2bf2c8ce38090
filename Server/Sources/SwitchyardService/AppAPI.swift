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

    func resolve(_ request: Request, context: ServiceRequestContext) async throws -> Resolution {
        try await service.spendPerClient(.resolve, request: request, context: context)
        let code = try context.parameters.require("code")
        guard LinkCodes.isPlausible(code), let link = try await service.storage({ try await service.store.link(code: code) }) else {
            throw Problem.linkNotFound(code)
        }
        guard !link.isGone(at: service.now()) else { throw Problem.linkGone(code) }
        return Resolution(link, service: service)
    }

    /// `POST /api/v1/deferred/claim`: the link this device opened before installing the app, by
    /// heuristic matching (opt-in: with no window every claim is 404). Body:
    /// ``DeferredClaimRequest``; the client's address comes from the connection. A match is consumed.
    func claim(_ request: Request, context: ServiceRequestContext) async throws -> Resolution {
        try await service.spendPerClient(.claim, request: request, context: context)
        let claim = try await request.decode(as: DeferredClaimRequest.self, context: context)
        guard let deferred = service.deferred else {
            service.metrics.deferredClaim(matched: false)
            throw Self.noMatch
        }
        let signals = DeferredMatching.Signals(platform: claim.platform,
                                               osVersion: DeferredMatching.normalizedVersion(claim.osVersion[...]) ?? claim.osVersion,
                                               language: DeferredMatching.normalizedLanguage(claim.language ?? ""),
                                               address: service.clientAddress(request, context: context))
        let now = service.now()
        let code = try await service.storage { try await service.store.claimOpen(fingerprint: deferred.fingerprint(signals), now: now) }
        guard let code, let link = try await service.storage({ try await service.store.link(code: code) }), !link.isGone(at: now) else {
            service.metrics.deferredClaim(matched: false)
            throw Self.noMatch
        }
        service.metrics.deferredClaim(matched: true)
        context.logger.info("deferred link claimed", metadata: ["code": "\(code)"])
        return Resolution(link, service: service)
    }

    static let noMatch = Problem(.notFound, kind: "no-deferred-match", title: "No deferred link",
                                 detail: "no link opened on this device is waiting to be claimed")

    func redeem(_ request: Request, context: ServiceRequestContext) async throws -> Redemption {
        try await service.spendPerClient(.redeem, request: request, context: context)
        let code = try context.parameters.require("code")
        guard LinkCodes.isPlausible(code) else { throw Problem.linkNotFound(code) }
        switch try await service.storage({ try await service.store.redeem(code: code, at: service.now()) }) {
        case .redeemed(let link):
            context.logger.info("link redeemed", metadata: ["code": "\(code)", "count": "\(link.redeemCount)"])
            return Redemption(link)
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
