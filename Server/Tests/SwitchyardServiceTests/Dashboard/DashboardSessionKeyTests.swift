import Foundation
import Hummingbird
import HummingbirdTesting
@_spi(SwitchyardService) import Switchyard
@testable import SwitchyardService
import SwitchyardStore
import Testing

/// Every dashboard session is checked against the key that opened it: a named key revoked, and a
/// bootstrap key that left the environment (a restart without `SWITCHYARD_API_KEY`), end their
/// sessions at the next request; the names the service gives its own keys cannot be taken.
@Suite struct DashboardSessionKeyTests {
    /// The bootstrap key's session, then the same store served by an instance whose environment no
    /// longer has that key (another admin key of the team): the old cookie is a signed-out browser.
    @Test(arguments: StoreKind.available)
    func aBootstrapSessionEndsWhenItsKeyLeavesTheEnvironment(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            let browser = DashboardClient(client)
            let csrf = try await browser.signIn(Keys.admin)
            #expect(try await browser.get("/").status == .ok)
            let cookies = browser.cookies

            var restarted = Harness.configuration()
            restarted.adminKeys = ["a-new-generated-admin-key-0001": "shop"]
            let app = try buildApplication(configuration: restarted, store: harness.store, logger: Harness.logger,
                                           clickRecorder: harness.recorder, openLinkRefresher: harness.refresher, passes: harness.passes,
                                           now: { [clock = harness.clock] in clock.now }, webhookResolver: nil)
            try await app.test(.router) { newClient in
                let old = DashboardClient(newClient)
                for (name, value) in cookies { old.setCookie(name, value) }
                let home = try await old.get("/")
                #expect(home.status == .seeOther && home.headers[.location] == "/dashboard/signin", "\(home.status)")
                // Nor can the old session make a key or a link.
                let made = try await old.post("/dashboard/keys", form: [("csrf", csrf), ("name", "after-restart"), ("role", "admin")])
                #expect(made.status == .seeOther && made.headers[.location] == "/dashboard/signin", "\(made.status)")
                #expect(try await harness.store.accessKeys(team: "shop").allSatisfy { $0.name != "after-restart" })
            }
        }
    }

    /// A named key's session ends when the key is revoked through the API, whatever the key is called.
    @Test(arguments: StoreKind.available)
    func aNamedKeysSessionEndsWhenTheKeyIsRevoked(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            let made = try await client.send(.post, "/api/v1/keys", json: #"{"name": "ops-admin", "role": "admin"}"#)
            #expect(made.status == .created, "\(made.text)")
            let key = try #require(try made.json()["key"]?.stringValue)
            let browser = DashboardClient(client)
            try await browser.signIn(key)
            #expect(try await browser.get("/").status == .ok)
            #expect(try await client.send(.delete, "/api/v1/keys/ops-admin").status == .noContent)
            let home = try await browser.get("/")
            #expect(home.status == .seeOther && home.headers[.location] == "/dashboard/signin")
        }
    }

    /// Key names are per team: another team's `rival-admin` does not make the name taken (a 409
    /// told one team another's key names), and the same team's does.
    @Test(arguments: StoreKind.available)
    func keyNamesArePerTeam(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            let theirs = try await client.send(.post, "/api/v1/keys", key: Keys.otherTeam, json: #"{"name": "rival-admin", "role": "admin"}"#)
            #expect(theirs.status == .created, "\(theirs.text)")
            let ours = try await client.send(.post, "/api/v1/keys", json: #"{"name": "rival-admin", "role": "viewer"}"#)
            #expect(ours.status == .created, "\(ours.text)")
            let again = try await client.send(.post, "/api/v1/keys", json: #"{"name": "rival-admin", "role": "viewer"}"#)
            #expect(again.status == .conflict)
            // The audit log names the key itself: a new key of a revoked key's name is another key.
            let entries = try await client.send(.get, "/api/v1/audit?action=key.created").json()["entries"]?.arrayValue ?? []
            #expect(entries.first?["keyId"]?.stringValue?.hasPrefix("env:") == true, "\(entries)")
            // Revoking ours leaves theirs working.
            #expect(try await client.send(.delete, "/api/v1/keys/rival-admin").status == .noContent)
            let other = try #require(try await harness.store.accessKeys(team: "other").first { $0.name == "rival-admin" })
            #expect(other.revokedAt == nil)
            let theirKey = try #require(try theirs.json()["key"]?.stringValue)
            #expect(try await client.send(.get, "/api/v1/links", key: theirKey).status == .ok)
            // A named key's entries name the key itself: its digest's first 16 hex digits.
            let first = try await client.send(.post, "/api/v1/keys", json: #"{"name": "writer", "role": "editor"}"#)
            let firstKey = try #require(try first.json()["key"]?.stringValue)
            _ = try await client.create(#"{"route": "about/team"}"#, key: firstKey)
            let created = try await client.send(.get, "/api/v1/audit?action=link.created").json()["entries"]?.arrayValue ?? []
            let writers = created.filter { $0["key"] == "writer" }.compactMap { $0["keyId"]?.stringValue }
            #expect(writers == ["key:" + NamedKeys.digest(firstKey).prefix(16)], "\(writers)")
        }
    }

    @Test(arguments: ["environment", "Environment", "app1", "APP22"])
    func theServicesOwnKeyNamesCannotBeTaken(name: String) async throws {
        try await Harness.live(.memory) { client, _ in
            let refused = try await client.send(.post, "/api/v1/keys", json: #"{"name": "\#(name)", "role": "admin"}"#)
            #expect(refused.status == .badRequest, "\(refused.text)")
            #expect(try refused.json()["detail"]?.stringValue?.contains("is one the service uses itself") == true, "\(refused.text)")
        }
    }

    @Test func reservedNames() {
        for name in ["environment", "ENVIRONMENT", "app1", "app007"] { #expect(NamedKeys.isReserved(name), "\(name)") }
        for name in ["app", "apple", "app1x", "environments", "my-app1"] { #expect(!NamedKeys.isReserved(name), "\(name)") }
    }
}

/// No value from a request reaches a trapping conversion: the key form's days, and any instant a
/// store converts to milliseconds.
@Suite struct TrappingConversionTests {
    /// `days=100000000000000` once killed the process (`Double value cannot be converted to Int64`).
    @Test(arguments: StoreKind.available)
    func theKeyFormRefusesDaysOutOfRange(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            let browser = DashboardClient(client)
            let csrf = try await browser.signIn()
            for days in ["100000000000000", "99999999999999999999999", "0", "-3", "1.5", "abc", "36501"] {
                let refused = try await browser.post("/dashboard/keys", form: [("csrf", csrf), ("name", "k\(days.count)"), ("role", "viewer"),
                                                                             ("days", days)])
                #expect(refused.status == .badRequest, "\(days): \(refused.status)")
                #expect(refused.text.contains("Days must be a whole number from 1 to 36500"), "\(days)")
            }
            #expect(try await client.send(.get, "/health", key: nil).status == .ok, "the service still answers")
            let made = try await browser.post("/dashboard/keys", form: [("csrf", csrf), ("name", "hundred-years"), ("role", "viewer"),
                                                                      ("days", "36500")])
            #expect((200..<400).contains(made.status.code), "\(made.status)")
            let key = try #require(try await harness.store.accessKeys(team: "shop").first { $0.name == "hundred-years" })
            #expect(key.expiresAt != nil)
        }
    }

    /// Instants beyond what a store keeps are clamped, never trapped on.
    @Test(arguments: StoreKind.available)
    func anyInstantIsStored(kind: StoreKind) async throws {
        try await Harness.live(kind) { _, harness in
            for date in [Date.distantFuture, Date(timeIntervalSince1970: 1e300), Date(timeIntervalSince1970: -1e300), Date.distantPast] {
                let stored = StoredDate.rounded(date)
                #expect(stored >= StoredDate.earliest && stored <= StoredDate.latest.addingTimeInterval(0.001), "\(date)")
            }
            let record = try NamedKeys.make(name: "far", team: "shop", role: .viewer, now: harness.clock.now,
                                            expiresAt: Date(timeIntervalSince1970: 8.64e18)).record
            try await harness.store.insertKey(record, audit: nil)
            let read = try #require(try await harness.store.accessKeys(team: "shop").first { $0.name == "far" })
            #expect(read.expiresAt.map { abs($0.timeIntervalSince(StoredDate.latest)) < 0.01 } == true, "\(String(describing: read.expiresAt))")
        }
    }
}
