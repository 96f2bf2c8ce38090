import Foundation

extension InMemoryLinkStore {
    public func insertDomain(_ domain: LinkDomain, audit: AuditEntry?) async throws {
        try check()
        guard access.domains[domain.host] == nil else { throw StoreError.nameTaken("domain", domain.host) }
        if domain.isDefault { clearDefault(team: domain.team) }
        access.domains[domain.host] = domain
        if let audit { append(audit) }
    }

    public func domains() async throws -> [LinkDomain] {
        try check()
        return access.domains.values.sorted { $0.host < $1.host }
    }

    public func updateDomain(_ domain: LinkDomain, audit: AuditEntry?) async throws -> Bool {
        try check()
        guard var stored = access.domains[domain.host], stored.team == domain.team else { return false }
        if domain.isDefault { clearDefault(team: domain.team) }
        stored.isDefault = domain.isDefault
        stored.redirects = domain.redirects
        access.domains[domain.host] = stored
        if let audit { append(audit) }
        return true
    }

    public func removeDomain(host: String, team: String?, force: Bool, audit: AuditEntry?) async throws -> DomainRemoval {
        try check()
        guard let domain = access.domains[host], team == nil || domain.team == team else { return .notFound }
        let live = links.values.filter { $0.domain == host && $0.deletedAt == nil && !$0.disabled }.map(\.code)
        if !force, !live.isEmpty { return .inUse(liveLinks: live.count) }
        for code in live { links[code]?.disabled = true }
        access.domains[host] = nil
        if let audit { append(audit) }
        return .removed(disabledLinks: live.count)
    }

    private func clearDefault(team: String) {
        for (host, domain) in access.domains where domain.team == team && domain.isDefault {
            access.domains[host]?.isDefault = false
        }
    }
}
