public import Foundation

extension InMemoryLinkStore {
    public func insertSession(_ session: DashboardSession, now: Date, audit: AuditEntry?) async throws {
        try check()
        sessions = sessions.filter { $0.value.expiresAt > StoredDate.rounded(now) }
        sessions[session.tokenHash] = session
        if let audit { append(audit) }
    }

    public func session(tokenHash: String, now: Date, extendingTo: Date) async throws -> DashboardSession? {
        try check()
        guard var session = sessions[tokenHash] else { return nil }
        guard session.expiresAt > StoredDate.rounded(now) else {
            sessions[tokenHash] = nil
            return nil
        }
        session.expiresAt = StoredDate.rounded(extendingTo)
        sessions[tokenHash] = session
        return session
    }

    public func deleteSession(tokenHash: String) async throws {
        try check()
        sessions[tokenHash] = nil
    }
}
