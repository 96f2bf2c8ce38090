import Foundation
import Synchronization

/// The deliveries one dispatcher has in flight: how many per webhook (its lane), the lease each
/// holds, and a bell that wakes the dispatcher when one ends.
///
/// ```swift
/// let lanes = DeliveryLanes()
/// lanes.start(id: 7, webhook: "wh_a", lease: until)
/// lanes.full(perWebhook: 2)   // the webhooks with 2 in flight: skipped by the next claim
/// lanes.finish(id: 7)         // rings the bell
/// ```
final class DeliveryLanes: Sendable {
    private struct State {
        var leases: [Int64: (webhook: String, lease: Date)] = [:]
        var perWebhook: [String: Int] = [:]
        var rung = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    /// Deliveries in flight.
    var count: Int { state.withLock { $0.leases.count } }

    /// The webhooks with `perWebhook` deliveries or more in flight.
    func full(perWebhook: Int) -> Set<String> {
        state.withLock { Set($0.perWebhook.filter { $0.value >= perWebhook }.keys) }
    }

    /// A delivery claimed with `lease`.
    func start(id: Int64, webhook: String, lease: Date) {
        state.withLock { state in
            state.leases[id] = (webhook, lease)
            state.perWebhook[webhook, default: 0] += 1
        }
    }

    /// The deliveries in flight and the lease each holds.
    var leases: [(id: Int64, lease: Date)] {
        state.withLock { $0.leases.map { ($0.key, $0.value.lease) } }
    }

    /// A delivery's lease was extended to `lease` (ignored once it has finished).
    func extended(id: Int64, to lease: Date) {
        state.withLock { state in state.leases[id]?.lease = lease }
    }

    /// A delivery ended; wakes the dispatcher.
    func finish(id: Int64) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if let webhook = state.leases.removeValue(forKey: id)?.webhook {
                state.perWebhook[webhook, default: 1] -= 1
                if state.perWebhook[webhook] == 0 { state.perWebhook[webhook] = nil }
            }
            guard let waiter = state.waiter else {
                state.rung = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Returns when a delivery has ended since the last wait, or after `timeout`.
    func wait(upTo timeout: Duration) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.waitForFinish() }
            group.addTask { try? await Task.sleep(for: timeout) }
            await group.next()
            group.cancelAll()
        }
    }

    private func waitForFinish() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state -> Bool in
                    if state.rung || Task.isCancelled {
                        state.rung = false
                        return true
                    }
                    state.waiter = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
    }
}
