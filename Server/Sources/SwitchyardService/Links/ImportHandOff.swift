import Foundation
import Synchronization
import SwitchyardStore

/// What an import made through the service hands its batches to, as a link created one at a time
/// would be: the team's create limit (one token per new link) and the `link.created` event of each
/// link written (one event per link, as the API's creations send).
///
/// Links already stored under their code spend nothing (running a file again finishes an import
/// that met the limit). Once the limit refuses a link, every later new link of the import is
/// refused too, with the seconds until the team may create again, and none of them is written.
final class ImportHandOff: Sendable {
    /// Spends one create token: nil when the link may be written, else the seconds until a token is back.
    let spend: @Sendable () async throws -> Int?
    /// The outbox rows of a link written.
    let created: WebhookDeliveries?
    private let refusedFor = Mutex<Int?>(nil)

    init(spend: @escaping @Sendable () async throws -> Int?, created: WebhookDeliveries?) {
        self.spend = spend
        self.created = created
    }

    /// The links of a batch that may be written, and the reason each of the others may not.
    func admit(_ links: [SmartLink], store: any LinkStore) async throws -> (links: [SmartLink], refused: [String: String]) {
        let stored = Set(try await store.links(codes: links.map(\.code)).map(\.code))
        var admitted: [SmartLink] = []
        var refused: [String: String] = [:]
        for link in links {
            if !stored.contains(link.code) {
                var seconds = refusedFor.withLock { $0 }
                if seconds == nil, let wait = try await spend() {
                    refusedFor.withLock { $0 = wait }
                    seconds = wait
                }
                if let seconds {
                    refused[link.code] = "over the team's create rate: import the file again in \(seconds) s to import the rest "
                        + "(links already imported count as already there)"
                    continue
                }
            }
            admitted.append(link)
        }
        return (admitted, refused)
    }
}

extension LinkService {
    /// The hand-off of an import for `team`: its create rate and `link.created` events.
    func importHandOff(team: String) -> ImportHandOff {
        let service = self
        let spend: @Sendable () async throws -> Int? = {
            guard let seconds = try await service.limiter.spend(.create, caller: "team:" + team, at: service.now()) else { return nil }
            service.metrics.rateLimited(RateLimiter.Operation.create.rawValue)
            return seconds
        }
        let created: WebhookDeliveries = { link in service.createdDeliveries(link, urls: service.deepLinkURLs(link)) }
        return ImportHandOff(spend: spend, created: webhookSubscriptions.anySubscribes(to: .linkCreated) ? created : nil)
    }
}
