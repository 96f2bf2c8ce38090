import HTTPTypes
import Hummingbird
import Switchyard
import SwitchyardStore

/// The app's endpoints, with the app key: resolve a link to its deep link, redeem its metadata
/// atomically, and claim a deferred link. Metadata is only ever served here, and only on an exact
/// match: the app key ships in every copy of the app, so each endpoint is limited per client
/// address and a heuristic match never hands out a code, metadata or a redemption. An app key
/// reaches only its team's links: another team's code answers 404, as if it did not exist.
struct AppAPI: Sendable {
    let service: LinkService

    /// The routes, under `api/v1`.
    var routes: ServiceRoutes {
        let app = service.keyedRoutes()
        app.get("links/:code/resolve") { request, context in try await resolve(request, context: context) }
        app.post("links/:code/redeem") { request, context in try await redeem(request, context: context) }
        app.post("deferred/claim") { request, context in try await claim(request, context: context) }
        return app
    }

    /// `GET /api/v1/links/{code}/resolve`: the code arrived, so the match is exact; a redeem-limited
    /// link says whether it is redeemable and how many redemptions remain, not its metadata. A link
    /// whose proof applies to `resolve` hands its metadata only to an attested install
    /// (``InstallProofCheck/provesResolve(of:request:context:)``); otherwise the metadata is null,
    /// and `attestKeyUnknown` says when the key the request named is one the service does not know.
    func resolve(_ request: Request, context: ServiceRequestContext) async throws -> Resolution {
        try await service.spendPerClient(.resolve, request: request, context: context)
        let code = try service.linkKey(code: context.parameters.require("code"), request: request, team: nil)
        let release = try AppVersionGate.release(of: request)
        let live = try await liveLink(code, context: context)
        try await service.checkAppPassword(of: live, request: request, context: context)
        // The link's rules decide for the app as for a browser: a route rule answers its route, a URL rule says where to go.
        let platform = UserAgent.appPlatform(request.headers[.userAgent])
        var (link, rule, redirect) = service.ruled(live, request: request, context: context, platform: platform)
        // An A/B test decides for the app when no rule did: the install's variant (a decided test's winner).
        var variant: Int?
        if rule == nil, let test = live.content.variants {
            let index = test.winner ?? service.appVariant(test, key: live.code, request: request)
            (link, redirect) = service.variantLink(live, test: test, index: index)
            variant = index
        }
        // Metadata the link serves only to an attested install is withheld without that proof.
        let proof = link.redeemLimit == nil && link.metadata != nil && service.configuration.attest.demands(.resolve, of: link)
            ? try await InstallProofCheck(service: service).provesResolve(of: link, request: request, context: context)
            : nil
        // The SDK's second resolve after `attestKeyUnknown` says so: the open was counted by the first.
        if request.headers[Self.retryHeader] != Self.attestKeyUnknownRetry {
            service.recorder.events.count(.appOpen, code: link.code, platform: platform, at: service.now())
            service.countVariant(.appOpen, key: live.code, variant: variant, test: live.content.variants, platform: platform, at: service.now())
        }
        var resolution = Resolution(link, match: .exact, service: service, release: release,
                                    withholdingMetadata: proof.map { $0 != .proved } ?? false, attestKeyUnknown: proof == .keyUnknown)
        resolution.rule = rule
        resolution.redirect = redirect
        resolution.variant = variant
        return resolution
    }

    /// `Switchyard-Retry`: why a request repeats one the service answered. With
    /// ``attestKeyUnknownRetry`` a resolve is the app's second one after `attestKeyUnknown`, and is
    /// not counted as another app open (an app that lies about it only goes uncounted).
    static let retryHeader = HTTPField.Name("Switchyard-Retry")!
    /// The value of ``retryHeader`` on a resolve made again after `attestKeyUnknown`.
    static let attestKeyUnknownRetry = "attest-key-unknown"

    /// `POST /api/v1/deferred/claim`: the link this device opened before installing the app.
    ///
    /// With a `code` (Android's install referrer, a copied short link) the claim is exact: the
    /// link itself, as `resolve` answers it, and this device's remembered opens of it are
    /// consumed. Without one it is heuristic (opt-in: with no window every such claim is 404): a
    /// device's remembered open of a link whose ``SmartLink/deferredMatch`` is `any` is consumed
    /// and answered with the route and parameters only; a link that demands an exact match stays
    /// remembered for an exact claim, and the answer is 404. Every claim spends the client's claim
    /// rate, matched or not. An app too old for the matched link (its `Switchyard-App-Version`)
    /// gets `appTooOld` with the fallback, and the match is consumed all the same: the device has
    /// the app now, and the answer tells it to update.
    func claim(_ request: Request, context: ServiceRequestContext) async throws -> Resolution {
        try await service.spendPerClient(.claim, request: request, context: context)
        let claim = try await request.decode(as: DeferredClaimRequest.self, context: context)
        let release = try AppVersionGate.release(of: request)
        let now = service.now()
        let fingerprint = service.deferred.map { $0.fingerprint(signals(of: claim, request: request, context: context)) }
        if let given = claim.code {
            // Android's install referrer names the open's choice too (`code~v1`): the link as it chose.
            let (code, choice) = OpenChoice.split(given)
            let stored = try await liveLink(code, context: context)
            let link = service.chosen(stored, choice: choice)
            if let fingerprint {
                let remembered = choice.map { $0.code(stored.code) } ?? stored.code
                _ = try await service.storage {
                    try await service.store.consumeOpens(fingerprint: fingerprint, code: remembered, now: now,
                                                         webhooks: service.webhookEvents.claimed(match: "exact")?(stored) ?? [])
                }
            } else if let deliveries = service.webhookEvents.claimed(match: "exact")?(link), !deliveries.isEmpty {
                try await service.storage { try await service.store.enqueueWebhookDeliveries(deliveries) }
            }
            service.metrics.deferredClaim(matched: true)
            let platform = Click.Platform(rawValue: claim.platform) ?? .other
            service.recorder.events.count(.firstOpen, code: stored.code, platform: platform, at: now)
            if case .variant(let index)? = choice {
                service.countVariant(.firstOpen, key: stored.code, variant: index, test: stored.content.variants, platform: platform, at: now)
            }
            context.logger.info("deferred link claimed", metadata: ["code": "\(stored.code)", "match": "exact"])
            // A claim carries no assertion: metadata kept for attested resolves is withheld.
            var resolution = Resolution(link, match: .exact, service: service, release: release,
                                        withholdingMetadata: service.configuration.attest.demands(.resolve, of: stored))
            resolution.choose(choice, of: stored, rules: service.effectiveRules(stored))
            return resolution
        }
        guard let fingerprint else {
            service.metrics.deferredClaim(matched: false)
            throw Self.noMatch
        }
        let code = try await service.storage {
            try await service.store.claimOpen(fingerprint: fingerprint, now: now, webhooks: service.webhookEvents.claimed(match: "heuristic"))
        }
        // The store hands out only opens of links that allow a heuristic match; the link is read
        // again here, and one that demands an exact match is never answered.
        let (key, choice) = code.map(OpenChoice.split) ?? ("", nil)
        guard let code, let stored = try await service.storage({ try await service.store.link(code: key) }),
              !stored.isGone(at: now), stored.deferredMatch == .any, context.caller?.reaches(stored) == true else {
            service.metrics.deferredClaim(matched: false)
            throw Self.noMatch
        }
        service.metrics.deferredClaim(matched: true)
        // The open's choice: the route its rule (or variant) chose, as the click did.
        let link = service.chosen(stored, choice: choice)
        let platform = Click.Platform(rawValue: claim.platform) ?? .other
        service.recorder.events.count(.firstOpen, code: key, platform: platform, at: now)
        if case .variant(let index)? = choice {
            service.countVariant(.firstOpen, key: key, variant: index, test: stored.content.variants, platform: platform, at: now)
        }
        context.logger.info("deferred link claimed", metadata: ["code": "\(code)", "match": "heuristic"])
        var resolution = Resolution(link, match: .heuristic, service: service, release: release)
        resolution.choose(choice, of: stored, rules: service.effectiveRules(stored))
        return resolution
    }

    /// The coarse signals of a claiming device, normalized as an open's are.
    private func signals(of claim: DeferredClaimRequest, request: Request, context: ServiceRequestContext) -> DeferredMatching.Signals {
        DeferredMatching.Signals(platform: claim.platform,
                                 osVersion: DeferredMatching.normalizedVersion(claim.osVersion[...]) ?? claim.osVersion,
                                 language: DeferredMatching.normalizedLanguage(claim.language ?? ""),
                                 address: service.clientAddress(request, context: context))
    }

    static let noMatch = Problem(.notFound, kind: "no-deferred-match", title: "No deferred link",
                                 detail: "no link opened on this device is waiting to be claimed")

    /// `POST /api/v1/links/{code}/redeem` with `{"install": "..."}`: spends one redemption for this
    /// install, or — when this install redeemed the link before — answers the same metadata again
    /// without spending (`replayed`), so a retry is safe. An app too old for the link (its
    /// `Switchyard-App-Version`) is refused with 409 `app-too-old` and spends nothing. The install
    /// proves itself first as the link's policy asks (``InstallProofCheck``).
    func redeem(_ request: Request, context: ServiceRequestContext) async throws -> Redemption {
        try await service.spendPerClient(.redeem, request: request, context: context)
        let code = try service.linkKey(code: context.parameters.require("code"), request: request, team: nil)
        let body = try await request.decode(as: RedeemRequest.self, context: context)
        // An app key of one team redeems only that team's links: another team's is not found.
        if context.caller?.teamOnly != false {
            let link = try await service.storage { try await service.store.link(code: code) }
            guard let link, context.caller?.reaches(link) == true else { throw Problem.linkNotFound(code) }
        }
        if let release = try AppVersionGate.release(of: request),
           let tooOld = AppVersionGate.check(try await liveLink(code, context: context), release: release, in: service.table) {
            throw Problem(.conflict, kind: "app-too-old", title: "App too old",
                          detail: "link '\(code)' cannot be redeemed by this app: \(tooOld.reason); nothing was spent "
                            + "(resolve answers the fallback)")
        }
        let live = try await liveLink(code, context: context)
        try await service.checkAppPassword(of: live, request: request, context: context)
        let spread = try await InstallProofCheck(service: service).spread(
            for: live, install: body.install, request: request, context: context)
        switch try await service.storage({
            try await service.store.redeem(code: code, install: body.install, at: service.now(), spread: spread,
                                           webhooks: service.webhookEvents.redeemed(install: body.install))
        }) {
        case .redeemed(let link):
            let platform = UserAgent.appPlatform(request.headers[.userAgent])
            service.recorder.events.count(.redeem, code: link.code, platform: platform, at: service.now())
            // A redeem counts for the variant its install resolves to.
            if let test = link.content.variants, test.winner == nil {
                service.countVariant(.redeem, key: link.code, variant: VariantChoice.installVariant(test, key: link.code, install: body.install),
                                     test: test, platform: platform, at: service.now())
            }
            context.logger.info("link redeemed", metadata: ["code": "\(code)", "count": "\(link.redeemCount)"])
            return Redemption(link, replayed: false)
        case .alreadyRedeemed(let link):
            return Redemption(link, replayed: true)
        case .exhausted:
            throw Problem(.conflict, kind: "redeem-limit-reached", title: "Redeem limit reached",
                          detail: "link '\(code)' has been redeemed as many times as its limit allows")
        case .gone:
            throw Problem.linkGone(code)
        case .notFound:
            throw Problem.linkNotFound(code)
        case .unprovedLimitReached:
            let limit = service.configuration.attest.unprovedRedeemsPerLink ?? 0
            throw Problem(.forbidden, kind: "install-proof-required", title: "Attested install required",
                          detail: "link '\(code)' has given the \(limit) redemptions it allows installs without App Attest: attest a key with POST /api/v1/attest, then send Switchyard-Attest-Key and Switchyard-Assertion with the redeem")
        case .tooManyInstalls:
            throw Problem(.tooManyRequests, kind: "too-many-installs", title: "Too many installs from this address",
                          detail: "link '\(code)' was redeemed by as many installs from this address as an hour allows; an attested install is not limited",
                          headers: [.retryAfter: "3600"])
        }
    }

    /// The live link with this code of the app key's team: 404 when there is none (or it is
    /// another team's), 410 when it is gone.
    private func liveLink(_ code: String, context: ServiceRequestContext) async throws -> SmartLink {
        guard LinkCodes.isPlausibleKey(code), let link = try await service.storage({ try await service.store.link(code: code) }),
              context.caller?.reaches(link) == true else {
            throw Problem.linkNotFound(LinkKey.split(code).code)
        }
        guard !link.isGone(at: service.now()) else { throw Problem.linkGone(link.shortCode) }
        // Before it starts, as if it did not exist yet.
        guard !link.content.isNotYetValid(at: service.now()) else { throw Problem.linkNotFound(link.shortCode) }
        return link
    }
}
