import Foundation
import Hummingbird
import Switchyard
import SwitchyardStore

/// `GET /dashboard/keys` (the team's named keys, a form to make one, a button to revoke each) and
/// `GET /dashboard/audit` (the team's audit log, newest first, `?key=` and `?action=`): for
/// admins. A key made here is shown once, on the page that answers the form.
extension Dashboard {
    /// Audit entries one page shows.
    static let auditPageSize = 100

    func keysPage(session: DashboardSessions.Session, made: KeysView.Made? = nil, error: String? = nil,
                  status: HTTPResponse.Status = .ok) async throws -> Response {
        let keys = try await service.storage { try await service.store.accessKeys(team: session.team) }
        let now = service.now()
        let page = KeysView(keys: keys.map { key in
            KeysView.Row(name: key.name, role: key.role.rawValue, hint: key.hint, created: APIDates.text(key.createdAt),
                         lastUsed: key.lastUsedAt.map(APIDates.text) ?? "never", expires: key.expiresAt.map(APIDates.text) ?? "never",
                         state: key.revokedAt != nil ? "revoked" : key.isActive(at: now) ? "works" : "expired",
                         revocable: key.isActive(at: now))
        }, made: made, error: error)
        return DashboardPage.response(DashboardPage.render(.keys, title: "Keys", session: session, page: page), status: status)
    }

    /// The longest life the key form gives a key, in days (a hundred years).
    static let maximumKeyDays = 36_500

    /// `POST /dashboard/keys`: makes a key of the session's team through the API's own checks.
    func createKey(_ form: NewLinkForm, session: DashboardSessions.Session, request: Request,
                   context: ServiceRequestContext) async throws -> Response {
        let name = form.trimmed("name") ?? ""
        guard let role = form["role"].flatMap(AccessKey.Role.init(rawValue:)) else {
            return try await keysPage(session: session, error: "Choose a role.", status: .badRequest)
        }
        var expiry: Date?
        if let text = form.trimmed("days"), !text.isEmpty {
            guard let days = Int(text), (1...Self.maximumKeyDays).contains(days) else {
                return try await keysPage(session: session, error: "Days must be a whole number from 1 to \(Self.maximumKeyDays), or empty for a key that does not expire.",
                                          status: .badRequest)
            }
            expiry = service.now().addingTimeInterval(Double(days) * 86_400)
        }
        let made: (key: String, record: AccessKey)
        do {
            made = try NamedKeys.make(name: name, team: session.team, role: role, now: service.now(), expiresAt: expiry)
        } catch {
            return try await keysPage(session: session, error: error.description.prefix(1).uppercased() + error.description.dropFirst() + ".",
                                      status: .badRequest)
        }
        let entry = service.auditAuthor(session, request: request, context: context)
            .entry("key.created", target: name, detail: "role \(role.rawValue)", at: service.now())
        do {
            try await service.storage { try await service.store.insertKey(made.record, audit: entry) }
        } catch StoreError.Code.nameTaken {
            return try await keysPage(session: session, error: "A key named '\(name)' exists.", status: .conflict)
        }
        return try await keysPage(session: session, made: KeysView.Made(name: name, key: made.key), status: .created)
    }

    /// `POST /dashboard/keys/revoke`: revokes the named key of the session's team.
    func revokeKey(_ form: NewLinkForm, session: DashboardSessions.Session, request: Request,
                   context: ServiceRequestContext) async throws -> Response {
        let name = form["name"] ?? ""
        let entry = service.auditAuthor(session, request: request, context: context).entry("key.revoked", target: name, at: service.now())
        guard let key = try await service.storage({
            try await service.store.revokeKey(name: name, team: session.team, at: service.now(), audit: entry)
        }) else {
            return try await keysPage(session: session, error: "No key '\(name.prefix(64))' that works.", status: .notFound)
        }
        service.keyDirectory.forget(hash: key.hash)
        return DashboardPage.redirect("/dashboard/keys")
    }

    func auditPage(_ request: Request, session: DashboardSessions.Session) async throws -> Response {
        let parameters = request.uri.queryParameters
        let key = parameters["key"].map(String.init).flatMap { $0.isEmpty ? nil : String($0.prefix(64)) }
        let action = parameters["action"].map(String.init).flatMap { $0.isEmpty ? nil : String($0.prefix(64)) }
        let entries = try await service.storage {
            try await service.store.audit(AuditQuery(team: session.team, keyName: key, action: action, limit: Self.auditPageSize))
        }
        let page = AuditView(key: key ?? "", action: action ?? "", entries: entries.map { entry in
            AuditView.Row(at: APIDates.text(entry.at), key: entry.keyName, role: entry.role, address: entry.address,
                          action: entry.action, target: entry.target, detail: entry.detail)
        })
        return DashboardPage.response(DashboardPage.render(.audit, title: "Audit log", session: session, page: page))
    }

    /// The `keys` template's page.
    struct KeysView: Sendable {
        struct Row: Sendable {
            let name, role, hint, created, lastUsed, expires, state: String
            let revocable: Bool
        }

        /// A key just made: shown this once.
        struct Made: Sendable {
            let name: String
            let key: String
        }

        let keys: [Row]
        let made: Made?
        let error: String?
        let hasKeys: Bool
        let roles = AccessKey.Role.allCases.map(\.rawValue)

        init(keys: [Row], made: Made?, error: String?) {
            self.keys = keys
            self.made = made
            self.error = error
            hasKeys = !keys.isEmpty
        }
    }

    /// The `audit` template's page.
    struct AuditView: Sendable {
        struct Row: Sendable {
            let at, key, role, address, action, target, detail: String
        }

        let key: String
        let action: String
        let entries: [Row]
        let hasEntries: Bool

        init(key: String, action: String, entries: [Row]) {
            self.key = key
            self.action = action
            self.entries = entries
            hasEntries = !entries.isEmpty
        }
    }
}
