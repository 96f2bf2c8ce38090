import Foundation
import Hummingbird
import SwitchyardStore

/// Who makes a change, as its audit entry records it: the team, the key's name and role, and the
/// client address. The entry is written by the store in the change's own transaction, so an
/// acknowledged change has its entry, and a change that fails has none.
struct AuditAuthor: Sendable, Hashable {
    var team: String
    var keyName: String
    var role: String
    var address: String
    /// The key's identity (``ServiceRequestContext/Caller/identity``); nil when not known.
    var keyID: String? = nil

    /// The entry for a change made now.
    ///
    /// - Parameters:
    ///   - action: what happened (`link.created`, `webhook.deleted`, ...).
    ///   - target: what it happened to (a code, a key's name, a webhook's id).
    ///   - detail: a short description; may be empty.
    func entry(_ action: String, target: String, detail: String = "", at: Date) -> AuditEntry {
        AuditEntry(team: team, at: at, keyName: keyName, role: role, address: address, action: action, target: target,
                   detail: detail, keyID: keyID)
    }
}

extension LinkService {
    /// The author of a change made by the request's caller; nil without a caller.
    func auditAuthor(_ request: Request, context: ServiceRequestContext) -> AuditAuthor? {
        guard let caller = context.caller else { return nil }
        return AuditAuthor(team: caller.team, keyName: caller.name, role: caller.role.rawValue,
                           address: clientAddress(request, context: context), keyID: caller.identity)
    }

    /// The author of a change made through the dashboard by the key that signed `session` in.
    func auditAuthor(_ session: DashboardSessions.Session, request: Request, context: ServiceRequestContext) -> AuditAuthor {
        AuditAuthor(team: session.team, keyName: session.keyName, role: session.role.rawValue,
                    address: clientAddress(request, context: context), keyID: session.keyIdentity)
    }

    /// The entry of a change made now by the request's caller; nil without a caller.
    func auditEntry(_ action: String, target: String, detail: String = "", request: Request,
                    context: ServiceRequestContext) -> AuditEntry? {
        auditAuthor(request, context: context)?.entry(action, target: target, detail: detail, at: now())
    }
}
