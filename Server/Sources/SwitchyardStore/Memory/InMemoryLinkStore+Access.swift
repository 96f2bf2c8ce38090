public import Foundation

extension InMemoryLinkStore {
    public func insertTeam(_ team: Team, audit: AuditEntry?) async throws {
        try check()
        guard access.teams[team.name] == nil else { throw StoreError.nameTaken("team", team.name) }
        access.teams[team.name] = team
        if let audit { append(audit) }
    }

    public func teams() async throws -> [Team] {
        try check()
        return access.teams.values.sorted { $0.name < $1.name }
    }

    public func insertKey(_ key: AccessKey, audit: AuditEntry?) async throws {
        try check()
        guard access.keys[Self.keySlot(team: key.team, name: key.name)] == nil else { throw StoreError.nameTaken("key", key.name) }
        access.keys[Self.keySlot(team: key.team, name: key.name)] = key
        if let audit { append(audit) }
    }

    public func accessKeys(team: String?) async throws -> [AccessKey] {
        try check()
        return access.keys.values.filter { team == nil || $0.team == team }.sorted { $0.name < $1.name }
    }

    public func accessKey(hash: String) async throws -> AccessKey? {
        try check()
        return access.keys.values.first { $0.hash == hash }
    }

    public func revokeKey(name: String, team: String?, at: Date, audit: AuditEntry?) async throws -> AccessKey? {
        try check()
        guard let slot = access.keys.first(where: { $0.value.name == name && (team == nil || $0.value.team == team) })?.key,
              var key = access.keys[slot], key.revokedAt == nil else { return nil }
        key.revokedAt = StoredDate.rounded(at)
        access.keys[slot] = key
        if let audit { append(audit) }
        return key
    }

    /// Where a key is kept: names are unique per team.
    static func keySlot(team: String, name: String) -> String { team + "\u{0}" + name }

    public func recordKeyUse(_ uses: [String: Date]) async throws {
        try check()
        for (name, var key) in access.keys {
            guard let used = uses[key.hash].map(StoredDate.rounded), used > (key.lastUsedAt ?? .distantPast) else { continue }
            key.lastUsedAt = used
            access.keys[name] = key
        }
    }

    public func appendAudit(_ entries: [AuditEntry]) async throws {
        try check()
        for entry in entries { append(entry) }
    }

    public func audit(_ query: AuditQuery) async throws -> [AuditEntry] {
        try check()
        return Array(access.audit.reversed().lazy.filter { entry in
            entry.team == query.team && (query.keyName == nil || entry.keyName == query.keyName)
                && (query.action == nil || entry.action == query.action) && (query.before.map { entry.id! < $0 } ?? true)
        }.prefix(query.limit))
    }

    @discardableResult
    public func forgetAudit(before date: Date) async throws -> Int {
        try check()
        let count = access.audit.count
        access.audit.removeAll { $0.at < StoredDate.rounded(date) }
        return count - access.audit.count
    }

    /// Numbers and stores one audit entry (in the caller's actor step).
    func append(_ entry: AuditEntry) {
        var entry = entry
        access.lastAuditID += 1
        entry.id = access.lastAuditID
        access.audit.append(entry)
    }
}

/// The teams, keys and audit log of an ``InMemoryLinkStore``.
struct AccessTables: Sendable {
    var teams: [String: Team] = [:]
    var keys: [String: AccessKey] = [:]
    /// Link domains by host (InMemoryLinkStore+Domains.swift).
    var domains: [String: LinkDomain] = [:]
    var audit: [AuditEntry] = []
    var lastAuditID: Int64 = 0
}
