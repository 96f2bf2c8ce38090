public import Foundation

/// Teams, their named keys and their audit log: what a store keeps so that several teams, and
/// several people in each, share one service.
///
/// Keys are stored by digest only. Names of teams and keys are unique in the store: a second
/// with the same name fails with ``StoreError/nameTaken``.
public protocol AccessStore: Sendable {
    /// Stores a new team, and `audit` (its `team.created` entry) in the same transaction.
    ///
    /// - Throws: ``StoreError`` `.nameTaken` when a team has this name (and stores no entry).
    func insertTeam(_ team: Team, audit: AuditEntry?) async throws

    /// Every team, in name order.
    func teams() async throws -> [Team]

    /// Stores a new key, and `audit` (its `key.created` entry) in the same transaction.
    ///
    /// - Throws: ``StoreError`` `.nameTaken` when a key has this name (revoked keys included).
    func insertKey(_ key: AccessKey, audit: AuditEntry?) async throws

    /// The keys of `team` (every team's when nil), revoked ones included, in name order.
    func accessKeys(team: String?) async throws -> [AccessKey]

    /// The key whose digest is `hash`, revoked or not; nil when there is none.
    func accessKey(hash: String) async throws -> AccessKey?

    /// Revokes the key named `name` (of `team`, when given) at `at`, and stores `audit` in the
    /// same transaction; the key as revoked, or nil when there is no such unrevoked key.
    func revokeKey(name: String, team: String?, at: Date, audit: AuditEntry?) async throws -> AccessKey?

    /// Records when keys were last presented (digest to instant), in one transaction; a later
    /// instant than the stored one replaces it.
    func recordKeyUse(_ uses: [String: Date]) async throws

    /// Appends entries to the audit log, in one transaction.
    func appendAudit(_ entries: [AuditEntry]) async throws

    /// A page of a team's audit log, newest first.
    func audit(_ query: AuditQuery) async throws -> [AuditEntry]

    /// Deletes the audit entries made before `date`; returns how many.
    @discardableResult
    func forgetAudit(before date: Date) async throws -> Int
}

extension AccessStore {
    /// ``insertTeam(_:audit:)`` without an audit entry.
    public func insertTeam(_ team: Team) async throws { try await insertTeam(team, audit: nil) }
}
