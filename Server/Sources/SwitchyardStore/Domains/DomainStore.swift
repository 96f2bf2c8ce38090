/// The link domains of a store (``LinkDomain``): several hosts on one service, each held by one
/// team. Hosts are unique in the store.
public protocol DomainStore: Sendable {
    /// Stores a new domain, and `audit` (its `domain.added` entry) in the same transaction. A
    /// default domain takes the flag from the team's previous default.
    ///
    /// - Throws: ``StoreError`` `.nameTaken` when a domain has this host (and stores no entry).
    func insertDomain(_ domain: LinkDomain, audit: AuditEntry?) async throws

    /// Every stored domain, in host order.
    func domains() async throws -> [LinkDomain]

    /// Replaces the redirects and default flag of the domain `domain.host` held by `domain.team`
    /// (a default takes the flag from the team's previous default) and stores `audit` in the same
    /// transaction; false (and no entry) when the team holds no such domain.
    func updateDomain(_ domain: LinkDomain, audit: AuditEntry?) async throws -> Bool

    /// Removes a domain (of `team`, when given) and stores `audit` in the same transaction. While
    /// live links (not deleted, not disabled) use it, nothing changes and the answer counts them,
    /// unless `force`: then they are disabled (410 from then on) in the same transaction.
    func removeDomain(host: String, team: String?, force: Bool, audit: AuditEntry?) async throws -> DomainRemoval
}
