import Foundation
import SwitchyardStore
import Synchronization

/// App-side events (resolves, first opens, redeems) counted in memory per link, UTC day, event
/// and platform, and handed to the store in one batch of sums: the click recorder writes them
/// beside each batch of clicks, so counting never adds a write to the request that is counted.
final class EventTally: Sendable {
    private struct Key: Hashable {
        var code: String
        var event: LinkEvent
        var day: Int64
        var platform: Click.Platform
    }

    private let counts = Mutex<[Key: Int]>([:])

    /// Counts one event.
    func count(_ event: LinkEvent, code: String, platform: Click.Platform, at date: Date) {
        let key = Key(code: code, event: event, day: StoredDate.day(date), platform: platform)
        counts.withLock { $0[key, default: 0] += 1 }
    }

    /// Takes every count so far (the tally starts again from zero).
    func take() -> [EventCount] {
        counts.withLock { counts in
            defer { counts = [:] }
            return counts.map { EventCount(code: $0.key.code, event: $0.key.event, day: $0.key.day, platform: $0.key.platform, count: $0.value) }
        }
    }

    /// Puts back counts that could not be written, to be written with the next ones.
    func restore(_ taken: [EventCount]) {
        counts.withLock { counts in
            for count in taken {
                counts[Key(code: count.code, event: count.event, day: count.day, platform: count.platform), default: 0] += count.count
            }
        }
    }

    var isEmpty: Bool { counts.withLock { $0.isEmpty } }
}
