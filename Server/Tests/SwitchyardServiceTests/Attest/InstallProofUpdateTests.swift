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
    func anAdminSetsAndClearsALinksInstallProofAndAnEditorMayNot(kind: StoreKind) async throws {
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

            // An editor may not set or lift the proof (on PATCH or create), only change fallbacks.
            for body in [#"{"installProof": "attested"}"#, #"{"installProof": null}"#, #"{"installProofFor": ["redeem", "resolve"]}"#] {
                let byEditor = try await patch(body)
                #expect(byEditor.status == .forbidden, "\(body): \(byEditor.text)")
                #expect(try byEditor.json()["detail"]?.stringValue?.contains("needs the admin role") == true)
            }
            let createdByEditor = try await client.send(.post, "/api/v1/links", key: editor,
                                                        json: #"{"route": "about/team", "installProof": "none"}"#)
            #expect(createdByEditor.status == .forbidden, "\(createdByEditor.text)")
            #expect(try await patch(#"{"fallbacks": {"web": "https://shop.example.com/c"}}"#).status == .ok)

            let attested = try await patch(#"{"installProof": "attested"}"#, key: Keys.admin)
            #expect(attested.status == .ok, "\(attested.text)")
            #expect(try attested.json()["installProof"] == "attested")
            #expect(try attested.json()["fallbacks"]?["web"] == "https://shop.example.com/c", "the fallbacks are kept")
            let refused = try await redeem("install-0001")
            #expect(refused.status == .forbidden)
            #expect(try refused.json()["type"] == "https://switchyard.dev/problems/install-proof-required")

            let none = try await patch(#"{"installProof": "none"}"#, key: Keys.admin)
            #expect(try none.json()["installProof"] == "none")
            #expect(try await redeem("install-0001").status == .ok)

            let cleared = try await patch(#"{"installProof": null, "fallbacks": {"web": "https://shop.example.com/b"}}"#, key: Keys.admin)
            #expect(try cleared.json()["installProof"] == .null, "the service's default again")
            #expect(try cleared.json()["fallbacks"]?["web"] == "https://shop.example.com/b")
            #expect(try await client.send(.get, "/api/v1/links/\(code)").json()["installProof"] == .null)

            let entries = try await client.send(.get, "/api/v1/audit?action=link.updated").json()["entries"]?.arrayValue ?? []
            #expect(entries.map { ($0["key"]?.stringValue ?? "-") + " " + ($0["detail"]?.stringValue ?? "-") } == [
                "environment fallbacks, installProof=default", "environment installProof=none", "environment installProof=attested",
                "ed fallbacks",
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
            #expect(try empty.json()["detail"] == "the body must set 'fallbacks', 'installProof', 'installProofFor', 'rules', 'variants' or 'password'")
            let byApp = try await client.send(.patch, "/api/v1/links/\(code)", key: Keys.app, json: #"{"installProof": "none"}"#)
            #expect(byApp.status == .forbidden)
            #expect(try await harness.store.link(code: code)?.installProof == nil)
        }
    }

    /// The row's words for each proof and set of endpoints, an empty set (stored data the API never
    /// writes) included.
    @Test func theInstallProofRowNamesItsEndpoints() {
        #expect(DashboardViews.installProofText(.none, for: [.resolve]) == "none")
        // Every endpoint, whatever a link made before the rule stored.
        for stored in [nil, [.redeem], [.resolve], [.resolve, .redeem], []] as [[InstallProofAction]?] {
            #expect(DashboardViews.installProofText(.attested, for: stored)
                == "attested: only an App Attest install redeems or gets the metadata from resolve or a deferred claim")
        }
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
            #expect(byDefault.contains("attested: only an App Attest install redeems or gets the metadata from resolve or a deferred claim"))
            #expect(byDefault.contains("(the service&#39;s default)"), "\(byDefault)")
            let own = try await browser.get("/dashboard/links/\(open)").text
            #expect(own.contains("Install proof"))
            #expect(!own.contains("the service&#39;s default"))
            // A list naming one endpoint only is refused: no endpoint of an attested link is left open.
            let resolveOnly = try await client.send(.post, "/api/v1/links",
                                                    json: #"{"route": "about/team", "installProof": "attested", "installProofFor": ["resolve"]}"#)
            #expect(resolveOnly.status == .badRequest)
            #expect(try resolveOnly.json()["detail"]?.stringValue?.hasPrefix("'installProofFor' must name both") == true)
        }
    }
}
