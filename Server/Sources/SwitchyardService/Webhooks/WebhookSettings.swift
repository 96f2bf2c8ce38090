/// How the service delivers webhooks: which addresses it may reach, and its timing.
///
/// ```swift
/// var configuration = ServiceConfiguration(routes: table)
/// configuration.webhooks.allowPrivateAddresses = true   // a receiver on 127.0.0.1 in tests
/// ```
public struct WebhookSettings: Sendable, Hashable {
    /// Whether webhook URLs may reach loopback, private (RFC 1918, fc00::/7), link-local and
    /// carrier-grade NAT addresses (`serve --webhook-allow-private`); cloud metadata addresses
    /// stay refused. Off by default: a webhook is a request the service makes for whoever holds an
    /// admin key.
    public var allowPrivateAddresses = false
    /// How long one delivery attempt may take, all of it: connection, request, and the answer's
    /// head and body.
    public var timeout: Duration = .seconds(10)
    /// How long a delivery is retried after its event before it is marked failed.
    public var retryWindow: Duration = .seconds(24 * 3600)
    /// The delay before the first retry; each later one doubles it (with jitter), up to ``maximumRetryDelay``.
    public var firstRetryDelay: Duration = .seconds(10)
    /// The longest delay between two attempts.
    public var maximumRetryDelay: Duration = .seconds(3600)
    /// How often the outbox is polled for due deliveries when it was found empty.
    public var pollInterval: Duration = .seconds(1)
    /// How often each instance reads the subscriptions again (another instance's changes show up
    /// within it; this instance's own at once).
    public var refreshInterval: Duration = .seconds(5)
    /// Deliveries attempted at once by one instance, every webhook together.
    public var concurrency = 64
    /// Deliveries attempted at once for one webhook by one instance (its lane): a slow or
    /// unreachable receiver holds at most this many of ``concurrency``'s slots, and delays no
    /// other webhook's deliveries.
    public var concurrencyPerWebhook = 2

    /// The default settings.
    public init() {}
}
