import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Switchyard
@testable import SwitchyardService
import SwitchyardStore
import Testing

/// A link's install proof changed by `PATCH /api/v1/links/{code}`, over a real socket on every
/// store: it takes effect on the next redeem, null returns it to the service's default, the
/// fallbacks are kept, each change is audited, and the dashboard's link page shows it.
@Suite struct InstallProofUpdateTests {
    @Test(arguments: StoreKind.available)
    func anEditorSetsAndClearsALinksInstallProof(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            let made = try await client.send(.post, "/api/v1/keys", json: #"{"name": "ed", "role": "editor"}"#)
            let editor = try #require(try made.json()["key"]?.stringValue)
            let code = try #require(try await client.create(
                #"{"route": "about/team", "redeemLimit": 5, "fallbacks": {"web": "https://shop.example.com/a"}}"#)["code"]?.stringValue)
            func patch(_ json: String, key: String = editor) async throws -> TestResponse {
                try await client.send(.patch, "/api/v1/links/\(code)", key: key, json: json)
            }
            func redeem(_ install: String) async throws -> TestResponse {
                try await client.send(.post, "/api/v1/links/\(code)/redeem", key: Keys.app, json: installBody(install))
            }

            let attested = try await patch(#"{"installProof": "attested"}"#)
            #expect(attested.status == .ok, "\(attested.text)")
            #expect(try attested.json()["installProof"] == "attested")
            #expect(try attested.json()["fallbacks"]?["web"] == "https://shop.example.com/a", "the fallbacks are kept")
            let refused = try await redeem("install-0001")
            #expect(refused.status == .forbidden)
            #expect(try refused.json()["type"] == "https://switchyard.dev/problems/install-proof-required")

            let none = try await patch(#"{"installProof": "none"}"#, key: Keys.admin)
            #expect(try none.json()["installProof"] == "none")
            #expect(try await redeem("install-0001").status == .ok)

            let cleared = try await patch(#"{"installProof": null, "fallbacks": {"web": "https://shop.example.com/b"}}"#)
            #expect(try cleared.json()["installProof"] == .null, "the service's default again")
            #expect(try cleared.json()["fallbacks"]?["web"] == "https://shop.example.com/b")
            #expect(try await client.send(.get, "/api/v1/links/\(code)").json()["installProof"] == .null)

            let entries = try await client.send(.get, "/api/v1/audit?action=link.updated").json()["entries"]?.arrayValue ?? []
            #expect(entries.map { ($0["key"]?.stringValue ?? "-") + " " + ($0["detail"]?.stringValue ?? "-") } == [
                "ed fallbacks, installProof=default", "environment installProof=none", "ed installProof=attested",
            ])
        }
    }

    @Test func aBadInstallProofOrAnEmptyChangeIsRefusedAndTheAppKeyMayNotChangeIt() async throws {
        try await Harness.live(.memory) { client, harness in
            let code = try #require(try await client.create(#"{"route": "about/team", "redeemLimit": 1}"#)["code"]?.stringValue)
            let bad = try await client.send(.patch, "/api/v1/links/\(code)", json: #"{"installProof": "maybe"}"#)
            #expect(bad.status == .badRequest)
            #expect(try bad.json()["detail"] == #"'installProof' must be "attested", "none" or null, got 'maybe'"#)
            let empty = try await client.send(.patch, "/api/v1/links/\(code)", json: "{}")
            #expect(empty.status == .badRequest)
            #expect(try empty.json()["detail"] == "the body must set 'fallbacks', 'installProof' or 'installProofFor'")
            let byApp = try await client.send(.patch, "/api/v1/links/\(code)", key: Keys.app, json: #"{"installProof": "none"}"#)
            #expect(byApp.status == .forbidden)
            #expect(try await harness.store.link(code: code)?.installProof == nil)
        }
    }

    /// The row's words for each proof and set of endpoints, an empty set (stored data the API never
    /// writes) included.
    @Test func theInstallProofRowNamesItsEndpoints() {
        #expect(DashboardViews.installProofText(.none, for: [.resolve]) == "none")
        #expect(DashboardViews.installProofText(.attested, for: nil) == "attested: only an App Attest install redeems")
        #expect(DashboardViews.installProofText(.attested, for: [.resolve, .redeem])
            == "attested: only an App Attest install redeems or gets the metadata from resolve")
        #expect(DashboardViews.installProofText(.attested, for: [])
            == "attested, for no endpoint: any install redeems and gets the metadata")
    }

    /// The link page shows the proof a redeem needs: the link's own, or the service's default.
    @Test func theDashboardLinkPageShowsTheInstallProof() async throws {
        var configuration = Harness.configuration()
        configuration.attest.redeemLimitedDefault = .attested
        try await Harness.live(.memory, configuration: configuration) { client, _ in
            let limited = try #require(try await client.create(#"{"route": "about/team", "redeemLimit": 1}"#)["code"]?.stringValue)
            let open = try #require(try await client.create(#"{"route": "about/team", "installProof": "none"}"#)["code"]?.stringValue)
            let browser = DashboardClient(client)
            try await browser.signIn()
            let byDefault = try await browser.get("/dashboard/links/\(limited)").text
            #expect(byDefault.contains("attested: only an App Attest install redeems"))
            #expect(byDefault.contains("(the service&#39;s default)"), "\(byDefault)")
            let own = try await browser.get("/dashboard/links/\(open)").text
            #expect(own.contains("Install proof"))
            #expect(!own.contains("the service&#39;s default"))
            // And the endpoints it covers: the redeem unless the link names others.
            #expect(!byDefault.contains("gets the metadata from resolve"), "the default covers the redeem only")
            let both = try #require(try await client.create(
                #"{"route": "about/team", "installProof": "attested", "installProofFor": ["resolve", "redeem"]}"#)["code"]?.stringValue)
            #expect(try await browser.get("/dashboard/links/\(both)").text
                .contains("attested: only an App Attest install redeems or gets the metadata from resolve"))
            let resolveOnly = try #require(try await client.create(
                #"{"route": "about/team", "installProof": "attested", "installProofFor": ["resolve"]}"#)["code"]?.stringValue)
            let page = try await browser.get("/dashboard/links/\(resolveOnly)").text
            #expect(page.contains("attested: only an App Attest install gets the metadata from resolve"))
            #expect(!page.contains("install redeems"))
        }
    }
}
