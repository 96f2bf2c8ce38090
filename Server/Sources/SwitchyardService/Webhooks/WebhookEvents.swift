import Foundation
import SwitchyardStore

/// An event as it is POSTed: `{"id", "type", "createdAt", "data"}`.
struct WebhookEventBody<Payload: Encodable>: Encodable {
    /// `evt_` and random letters: the same for every webhook it goes to and every retry, so a
    /// receiver drops duplicates by it.
    var id: String
    var type: String
    /// ISO 8601 with milliseconds.
    var createdAt: String
    var data: Payload
}

/// `link.redeemed`'s data.
struct RedeemedEventData: Encodable {
    var code: String
    var install: String
    var redeemCount: Int
    var redeemLimit: Int?
}

/// `link.claimed`'s data.
struct ClaimedEventData: Encodable {
    var code: String
    /// `exact` or `heuristic`.
    var match: String
}

/// `link.clicked`'s data: one link's clicks in one batch the service wrote.
struct ClickedEventData: Encodable {
    var code: String
    /// Clicks in this event.
    var count: Int
    /// Of them, per platform (platforms without clicks absent).
    var platforms: [String: Int]
    var firstClickAt: String
    var lastClickAt: String
}

/// Makes events' outbox rows from the subscriptions this instance knows.
struct WebhookEventMaker: Sendable {
    let subscriptions: WebhookSubscriptions
    let now: @Sendable () -> Date

    /// The outbox rows of one event about a link of `team`: one per webhook of the team that
    /// subscribes to `type` (none, and no encoding, when none does).
    func deliveries(_ type: WebhookEventType, team: String, data: some Encodable) -> [WebhookDelivery.New] {
        let subscribers = subscriptions.subscribers(team: team, type: type)
        guard !subscribers.isEmpty else { return [] }
        let at = now()
        let event = WebhookEventBody(id: "evt_" + LinkCodes.generate(length: 24), type: type.rawValue,
                                     createdAt: APIDates.text(at), data: data)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let body = try? String(decoding: encoder.encode(event), as: UTF8.self) else { return [] }
        return subscribers.map { WebhookDelivery.New(webhookID: $0.id, eventID: event.id, type: type, body: body, createdAt: at) }
    }

    /// `link.redeemed`, made from the link as spent; nil when nothing subscribes.
    func redeemed(install: String) -> WebhookDeliveries? {
        guard subscriptions.anySubscribes(to: .linkRedeemed) else { return nil }
        return { link in
            deliveries(.linkRedeemed, team: link.team, data: RedeemedEventData(
                code: link.code, install: install, redeemCount: link.redeemCount, redeemLimit: link.redeemLimit))
        }
    }

    /// `link.claimed` of a link claimed with `match` (`exact` or `heuristic`); nil when nothing subscribes.
    func claimed(match: String) -> WebhookDeliveries? {
        guard subscriptions.anySubscribes(to: .linkClaimed) else { return nil }
        return { link in deliveries(.linkClaimed, team: link.team, data: ClaimedEventData(code: link.code, match: match)) }
    }

    /// `link.clicked`: one event per link per click batch (a burst of clicks costs one outbox row
    /// per link and webhook, not one per click); nil when nothing subscribes.
    func clicked() -> WebhookClickDeliveries? {
        guard subscriptions.anySubscribes(to: .linkClicked) else { return nil }
        return { link, clicks in
            guard !clicks.isEmpty else { return [] }
            var platforms: [String: Int] = [:]
            for click in clicks { platforms[click.platform.rawValue, default: 0] += 1 }
            let times = clicks.map(\.at)
            return deliveries(.linkClicked, team: link.team, data: ClickedEventData(
                code: link.code, count: clicks.count, platforms: platforms,
                firstClickAt: APIDates.text(times.min() ?? now()), lastClickAt: APIDates.text(times.max() ?? now())))
        }
    }
}

extension LinkService {
    /// Events' outbox rows, from this instance's subscriptions.
    var webhookEvents: WebhookEventMaker { WebhookEventMaker(subscriptions: webhookSubscriptions, now: now) }

    /// `link.created`: the link as the API shows it.
    func createdDeliveries(_ link: SmartLink) -> [WebhookDelivery.New] {
        guard webhookSubscriptions.anySubscribes(to: .linkCreated) else { return [] }
        return webhookEvents.deliveries(.linkCreated, team: link.team, data: LinkResponse(link, service: self))
    }
}
