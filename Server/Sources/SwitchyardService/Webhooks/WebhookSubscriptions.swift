import Synchronization
import SwitchyardStore

/// The webhooks this instance knows, by team, in memory: the writes that report events ask it
/// which webhooks subscribe, without reading the database. The dispatcher reads them again every
/// ``WebhookSettings/refreshInterval`` (other instances' changes); this instance's own creations
/// and deletions apply at once.
///
/// A read of the store can be overtaken by this instance's own changes: a refresh that read the
/// table just before a webhook was inserted would otherwise drop it again, and the events written
/// until the next refresh would reach no one. So each local change is numbered, a refresh takes a
/// ``Mark`` before it reads, and ``replace(with:readAfter:)`` applies again the changes made after
/// that mark (each is recorded once its store write committed, so a read that began after it sees it).
final class WebhookSubscriptions: Sendable {
    /// Where the local changes stood when a read of the store began.
    struct Mark: Sendable {
        fileprivate let change: Int
    }

    private enum Change: Sendable {
        case added(Webhook)
        case removed(id: String, team: String)
    }

    private struct Snapshot: Sendable {
        var byTeam: [String: [Webhook]] = [:]
        var types: Set<WebhookEventType> = []

        mutating func apply(_ change: Change) {
            switch change {
            case .added(let webhook):
                byTeam[webhook.team, default: []].removeAll { $0.id == webhook.id }
                byTeam[webhook.team, default: []].append(webhook)
                types.formUnion(webhook.events)
            case .removed(let id, let team):
                byTeam[team]?.removeAll { $0.id == id }
            }
        }
    }

    private struct State: Sendable {
        var snapshot = Snapshot()
        /// How many local changes were made.
        var changeCount = 0
        /// The local changes a read in flight may not have seen, numbered.
        var recent: [(number: Int, change: Change)] = []

        mutating func record(_ change: Change) {
            changeCount += 1
            recent.append((changeCount, change))
            snapshot.apply(change)
        }
    }

    private let state = Mutex(State())

    init() {}

    /// Taken before reading the store for ``replace(with:readAfter:)``.
    func mark() -> Mark {
        state.withLock { Mark(change: $0.changeCount) }
    }

    /// Replaces every subscription with what the store held when it was read after `mark`, with
    /// this instance's changes made since then applied on top.
    func replace(with webhooks: [Webhook], readAfter mark: Mark) {
        state.withLock { state in
            var next = Snapshot()
            for webhook in webhooks { next.apply(.added(webhook)) }
            state.recent.removeAll { $0.number <= mark.change }
            for (_, change) in state.recent { next.apply(change) }
            state.snapshot = next
        }
    }

    /// Adds one (created on this instance, once its row is written).
    func add(_ webhook: Webhook) {
        state.withLock { $0.record(.added(webhook)) }
    }

    /// Removes one (deleted on this instance, once its row is deleted).
    func remove(id: String, team: String) {
        state.withLock { $0.record(.removed(id: id, team: team)) }
    }

    /// Whether any team's webhook subscribes to `type` (false: the writes of such events add no
    /// outbox rows and no work).
    func anySubscribes(to type: WebhookEventType) -> Bool {
        state.withLock { $0.snapshot.types.contains(type) }
    }

    /// Whether one of the team's webhooks subscribes to `type`.
    func anySubscriber(team: String, type: WebhookEventType) -> Bool {
        state.withLock { $0.snapshot.byTeam[team]?.contains { $0.events.contains(type) } ?? false }
    }

    /// The team's webhooks subscribed to `type`.
    func subscribers(team: String, type: WebhookEventType) -> [Webhook] {
        state.withLock { $0.snapshot.byTeam[team]?.filter { $0.events.contains(type) } ?? [] }
    }
}
