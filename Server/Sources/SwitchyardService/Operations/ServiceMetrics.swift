import CoreMetrics
import Prometheus
import SwitchyardStore

/// The service's metrics, recorded through swift-metrics into a Prometheus registry of its own
/// (no global bootstrap, so several services can run in one process) and served as text at `/metrics`.
///
/// - `switchyard_http_requests_total{route,method,status}`: requests answered.
/// - `switchyard_redirect_duration_seconds`: time to answer `GET /{code}` (histogram).
/// - `switchyard_clicks_recorded_total`: clicks written to the store.
/// - `switchyard_links_created_total`: links created.
/// - `switchyard_rate_limited_total{operation}`: requests refused with 429.
/// - `switchyard_opens_total{platform}`: short links opened, by platform (`ios`, `android`,
///   `desktop`, `crawler`, `other`).
/// - `switchyard_deferred_claims_total{result}`: heuristic deferred claims, `matched` or `unmatched`.
final class ServiceMetrics: Sendable {
    let registry: PrometheusCollectorRegistry
    private let factory: PrometheusMetricsFactory
    private let clicks: CoreMetrics.Counter
    private let links: CoreMetrics.Counter
    private let redirects: CoreMetrics.Timer
    /// Made once each: `GET /{code}` must not take the registry's lock.
    private let opens: [Click.Platform: CoreMetrics.Counter]
    private let claimsMatched: CoreMetrics.Counter
    private let claimsUnmatched: CoreMetrics.Counter
    /// Request counters by route, method and status, made once each (making one takes the
    /// registry's lock and builds its label strings), looked up in the calling thread's stripe so
    /// that concurrent requests do not share a lock (each stripe finds the registry's one counter).
    private let requestCounters = Striped<[RequestKey: CoreMetrics.Counter]> { [:] }
    /// Redirect durations not yet in the histogram, per thread: the histogram takes one lock for
    /// every value, so each thread hands it ``redirectBatch`` at a time (and `/metrics` all first).
    private let pendingRedirects = Striped<[Int64]> { [] }
    private static let redirectBatch = 64

    private static let knownMethods: Set<String> = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

    private struct RequestKey: Hashable {
        let route: String
        let method: String
        let status: Int
    }

    init() {
        registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = [
            .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10),
            .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .seconds(1),
        ]
        self.factory = factory
        clicks = CoreMetrics.Counter(label: "switchyard_clicks_recorded_total", factory: factory)
        links = CoreMetrics.Counter(label: "switchyard_links_created_total", factory: factory)
        redirects = CoreMetrics.Timer(label: "switchyard_redirect_duration_seconds", factory: factory)
        opens = Dictionary(uniqueKeysWithValues: Click.Platform.allCases.map { platform in
            (platform, CoreMetrics.Counter(label: "switchyard_opens_total", dimensions: [("platform", platform.rawValue)], factory: factory))
        })
        claimsMatched = CoreMetrics.Counter(label: "switchyard_deferred_claims_total", dimensions: [("result", "matched")], factory: factory)
        claimsUnmatched = CoreMetrics.Counter(label: "switchyard_deferred_claims_total", dimensions: [("result", "unmatched")],
                                              factory: factory)
    }

    func opened(_ platform: Click.Platform) { opens[platform]?.increment() }

    func deferredClaim(matched: Bool) { (matched ? claimsMatched : claimsUnmatched).increment() }

    func request(route: String, method: String, status: Int) {
        // Any token is a valid method: unknown ones share one label, so a client cannot grow the
        // number of series without bound.
        let method = Self.knownMethods.contains(method) ? method : "other"
        let key = RequestKey(route: route, method: method, status: status)
        let counter = requestCounters.withLockForCurrentThread { counters in
            if let counter = counters[key] { return counter }
            let counter = CoreMetrics.Counter(
                label: "switchyard_http_requests_total",
                dimensions: [("route", route), ("method", method), ("status", String(status))],
                factory: factory)
            counters[key] = counter
            return counter
        }
        counter.increment()
    }

    func clicksRecorded(_ count: Int) { clicks.increment(by: count) }

    func linkCreated() { links.increment() }

    func rateLimited(_ operation: String) {
        CoreMetrics.Counter(label: "switchyard_rate_limited_total", dimensions: [("operation", operation)], factory: factory)
            .increment()
    }

    func redirectAnswered(nanoseconds: UInt64) {
        let batch = pendingRedirects.withLockForCurrentThread { pending -> [Int64]? in
            pending.append(Int64(clamping: nanoseconds))
            guard pending.count >= Self.redirectBatch else { return nil }
            defer { pending.removeAll(keepingCapacity: true) }
            return pending
        }
        batch?.forEach(redirects.recordNanoseconds)
    }

    /// The Prometheus text exposition, with every redirect answered so far.
    func text() -> String {
        pendingRedirects.removeAll().forEach(redirects.recordNanoseconds)
        return registry.emitToString()
    }
}
