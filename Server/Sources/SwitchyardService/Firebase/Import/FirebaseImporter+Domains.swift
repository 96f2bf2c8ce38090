import Foundation
import SwitchyardStore

/// Why the rows of a Firebase short-link domain are not imported.
struct TargetRefusal: Error, Hashable {
    var reason: String
}

/// Where each Firebase short-link domain's links land: the team's domain of the same host, the
/// one `--domain-map` names for it, else the bootstrap domain (where every file landed before the
/// service had domains). Read once per import.
struct DomainTargets {
    /// The team's stored domains' hosts (another team's are refused).
    let own: Set<String>
    let others: [String: String]
    let bootstrapHost: String
    let map: [String: String]

    init(store: any DomainStore, team: String, bootstrapHost: String, map: [String: String]) async throws {
        let domains = try await store.domains()
        own = Set(domains.filter { $0.team == team }.map(\.host))
        others = Dictionary(domains.filter { $0.team != team }.map { ($0.host, $0.team) }, uniquingKeysWith: { first, _ in first })
        self.bootstrapHost = bootstrapHost
        self.map = Dictionary(map.map { (DomainHost.bare($0.key) ?? $0.key, DomainHost.bare($0.value) ?? $0.value) },
                              uniquingKeysWith: { _, last in last })
        for (old, new) in self.map where !own.contains(new) && new != bootstrapHost {
            throw FirebaseImporter.FileError(message: "--domain-map \(old)=\(new): '\(new)' is not a domain of team \(team) "
                                                 + "(switchyard domains add \(new) --team \(team))")
        }
    }

    /// The host of the store keys `host`'s links get (nil: the bootstrap domain), or why none.
    func target(of host: String) -> Result<String?, TargetRefusal> {
        let host = DomainHost.bare(host) ?? host
        let target = map[host] ?? host
        if target == bootstrapHost { return .success(nil) }
        if own.contains(target) { return .success(target) }
        if let team = others[target] {
            return .failure(TargetRefusal(reason: "domain \(target) belongs to team \(team); map it elsewhere with --domain-map"))
        }
        return .success(nil)
    }
}

extension FirebaseImporter {
    /// The bootstrap domain's host: its base URL's.
    var bootstrapHost: String {
        URLComponents(string: baseURL)?.host.flatMap(DomainHost.bare) ?? baseURL
    }
}
