import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@_spi(SwitchyardService) import Switchyard
@testable import SwitchyardService
import SwitchyardStore
import Testing

/// The audit trail of a scripted series of changes, on every store: who (key name and role), what,
/// on what, from which address, newest first; filtered by key and by action; paged; each team
/// sees only its own. Each change's entry is in the store when the change is acknowledged.
@Suite struct AuditTrailTests {
    /// Read from the store itself the moment each answer arrives, with no wait: a link created,
    /// updated and deleted and a webhook created and deleted over the socket each have their entry.
    @Test(arguments: StoreKind.available)
    func anAcknowledgedChangeHasItsEntryAtOnce(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            func newest() async throws -> String {
                let entry = try #require(try await harness.store.audit(AuditQuery(team: "shop", limit: 1)).first)
                return "\(entry.action) \(entry.target) \(entry.keyName)"
            }
            let code = try #require(try await client.create(#"{"route": "about/team"}"#)["code"]?.stringValue)
            #expect(try await newest() == "link.created \(code) environment")
            #expect(try await client.send(.patch, "/api/v1/links/\(code)", json: #"{"fallbacks": {"web": "https://shop.example.com/"}}"#)
                .status == .ok)
            #expect(try await newest() == "link.updated \(code) environment")
            #expect(try await client.send(.delete, "/api/v1/links/\(code)").status == .noContent)
            #expect(try await newest() == "link.deleted \(code) environment")
            let hook = try await client.send(.post, "/api/v1/webhooks", json: #"{"url": "https://93.184.216.34/hook", "events": ["link.created"]}"#)
            let webhook = try #require(try hook.json()["id"]?.stringValue)
            #expect(try await newest() == "webhook.created \(webhook) environment")
            #expect(try await client.send(.delete, "/api/v1/webhooks/\(webhook)").status == .noContent)
            #expect(try await newest() == "webhook.deleted \(webhook) environment")
            #expect(try await client.send(.delete, "/api/v1/links/\(code)").status == .notFound)
            #expect(try await newest() == "webhook.deleted \(webhook) environment", "a change refused has no entry")
        }
    }

    @Test(arguments: StoreKind.available)
    func aScriptedSeriesOfChangesIsRecorded(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            let made = try await client.send(.post, "/api/v1/keys", json: #"{"name": "ed", "role": "editor"}"#)
            #expect(made.status == .created, "\(made.text)")
            let editor = try #require(try made.json()["key"]?.stringValue)
            let code = try #require(try await client.create(#"{"route": "about/team"}"#, key: editor)["code"]?.stringValue)
            #expect(try await client.send(.patch, "/api/v1/links/\(code)", key: editor,
                                          json: #"{"fallbacks": {"web": "https://shop.example.com/"}}"#).status == .ok)
            #expect(try await client.send(.delete, "/api/v1/links/\(code)", key: editor).status == .noContent)
            let hook = try await client.send(.post, "/api/v1/webhooks", json: #"{"url": "https://93.184.216.34/hook", "events": ["link.created"]}"#)
            let webhook = try #require(try hook.json()["id"]?.stringValue)
            #expect(try await client.send(.delete, "/api/v1/webhooks/\(webhook)").status == .noContent)
            #expect(try await client.send(.delete, "/api/v1/keys/ed").status == .noContent)
            _ = try await client.create(#"{"route": "about/team"}"#, key: Keys.otherTeam)

            let log = try await client.send(.get, "/api/v1/audit").json()
            let entries = try #require(log["entries"]?.arrayValue)
            let rows = entries.map { entry in
                ["action", "key", "role", "target", "address"].map { entry[$0]?.stringValue ?? "-" }.joined(separator: " ")
            }
            #expect(rows == [
                "key.revoked environment admin ed 127.0.0.1",
                "webhook.deleted environment admin \(webhook) 127.0.0.1",
                "webhook.created environment admin \(webhook) 127.0.0.1",
                "link.deleted ed editor \(code) 127.0.0.1",
                "link.updated ed editor \(code) 127.0.0.1",
                "link.created ed editor \(code) 127.0.0.1",
                "key.created environment admin ed 127.0.0.1",
            ])
            #expect(entries.last?["detail"]?.stringValue == "role editor")
            #expect(log["nextCursor"] == .null)

            let byKey = try await client.send(.get, "/api/v1/audit?key=ed").json()["entries"]?.arrayValue ?? []
            #expect(byKey.compactMap { $0["action"]?.stringValue } == ["link.deleted", "link.updated", "link.created"])
            let byAction = try await client.send(.get, "/api/v1/audit?action=key.created").json()["entries"]?.arrayValue ?? []
            #expect(byAction.compactMap { $0["target"]?.stringValue } == ["ed"])

            var pages: [[String]] = []
            var cursor: String?
            repeat {
                let page = try await client.send(.get, "/api/v1/audit?limit=3" + (cursor.map { "&cursor=\($0)" } ?? "")).json()
                pages.append(page["entries"]?.arrayValue?.compactMap { $0["action"]?.stringValue } ?? [])
                cursor = page["nextCursor"]?.stringValue
            } while cursor != nil && pages.count < 5
            #expect(pages.map(\.count) == [3, 3, 1])
            #expect(pages.flatMap { $0 } == entries.compactMap { $0["action"]?.stringValue })

            let other = try await client.send(.get, "/api/v1/audit", key: Keys.otherTeam).json()["entries"]?.arrayValue ?? []
            #expect(other.compactMap { $0["action"]?.stringValue } == ["link.created"])
            #expect(try await client.send(.get, "/api/v1/audit?cursor=abc").status == .badRequest)
        }
    }
}
