import Foundation
import Logging
import ServiceLifecycle
import SwitchyardStore
import Synchronization

/// A domain a request reached: a stored one, or the bootstrap domain (`--base-url`, team
/// `default`, whose links are kept under their bare code).
struct ServedDomain: Sendable, Hashable {
    let domain: LinkDomain
    let isBootstrap: Bool

    /// The host that prefixes the store keys of the domain's links; nil for the bootstrap domain.
    var keyHost: String? { isBootstrap ? nil : domain.host }

    /// The store key of `code` on this domain.
    func key(_ code: String) -> String { LinkKey.key(host: keyHost, code: code) }
}

/// The link domains this instance knows: the stored ones, read again every second (so instances
/// on one database agree within a second of a change made through any of them) and at once after
/// a change made through this one, and the bootstrap domain from the configuration.
///
/// Which domain a request reached is answered from memory: a dictionary look-up per `GET /{code}`.
/// While no domain is stored, every host is the bootstrap domain, as before there were domains
/// (a service reached by its address, or behind a proxy that rewrites the host, keeps working);
/// once one is, a host that is neither stored nor the bootstrap host is no domain of the service.
final class DomainDirectory: Sendable {
    /// The bootstrap domain: `--base-url`'s host, team `default`.
    let bootstrap: ServedDomain
    private let stored = Mutex<[String: LinkDomain]>([:])
    /// The refreshes started, and the latest one applied: a read that started before another
    /// applied is older than what that one read, and is dropped.
    private let refreshes = Mutex<(started: Int, applied: Int)>((0, 0))

    init(baseURL: String, redirects: LinkDomain.Redirects = .init()) {
        let host = URLComponents(string: baseURL)?.host.flatMap(DomainHost.bare) ?? "localhost"
        bootstrap = ServedDomain(domain: LinkDomain(host: host, team: "default", isDefault: true, redirects: redirects,
                                                    createdAt: Date(timeIntervalSince1970: 0)),
                                 isBootstrap: true)
    }

    /// Reads the stored domains again. A stored domain with the bootstrap host (added with the
    /// command line, which does not know `--base-url`) is left out: that host is the bootstrap
    /// domain, whose links are kept under their bare codes.
    func refresh(from store: any DomainStore) async throws {
        let ticket = refreshes.withLock { state -> Int in
            state.started += 1
            return state.started
        }
        let bootstrapHost = bootstrap.domain.host
        let domains = try await store.domains().filter { $0.host != bootstrapHost }
        let byHost = Dictionary(domains.map { ($0.host, $0) }, uniquingKeysWith: { first, _ in first })
        refreshes.withLock { state in
            guard ticket > state.applied else { return }
            state.applied = ticket
            stored.withLock { $0 = byHost }
        }
    }

    /// The domain `host` (a request's, from ``DomainHost/requested(_:trusted:)``) names; nil when
    /// it is none of the service's.
    func served(host: String?) -> ServedDomain? {
        let bootstrapHost = bootstrap.domain.host
        if let host, host == bootstrapHost { return bootstrap }
        return stored.withLock { domains -> ServedDomain? in
            if domains.isEmpty { return bootstrap }
            guard let host, let domain = domains[host] else { return nil }
            return ServedDomain(domain: domain, isBootstrap: false)
        }
    }

    /// Every domain `team` may create links on, its default first: its stored domains, and the
    /// bootstrap domain for team `default` and for a team that holds none.
    func domains(team: String) -> [ServedDomain] {
        let own = stored.withLock { $0.values.filter { $0.team == team } }
            .sorted { ($0.isDefault ? 0 : 1, $0.createdAt, $0.host) < ($1.isDefault ? 0 : 1, $1.createdAt, $1.host) }
            .map { ServedDomain(domain: $0, isBootstrap: false) }
        guard team == bootstrap.domain.team || own.isEmpty else { return own }
        // Team default's stored default comes before the bootstrap domain; else the bootstrap one leads.
        return own.first?.domain.isDefault == true ? [own[0], bootstrap] + own.dropFirst() : [bootstrap] + own
    }

    /// Every stored domain, by host.
    var all: [LinkDomain] { stored.withLock { $0.values.sorted { $0.host < $1.host } } }

    /// The domain a key of `team` addresses with `name` (a request's `domain`; nil: the team's
    /// default), or the problem: an unknown or malformed domain (400), another team's (403,
    /// naming it). To create (`creating`), only the team's own domains; to address a link, the
    /// bootstrap domain too, where a team's links made before it held a domain stay (the link's
    /// team is checked by the caller).
    func domain(named name: String?, team: String, creating: Bool = true) throws(Problem) -> ServedDomain {
        var usable = domains(team: team)
        if !creating, !usable.contains(where: \.isBootstrap) { usable.append(bootstrap) }
        guard let name else { return usable[0] }
        let host: String
        switch DomainHost.normalized(name) {
        case let .success(normalized): host = normalized
        case let .failure(refusal):
            guard let bare = DomainHost.bare(name), bare == bootstrap.domain.host else { throw refusal.problem }
            host = bare   // the bootstrap host may be an address or `localhost`
        }
        if let mine = usable.first(where: { $0.domain.host == host }) { return mine }
        if host == bootstrap.domain.host || stored.withLock({ $0[host] }) != nil {
            throw Problem(.forbidden, kind: "domain-refused", title: "Domain not allowed",
                          detail: "domain '\(host)' belongs to another team; this key creates links on "
                              + usable.map(\.domain.host).joined(separator: ", "))
        }
        throw Problem.invalid("unknown-domain", "Unknown domain", "no domain '\(host)' on this service (switchyard domains add)")
    }
}
