import AsyncHTTPClient
import Foundation
import Logging
import ServiceLifecycle
import SwitchyardStore

/// Delivers the webhook outbox: a service beside the server that claims due deliveries (leased, so
/// several instances on one PostgreSQL database deliver each once in the normal case), checks the
/// receiver's address again, POSTs each signed, and deletes it when the answer is 2xx. Any other
/// answer, a timeout or a refused address schedules a retry with exponential backoff and jitter
/// (``WebhookSettings/firstRetryDelay`` doubled at each attempt, up to
/// ``WebhookSettings/maximumRetryDelay``, times a random 0.5–1); once ``WebhookSettings/retryWindow``
/// has passed since the event, the delivery is marked failed (the dashboard lists it).
///
/// A crash loses nothing: a row leaves the outbox only once delivered, and a lease (two timeouts
/// and a second) outlives any attempt, after which the row is claimed again.
struct WebhookDispatcher: Service {
    let store: any LinkStore
    let subscriptions: WebhookSubscriptions
    let policy: WebhookAddressPolicy
    let settings: WebhookSettings
    let logger: Logger
    let now: @Sendable () -> Date

    func run() async throws {
        let client = WebhookSender.makeClient(timeout: settings.timeout)
        let sender = WebhookSender(client: client, timeout: settings.timeout)
        await cancelWhenGracefulShutdown {
            var lastRefresh = ContinuousClock.now - settings.refreshInterval
            while !Task.isCancelled {
                if ContinuousClock.now - lastRefresh >= settings.refreshInterval {
                    await refresh()
                    lastRefresh = .now
                }
                let attempted = await deliverDue(sender: sender)
                if attempted == 0 { try? await Task.sleep(for: settings.pollInterval) }
            }
        }
        try? await client.shutdown()
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

    /// The lease of an attempt: longer than any attempt can take.
    var lease: TimeInterval { Self.seconds(settings.timeout) * 2 + 1 }

    /// Claims the due deliveries and attempts them at once; returns how many were claimed.
    func deliverDue(sender: WebhookSender) async -> Int {
        let claimed: [WebhookDelivery.Claimed]
        do {
            let start = now()
            claimed = try await store.claimWebhookDeliveries(now: start, leaseUntil: start.addingTimeInterval(lease),
                                                            limit: max(1, settings.concurrency))
        } catch {
            logger.warning("could not claim webhook deliveries", metadata: ["error": "\(error)"])
            return 0
        }
        await withTaskGroup(of: Void.self) { group in
            for delivery in claimed {
                group.addTask { await attempt(delivery, sender: sender) }
            }
        }
        return claimed.count
    }

    /// One attempt, and its outcome stored.
    func attempt(_ claimed: WebhookDelivery.Claimed, sender: WebhookSender) async {
        let delivery = claimed.delivery
        let outcome: WebhookSender.Outcome
        if let refusal = await policy.refusal(for: claimed.url) {
            outcome = .failed(refusal)
        } else {
            // Signed at the wall clock's time, whatever the service's clock: it is the receiver's clock that checks it.
            let signature = WebhookSignature.header(secret: claimed.secret, timestamp: Int64(Date().timeIntervalSince1970),
                                                    body: delivery.body)
            outcome = await sender.send(url: claimed.url, body: delivery.body, signature: signature,
                                        eventID: delivery.eventID, type: delivery.type.rawValue)
        }
        let at = now()
        do {
            switch outcome {
            case .delivered:
                try await store.completeWebhookDelivery(id: claimed.id)
            case .failed(let reason):
                if at.timeIntervalSince(delivery.createdAt) >= Self.seconds(settings.retryWindow) {
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
        let base = Self.seconds(settings.firstRetryDelay) * pow(2, Double(min(max(attempts - 1, 0), 30)))
        return min(base, Self.seconds(settings.maximumRetryDelay)) * Double.random(in: 0.5...1)
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
