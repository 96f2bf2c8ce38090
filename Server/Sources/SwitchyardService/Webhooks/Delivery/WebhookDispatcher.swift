import Foundation
import Logging
import ServiceLifecycle
import SwitchyardStore

/// Delivers the webhook outbox: a service beside the server that claims due deliveries (leased, so
/// several instances on one PostgreSQL database deliver each once in the normal case), checks the
/// receiver's address again, POSTs each signed to the address it checked, and deletes it when the
/// answer is 2xx. Any other answer, a timeout or a refused address schedules a retry with
/// exponential backoff and jitter (``WebhookSettings/firstRetryDelay`` doubled at each attempt, up
/// to ``WebhookSettings/maximumRetryDelay``, times a random 0.5–1); once
/// ``WebhookSettings/retryWindow`` has passed since the event, the delivery is marked failed (the
/// dashboard lists it, with the failure's category).
///
/// No receiver can hold another's deliveries: each delivery runs as a task of its own under one
/// deadline (``WebhookSender``), the dispatcher claims again as soon as a slot frees (it never
/// waits for a batch), and each webhook has a lane of at most
/// ``WebhookSettings/concurrencyPerWebhook`` deliveries in flight, so a slow or unreachable
/// receiver fills only its own lane. While a delivery is in flight its lease is extended every
/// third of ``lease``, so no other instance claims it meanwhile; a crash loses nothing: a row
/// leaves the outbox only once delivered, and once its lease runs out it is claimed again.
struct WebhookDispatcher: Service {
    let store: any LinkStore
    let subscriptions: WebhookSubscriptions
    let policy: WebhookAddressPolicy
    let settings: WebhookSettings
    let logger: Logger
    let now: @Sendable () -> Date
    /// The lease in seconds, when not the one derived from the timeout (tests of its extension).
    var leaseSeconds: TimeInterval?

    func run() async throws {
        let sender = WebhookSender(timeout: settings.timeout)
        let lanes = DeliveryLanes()
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                group.addTask { await keepLeases(lanes) }
                var lastRefresh = ContinuousClock.now - settings.refreshInterval
                while !Task.isCancelled {
                    if ContinuousClock.now - lastRefresh >= settings.refreshInterval {
                        await refresh()
                        lastRefresh = .now
                    }
                    let claimed = await claim(lanes)
                    for delivery in claimed {
                        group.addTask {
                            await attempt(delivery.claimed, sender: sender)
                            lanes.finish(id: delivery.claimed.id)
                        }
                    }
                    if claimed.isEmpty { await lanes.wait(upTo: settings.pollInterval) }
                }
            }
        }
    }

    /// Reads the subscriptions again (keeping this instance's changes made while it reads).
    func refresh() async {
        do {
            let mark = subscriptions.mark()
            subscriptions.replace(with: try await store.webhooks(team: nil), readAfter: mark)
        } catch {
            logger.warning("could not read webhook subscriptions", metadata: ["error": "\(error)"])
        }
    }

    /// The lease of a claim and of each extension: longer than an attempt can take, so that an
    /// instance that dies mid-attempt loses its deliveries to another within about this long.
    var lease: TimeInterval { leaseSeconds ?? settings.timeout.timeInterval * 2 + 1 }

    /// Claims due deliveries for the free slots, skipping the webhooks whose lane is full; each one
    /// claimed is in `lanes` when this returns.
    func claim(_ lanes: DeliveryLanes) async -> [(claimed: WebhookDelivery.Claimed, lease: Date)] {
        let free = max(1, settings.concurrency) - lanes.count
        guard free > 0 else { return [] }
        let start = now()
        let until = start.addingTimeInterval(lease)
        let claimed: [WebhookDelivery.Claimed]
        do {
            claimed = try await store.claimWebhookDeliveries(
                now: start, leaseUntil: until, limit: free, perWebhook: 1,
                skipping: lanes.full(perWebhook: max(1, settings.concurrencyPerWebhook)))
        } catch {
            logger.warning("could not claim webhook deliveries", metadata: ["error": "\(error)"])
            return []
        }
        for delivery in claimed { lanes.start(id: delivery.id, webhook: delivery.delivery.webhookID, lease: until) }
        return claimed.map { ($0, until) }
    }

    /// Extends the lease of every delivery in flight, every third of a lease, until cancelled.
    func keepLeases(_ lanes: DeliveryLanes) async {
        while !Task.isCancelled {
            do { try await Task.sleep(for: .seconds(lease / 3)) } catch { return }
            for (id, held) in lanes.leases {
                let until = now().addingTimeInterval(lease)
                do {
                    if try await store.extendWebhookLease(id: id, held: held, until: until) { lanes.extended(id: id, to: until) }
                } catch {
                    logger.warning("could not extend a webhook delivery's lease", metadata: ["error": "\(error)"])
                }
            }
        }
    }

    /// One attempt, and its outcome stored (not when the dispatcher is stopping: the lease then
    /// runs out and another instance, or the next start, attempts it again).
    func attempt(_ claimed: WebhookDelivery.Claimed, sender: WebhookSender) async {
        let delivery = claimed.delivery
        let outcome: WebhookSender.Outcome
        switch await policy.check(claimed.url) {
        case .failure(let refusal):
            outcome = .failed(refusal.failure)
        case .success(let target):
            // Signed at the wall clock's time, whatever the service's clock: it is the receiver's clock that checks it.
            let signature = WebhookSignature.header(secret: claimed.secret, timestamp: Int64(Date().timeIntervalSince1970),
                                                    body: delivery.body)
            outcome = await sender.send(to: target, body: delivery.body, signature: signature,
                                        eventID: delivery.eventID, type: delivery.type.rawValue)
        }
        guard !Task.isCancelled else { return }
        let at = now()
        do {
            switch outcome {
            case .delivered:
                try await store.completeWebhookDelivery(id: claimed.id)
            case .failed(let failure):
                let reason = failure.description
                if at.timeIntervalSince(delivery.createdAt) >= settings.retryWindow.timeInterval {
                    try await store.failWebhookDelivery(id: claimed.id, at: at, error: reason)
                    logger.warning("webhook delivery failed for good", metadata: [
                        "webhook": "\(delivery.webhookID)", "event": "\(delivery.eventID)", "attempts": "\(claimed.attempts)",
                        "error": "\(reason)"])
                } else {
                    let next = at.addingTimeInterval(retryDelay(afterAttempt: claimed.attempts))
                    try await store.retryWebhookDelivery(id: claimed.id, at: next, error: reason)
                    logger.info("webhook delivery will be retried", metadata: [
                        "webhook": "\(delivery.webhookID)", "event": "\(delivery.eventID)", "attempts": "\(claimed.attempts)",
                        "error": "\(reason)"])
                }
            }
        } catch {
            // The row keeps its lease and is claimed again when it runs out.
            logger.warning("could not record a webhook delivery's outcome", metadata: ["error": "\(error)"])
        }
    }

    /// The delay after `attempts` attempts: the first retry delay doubled for each attempt after
    /// the first, capped, times a random factor from 0.5 to 1 (so receivers that failed together
    /// are not retried together).
    func retryDelay(afterAttempt attempts: Int) -> TimeInterval {
        let base = settings.firstRetryDelay.timeInterval * pow(2, Double(min(max(attempts - 1, 0), 30)))
        return min(base, settings.maximumRetryDelay.timeInterval) * Double.random(in: 0.5...1)
    }
}
