import Foundation
import Logging
import ServiceLifecycle
import Switchyard
import SwitchyardRules
import SwitchyardStore

/// `link.variant_decided`'s data.
struct VariantDecidedEventData: Encodable {
    var code: String
    /// The host of the link's domain.
    var domain: String
    /// The winning variant's index.
    var winner: Int
    /// `appOpens` or `redeems`.
    var decideBy: String
    /// Each variant's count of `decideBy`, in order.
    var counts: [Int]
    /// The winner's target: `{"url"}` or `{"route", "parameters"}`.
    var target: JSONValue
}

/// Decides the A/B tests whose end has passed, every sweep interval: the variant with the most
/// app opens (resolves and first opens) or redeems — the earlier one on a tie — becomes the link's
/// target (a route variant's route becomes the link's; a URL variant's URL is where the link then
/// sends everyone), recorded in the audit log (`link.variant_decided`, by `switchyard`) and sent
/// as the `link.variant_decided` webhook in the same transaction. Of several instances, one
/// decides each test (the store writes only an undecided one).
struct VariantDecider: Service {
    let service: LinkService
    let interval: Duration
    let logger: Logger
    /// Counts each finished pass (a test hook).
    var passes: BackgroundPasses?

    func run() async throws {
        await repeatUntilShutdown(every: interval) {
            await decideEnded()
            passes?.count(.variantDecision)
        }
    }

    /// Decides every test that has ended, 100 at a time; failures are logged and tried again next pass.
    func decideEnded() async {
        do {
            // The counts still in memory are written first, so that the last hour of a test counts.
            await service.recorder.flush()
            for _ in 0..<100 {
                let ended = try await service.store.linksDecidingVariants(by: service.now(), limit: 100)
                for link in ended {
                    if let decided = try await service.decideTest(of: link) {
                        logger.info("A/B test decided", metadata: ["code": "\(decided.code)",
                                                                   "winner": "\(decided.content.variants?.winner ?? -1)"])
                    }
                }
                if ended.count < 100 { break }
            }
        } catch {
            logger.warning("could not decide ended A/B tests", metadata: ["error": "\(error)"])
        }
    }
}

extension LinkService {
    /// Decides `link`'s ended test: its winner, the link's new route for a route winner, the
    /// audit entry and the webhook, written once. Nil when another instance decided it first.
    func decideTest(of link: SmartLink) async throws -> SmartLink? {
        guard var test = link.content.variants, test.winner == nil else { return nil }
        let figures = try await variantFigures(test, key: link.code)
        let counts = figures.map { $0.count(of: test.decideBy) }
        let winner = LinkVariants.winner(of: counts)
        test.winner = winner
        test.decidedAt = now()
        var route: LinkRouteChange?
        if case .route(let name, let parameters) = test.variants[winner].target,
           let built = try? builder.target(route: name, parameters: parameters) {
            route = LinkRouteChange(route: built.route, routeName: built.routeName, routeParameters: parameters)
        }
        let (domain, code) = webhookEvents.address(link.code)
        let detail = "variant \(winner) of \(counts.count) by \(test.decideBy.rawValue): " + counts.map(String.init).joined(separator: ", ")
        let audit = AuditEntry(team: link.team, at: now(), keyName: "switchyard", role: "service", address: "",
                               action: "link.variant_decided", target: link.code, detail: detail)
        let webhooks = webhookEvents.deliveries(.linkVariantDecided, team: link.team, data: VariantDecidedEventData(
            code: code, domain: domain, winner: winner, decideBy: test.decideBy.rawValue, counts: counts,
            target: test.variants[winner].target.json))
        let decided = try await store.decideVariants(code: link.code, decided: test, route: route, audit: audit, webhooks: webhooks)
        if decided != nil { openCache.evict(code: link.code) }
        return decided
    }
}
