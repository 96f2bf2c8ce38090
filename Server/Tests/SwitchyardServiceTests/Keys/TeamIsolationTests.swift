import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@_spi(SwitchyardService) import Switchyard
@testable import SwitchyardService
import SwitchyardStore
import Testing

/// Two teams on one service, on every store: with keys of the other team (its admin, and a named
/// key of the role each operation needs), every endpoint that names one of the shop's things
/// answers 404, as if it did not exist, and every listing leaves them out; the shop's things are
/// untouched afterwards. One app key per team: each resolves, redeems and claims only its own
/// team's links.
@Suite struct TeamIsolationTests {
    /// A request by the other team, and what it must answer.
    struct Row: Sendable, CustomStringConvertible {
        let operation: String
        let method: HTTPRequest.Method
        let uri: String
        var body: String?
        /// The role of the other team's key to send it with.
        var role: AccessKey.Role = .admin
        /// 404, or 200 for a listing that must not mention `hidden`.
        var status: HTTPResponse.Status = .notFound

        var description: String { operation }
    }

    /// The shop's things: a link on its link domain, the domain, a webhook and a named key.
    struct Shop: Sendable {
        let code: String
        let domain = "shop-links.example"
        let webhook: String
        let key = "shop-viewer"
    }

    static func rows(_ shop: Shop) -> [Row] {
        func link(_ suffix: String = "") -> String { "/api/v1/links/\(shop.code)\(suffix)?domain=\(shop.domain)" }
        let firebase = "/v1/" + "https://\(shop.domain)/\(shop.code)".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            + "/linkStats"
        return [
            Row(operation: "getLink", method: .get, uri: link()),
            Row(operation: "updateLink", method: .patch, uri: link(), body: #"{"fallbacks": {}}"#),
            Row(operation: "deleteLink", method: .delete, uri: link()),
            Row(operation: "explainLink", method: .get, uri: link("/explain")),
            Row(operation: "getLinkStats", method: .get, uri: link("/stats"), role: .viewer),
            Row(operation: "firebaseGetLinkStats", method: .get, uri: firebase),
            Row(operation: "resolveLink", method: .get, uri: link("/resolve"), role: .app),
            Row(operation: "redeemLink", method: .post, uri: link("/redeem"), body: #"{"install": "install-1"}"#, role: .app),
            Row(operation: "claimDeferredLink", method: .post, uri: "/api/v1/deferred/claim",
                body: #"{"platform": "ios", "osVersion": "18.1", "code": "\#(shop.domain)/\#(shop.code)"}"#, role: .app),
            Row(operation: "updateDomain", method: .patch, uri: "/api/v1/domains/\(shop.domain)", body: #"{"rootRedirect": ""}"#),
            Row(operation: "removeDomain", method: .delete, uri: "/api/v1/domains/\(shop.domain)?force=true"),
            Row(operation: "listDomains", method: .get, uri: "/api/v1/domains", role: .viewer, status: .ok),
            Row(operation: "deleteWebhook", method: .delete, uri: "/api/v1/webhooks/\(shop.webhook)"),
            Row(operation: "revokeKey", method: .delete, uri: "/api/v1/keys/\(shop.key)"),
            Row(operation: "listLinks", method: .get, uri: "/api/v1/links", role: .viewer, status: .ok),
            Row(operation: "getTeamStats", method: .get, uri: "/api/v1/stats", role: .viewer, status: .ok),
            Row(operation: "listWebhooks", method: .get, uri: "/api/v1/webhooks", status: .ok),
            Row(operation: "listKeys", method: .get, uri: "/api/v1/keys", status: .ok),
            Row(operation: "listAudit", method: .get, uri: "/api/v1/audit", status: .ok),
            // The team rules are the caller's own team's: the other team reads and replaces its own.
            Row(operation: "getTeamRules", method: .get, uri: "/api/v1/team/rules", role: .viewer, status: .ok),
            Row(operation: "replaceTeamRules", method: .put, uri: "/api/v1/team/rules", body: #"{"rules": null}"#, status: .ok),
            // An install's records are the caller's team's: the other team's export shows none of the shop's redemptions,
            // and its erasure leaves them.
            Row(operation: "exportInstall", method: .get, uri: "/api/v1/installs/\(install)", status: .ok),
            Row(operation: "eraseInstall", method: .delete, uri: "/api/v1/installs/\(install)", status: .ok),
        ]
    }

    @Test(arguments: StoreKind.available)
    func theOtherTeamReachesNothingOfTheShops(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            let shop = try await Self.makeShop(client, harness: harness)
            var others = try await harness.keyOfEachRole(team: "other")
            others[.admin] = Keys.otherTeam
            for row in Self.rows(shop) {
                let response = try await client.send(row.method, row.uri, key: others[row.role], json: row.body)
                #expect(response.status == row.status, "\(row): \(response.status.code) \(response.text)")
                // A 404 names what was asked for; a listing names none of the shop's things.
                for hidden in [shop.code, shop.domain, shop.webhook, shop.key] where row.status == .ok {
                    #expect(!response.text.contains(hidden), "\(row) shows \(hidden)")
                }
            }
            // Every row has a keyed operation of the table, and every keyed operation naming a
            // thing or listing a team's things has a row.
            let covered = Set(Self.rows(shop).map(\.operation))
            // Adding a domain names a host, which is public: another team's is 409 domain-taken.
            let creations: Set = ["createLink", "firebaseCreateShortLink", "createWebhook", "createKey", "metrics", "addDomain"]
            // App Attest belongs to an install, not to a team: a challenge and an attested key
            // name no team's link, webhook or key (the redeem that uses them has its row).
            let installScoped: Set = ["attestChallenge", "attestInstall"]
            #expect(covered == Set(OperationRoles.all.map(\.id)).subtracting(creations).subtracting(installScoped))

            // The shop's things are as they were.
            #expect(try await client.send(.get, "/api/v1/links/\(shop.code)").status == .ok)
            #expect(try await client.send(.get, "/api/v1/webhooks").text.contains(shop.webhook))
            #expect(try await client.send(.get, "/api/v1/team/rules").json()["rules"]?.arrayValue?.count == 1, "the shop's rules stay")
            #expect(try await client.send(.get, "/api/v1/installs/\(Self.install)").json()["redemptions"]?.arrayValue?.count == 1,
                    "the shop's redemption stays")
            let keys = try await client.send(.get, "/api/v1/keys").json()
            #expect(keys["keys"]?.arrayValue?.first { $0["name"]?.stringValue == shop.key }?["revokedAt"] == .null)
        }
    }

    @Test(arguments: StoreKind.available)
    func eachAppKeyResolvesAndRedeemsOnlyItsTeamsLinks(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            let shopApp = try await harness.namedKey("shop-ios", role: .app, team: "shop")
            let otherApp = try await harness.namedKey("other-ios", role: .app, team: "other")
            let body = #"{"route": "about/team", "metadata": {"coupon": "A"}, "redeemLimit": 5}"#
            let shopCode = try #require(try await client.create(body)["code"]?.stringValue)
            let otherCode = try #require(try await client.create(body, key: Keys.otherTeam)["code"]?.stringValue)
            for (key, own, foreign) in [(shopApp, shopCode, otherCode), (otherApp, otherCode, shopCode)] {
                #expect(try await client.send(.get, "/api/v1/links/\(own)/resolve", key: key).status == .ok)
                #expect(try await client.send(.get, "/api/v1/links/\(foreign)/resolve", key: key).status == .notFound)
                let install = #"{"install": "device-1"}"#
                #expect(try await client.send(.post, "/api/v1/links/\(own)/redeem", key: key, json: install).status == .ok)
                #expect(try await client.send(.post, "/api/v1/links/\(foreign)/redeem", key: key, json: install).status == .notFound)
            }
            // The app key's own links belong to its team.
            let created = try await client.send(.post, "/api/v1/links", key: otherApp,
                                                json: #"{"route": "about/team", "install": "device-2"}"#)
            let appCode = try #require(try created.json()["code"]?.stringValue)
            #expect(try await client.send(.get, "/api/v1/links/\(appCode)", key: Keys.otherTeam).status == .ok)
            #expect(try await client.send(.get, "/api/v1/links/\(appCode)").status == .notFound)
        }
    }

    /// The install that redeemed the shop's link.
    static let install = "shop-install-0001"

    static func makeShop(_ client: any TestClientProtocol, harness: Harness) async throws -> Shop {
        let added = try await client.send(.post, "/api/v1/domains", json: #"{"host": "shop-links.example"}"#)
        #expect(added.status == .created, "\(added.text)")
        let code = try #require(try await client.create(#"{"route": "about/team", "redeemLimit": 5}"#)["code"]?.stringValue)
        // An install that redeemed the shop's link: another team's export and erasure of it reach none of it.
        let redeemed = try await client.send(.post, "/api/v1/links/\(code)/redeem?domain=shop-links.example", key: Keys.app, json: #"{"install": "\#(Self.install)"}"#)
        #expect(redeemed.status == .ok, "\(redeemed.text)")
        let hook = try await client.send(.post, "/api/v1/webhooks", json: #"{"url": "https://93.184.216.34/hook", "events": ["link.created"]}"#)
        let webhook = try #require(try hook.json()["id"]?.stringValue, "\(hook.status.code) \(hook.text)")
        let shop = Shop(code: code, webhook: webhook)
        _ = try await harness.namedKey(shop.key, role: .viewer, team: "shop")
        // Default rules that name the shop's code, so that a listing showing them would show it.
        let rules = try await client.send(.put, "/api/v1/team/rules", json: #"""
            {"rules": [{"conditions": [{"type": "crawler"}], "target": {"route": "product", "parameters": {"product_id": "\#(code)"}}}]}
            """#)
        #expect(rules.status == .ok, "\(rules.text)")
        return shop
    }
}
