import HTTPTypes
import SwitchyardStore

/// The one table of which key roles may call each keyed operation of the API, by OpenAPI
/// operation id, method and path. ``KeyAuthentication`` refuses a key whose role is not listed
/// for the route it guards (403), and the OpenAPI document lists each operation's roles
/// (`x-switchyard-roles`) from here.
enum OperationRoles {
    /// A keyed operation and the roles that may call it.
    struct Entry: Sendable {
        let id: String
        let method: HTTPRequest.Method
        /// The path as the router and the OpenAPI document write it (`/api/v1/links/{code}`).
        let path: String
        let roles: [AccessKey.Role]
    }

    static let viewer: [AccessKey.Role] = [.admin, .editor, .viewer]
    static let editor: [AccessKey.Role] = [.admin, .editor]
    static let admin: [AccessKey.Role] = [.admin]
    static let app: [AccessKey.Role] = [.app]

    /// Every operation that takes a key.
    static let all: [Entry] = [
        Entry(id: "createLink", method: .post, path: "/api/v1/links", roles: editor + app),
        Entry(id: "listLinks", method: .get, path: "/api/v1/links", roles: viewer),
        Entry(id: "getLink", method: .get, path: "/api/v1/links/{code}", roles: viewer),
        Entry(id: "updateLink", method: .patch, path: "/api/v1/links/{code}", roles: editor),
        Entry(id: "deleteLink", method: .delete, path: "/api/v1/links/{code}", roles: editor),
        Entry(id: "explainLink", method: .get, path: "/api/v1/links/{code}/explain", roles: viewer),
        Entry(id: "resolveLink", method: .get, path: "/api/v1/links/{code}/resolve", roles: app),
        Entry(id: "redeemLink", method: .post, path: "/api/v1/links/{code}/redeem", roles: app),
        Entry(id: "claimDeferredLink", method: .post, path: "/api/v1/deferred/claim", roles: app),
        Entry(id: "attestChallenge", method: .post, path: "/api/v1/attest/challenge", roles: app),
        Entry(id: "attestInstall", method: .post, path: "/api/v1/attest", roles: app),
        Entry(id: "firebaseCreateShortLink", method: .post, path: "/v1/shortLinks", roles: editor),
        Entry(id: "getLinkStats", method: .get, path: "/api/v1/links/{code}/stats", roles: viewer),
        Entry(id: "getTeamStats", method: .get, path: "/api/v1/stats", roles: viewer),
        Entry(id: "firebaseGetLinkStats", method: .get, path: "/v1/{dynamicLink}/linkStats", roles: viewer),
        Entry(id: "metrics", method: .get, path: "/metrics", roles: admin),
        Entry(id: "createWebhook", method: .post, path: "/api/v1/webhooks", roles: admin),
        Entry(id: "listWebhooks", method: .get, path: "/api/v1/webhooks", roles: admin),
        Entry(id: "deleteWebhook", method: .delete, path: "/api/v1/webhooks/{id}", roles: admin),
        Entry(id: "createKey", method: .post, path: "/api/v1/keys", roles: admin),
        Entry(id: "listKeys", method: .get, path: "/api/v1/keys", roles: admin),
        Entry(id: "revokeKey", method: .delete, path: "/api/v1/keys/{name}", roles: admin),
        Entry(id: "listAudit", method: .get, path: "/api/v1/audit", roles: admin),
        Entry(id: "addDomain", method: .post, path: "/api/v1/domains", roles: admin),
        Entry(id: "getTeamRules", method: .get, path: "/api/v1/team/rules", roles: viewer),
        Entry(id: "replaceTeamRules", method: .put, path: "/api/v1/team/rules", roles: admin),
        Entry(id: "exportInstall", method: .get, path: "/api/v1/installs/{install}", roles: admin),
        Entry(id: "eraseInstall", method: .delete, path: "/api/v1/installs/{install}", roles: admin),
        Entry(id: "listDomains", method: .get, path: "/api/v1/domains", roles: viewer),
        Entry(id: "updateDomain", method: .patch, path: "/api/v1/domains/{host}", roles: admin),
        Entry(id: "removeDomain", method: .delete, path: "/api/v1/domains/{host}", roles: admin),
    ]

    private static let byRoute: [String: Entry] = Dictionary(uniqueKeysWithValues: all.map { ("\($0.method) \($0.path)", $0) })
    private static let byID: [String: Entry] = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })

    /// The operation a matched route is (its method and the router's endpoint path); nil for a
    /// route missing from the table, which no key may call.
    static func entry(method: HTTPRequest.Method, path: String?) -> Entry? {
        guard let path else { return nil }
        return byRoute["\(method) \(path.hasPrefix("/") ? path : "/" + path)"]
    }

    /// The roles of an operation id (for the OpenAPI document); empty for one without a key.
    static func roles(of id: String) -> [AccessKey.Role] { byID[id]?.roles ?? [] }
}
