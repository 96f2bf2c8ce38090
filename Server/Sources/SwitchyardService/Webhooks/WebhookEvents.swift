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
    /// The host of the link's domain.
    var domain: String
    var install: String
    var redeemCount: Int
    var redeemLimit: Int?
}

/// `link.claimed`'s data.
struct ClaimedEventData: Encodable {
    var code: String
    /// The host of the link's domain.
    var domain: String
    /// `exact` or `heuristic`.
    var match: String
}

/// `link.clicked`'s data: a team's clicks in one batch the click writer wrote (at most
/// ``ServiceConfiguration/Limits/clickBatchSize`` clicks, about a second's worth), per link.
struct ClickedEventData: Encodable {
    /// One link's clicks.
    struct LinkClicks: Encodable {
        var code: String
        /// The host of the link's domain.
        var domain: String
        var count: Int
        /// Of them, people's (robots' left out; repeats included).
        var humanCount: Int
        /// Of them, people's first within the hour (from one address and user agent).
        var uniqueCount: Int
        /// Of them, per platform (platforms without clicks absent).
        var platforms: [String: Int]
    }

    /// Clicks in this event (every click: a robot's too).
    var count: Int
    /// Of them, people's.
    var humanCount: Int
    /// Of them, people's first within the hour.
    var uniqueCount: Int
    /// By link, in order of domain and code.
    var links: [LinkClicks]
    var firstClickAt: String
    var lastClickAt: String
}

/// Makes events' outbox rows from the subscriptions this instance knows.
struct WebhookEventMaker: Sendable {
    let subscriptions: WebhookSubscriptions
    /// The bootstrap domain's host: the domain of links kept under their bare code.
    let bootstrapHost: String
    let now: @Sendable () -> Date

    /// The domain and code of a link's store key, as the events name them.
    func address(_ key: String) -> (domain: String, code: String) {
        let (host, code) = LinkKey.split(key)
        return (host ?? bootstrapHost, code)
    }

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
            let (domain, code) = address(link.code)
            return deliveries(.linkRedeemed, team: link.team, data: RedeemedEventData(
                code: code, domain: domain, install: install, redeemCount: link.redeemCount, redeemLimit: link.redeemLimit))
        }
    }

    /// `link.claimed` of a link claimed with `match` (`exact` or `heuristic`); nil when nothing subscribes.
    func claimed(match: String) -> WebhookDeliveries? {
        guard subscriptions.anySubscribes(to: .linkClaimed) else { return nil }
        return { link in
            let (domain, code) = address(link.code)
            return deliveries(.linkClaimed, team: link.team, data: ClaimedEventData(code: code, domain: domain, match: match))
        }
    }

    /// `link.clicked`: one event per team and click batch, its clicks counted per link and
    /// platform (a burst of clicks costs one outbox row per batch and webhook, however many clicks
    /// and links it holds); nil when nothing subscribes.
    func clicked() -> WebhookClickDeliveries? {
        guard subscriptions.anySubscribes(to: .linkClicked) else { return nil }
        return { teams, clicks in
            var byTeam: [String: [Click]] = [:]
            for click in clicks {
                if let team = teams[click.code] { byTeam[team, default: []].append(click) }
            }
            return byTeam.sorted { $0.key < $1.key }.flatMap { team, clicks -> [WebhookDelivery.New] in
                guard subscriptions.anySubscriber(team: team, type: .linkClicked) else { return [] }
                var links: [String: ClickedEventData.LinkClicks] = [:]
                var first = clicks[0].at, last = clicks[0].at
                for click in clicks {
                    if links[click.code] == nil {
                        let (domain, code) = address(click.code)
                        links[click.code] = .init(code: code, domain: domain, count: 0, humanCount: 0, uniqueCount: 0, platforms: [:])
                    }
                    links[click.code]?.count += 1
                    if click.kind != .bot { links[click.code]?.humanCount += 1 }
                    if click.kind == .human { links[click.code]?.uniqueCount += 1 }
                    links[click.code]?.platforms[click.platform.rawValue, default: 0] += 1
                    first = min(first, click.at)
                    last = max(last, click.at)
                }
                return deliveries(.linkClicked, team: team, data: ClickedEventData(
                    count: clicks.count, humanCount: clicks.count { $0.kind != .bot }, uniqueCount: clicks.count { $0.kind == .human },
                    links: links.values.sorted { ($0.domain, $0.code) < ($1.domain, $1.code) },
                    firstClickAt: APIDates.text(first), lastClickAt: APIDates.text(last)))
            }
        }
    }
}

extension LinkService {
    /// Events' outbox rows, from this instance's subscriptions.
    var webhookEvents: WebhookEventMaker { WebhookEventMaker(subscriptions: webhookSubscriptions, bootstrapHost: domains.bootstrap.domain.host, now: now) }

    /// `link.created`: the link as the API shows it.
    func createdDeliveries(_ link: SmartLink, urls: DeepLinkURLs) -> [WebhookDelivery.New] {
        guard webhookSubscriptions.anySubscribes(to: .linkCreated) else { return [] }
        return webhookEvents.deliveries(.linkCreated, team: link.team, data: LinkResponse(link, service: self, urls: urls))
    }
}
