import Synchronization
import SwitchyardStore

/// The webhooks this instance knows, by team, in memory: the writes that report events ask it
/// which webhooks subscribe, without reading the database. The dispatcher reads them again every
/// ``WebhookSettings/refreshInterval`` (other instances' changes); this instance's own creations
/// and deletions apply at once.
final class WebhookSubscriptions: Sendable {
    private struct Snapshot: Sendable {
        var byTeam: [String: [Webhook]] = [:]
        var types: Set<WebhookEventType> = []
    }

    private let snapshot = Mutex(Snapshot())

    init() {}

    /// Replaces every subscription with what the store holds.
    func replace(with webhooks: [Webhook]) {
        var next = Snapshot()
        for webhook in webhooks {
            next.byTeam[webhook.team, default: []].append(webhook)
            next.types.formUnion(webhook.events)
        }
        snapshot.withLock { $0 = next }
    }

    /// Adds one (created on this instance).
    func add(_ webhook: Webhook) {
        snapshot.withLock { snapshot in
            snapshot.byTeam[webhook.team, default: []].append(webhook)
            snapshot.types.formUnion(webhook.events)
        }
    }

    /// Removes one (deleted on this instance).
    func remove(id: String, team: String) {
        snapshot.withLock { $0.byTeam[team]?.removeAll { $0.id == id } }
    }

    /// Whether any team's webhook subscribes to `type` (false: the writes of such events add no
    /// outbox rows and no work).
    func anySubscribes(to type: WebhookEventType) -> Bool {
        snapshot.withLock { $0.types.contains(type) }
    }

    /// Whether one of the team's webhooks subscribes to `type`.
    func anySubscriber(team: String, type: WebhookEventType) -> Bool {
        snapshot.withLock { $0.byTeam[team]?.contains { $0.events.contains(type) } ?? false }
    }

    /// The team's webhooks subscribed to `type`.
    func subscribers(team: String, type: WebhookEventType) -> [Webhook] {
        snapshot.withLock { $0.byTeam[team]?.filter { $0.events.contains(type) } ?? [] }
    }
}
