import Foundation
import Hummingbird
import SwitchyardStore

extension LinkService {
    /// Records a change made by the request's caller in its team's audit log (written with the
    /// next batch: ``AuditRecorder``).
    ///
    /// - Parameters:
    ///   - action: what happened (`link.created`, `key.revoked`, ...).
    ///   - target: what it happened to (a code, a key's name, a webhook's id).
    ///   - detail: a short description; may be empty.
    func audit(_ action: String, target: String, detail: String = "", request: Request, context: ServiceRequestContext) {
        guard let entry = auditEntry(action, target: target, detail: detail, request: request, context: context) else { return }
        audit.record(entry)
    }

    /// The entry ``audit(_:target:detail:request:context:)`` records; nil without a caller.
    func auditEntry(_ action: String, target: String, detail: String = "", request: Request,
                    context: ServiceRequestContext) -> AuditEntry? {
        guard let caller = context.caller else { return nil }
        return AuditEntry(team: caller.team, at: now(), keyName: caller.name, role: caller.role.rawValue,
                          address: clientAddress(request, context: context), action: action, target: target, detail: detail)
    }
}

extension LinkService {
    /// Records a change made through the dashboard by the key that signed `session` in.
    func audit(_ action: String, target: String, detail: String = "", session: DashboardSessions.Session, request: Request,
               context: ServiceRequestContext) {
        audit.record(AuditEntry(team: session.team, at: now(), keyName: session.keyName, role: session.role.rawValue,
                                address: clientAddress(request, context: context), action: action, target: target, detail: detail))
    }
}
