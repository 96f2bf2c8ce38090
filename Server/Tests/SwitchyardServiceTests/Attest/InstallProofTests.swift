import Foundation
import Hummingbird
import HummingbirdTesting
import Switchyard
@testable import SwitchyardService
import SwitchyardStore
import Testing

/// A link's `installProof` over a real socket on every store: the drain of the issue (made-up
/// install identifiers with the app key taken from the app) fails against a link that demands an
/// attested install, and an attested install redeems with assertions whose counter only grows.
@Suite struct InstallProofTests {
    static let install = "install-real-customer"

    static func redeem(_ client: some TestClientProtocol, _ code: String, install: String,
                       key: AttestSupport.DeviceKey? = nil, counter: UInt32 = 1, signing: String? = nil) async throws -> TestResponse {
        var headers: HTTPFields = [:]
        if let key {
            headers[InstallProofCheck.keyHeader] = key.keyID
            headers[InstallProofCheck.assertionHeader] = try key.assertion(over: signing ?? "redeem:\(code):\(install)", counter: counter)
        }
        return try await client.send(.post, "/api/v1/links/\(code)/redeem", key: Keys.app, json: installBody(install), headers: headers)
    }

    @Test(arguments: StoreKind.available)
    func madeUpInstallsCannotDrainALinkThatDemandsProof(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            let created = try await client.create(
                #"{"route": "about/team", "metadata": {"coupon": "SAVE20"}, "redeemLimit": 2, "installProof": "attested"}"#)
            #expect(created["installProof"] == "attested")
            let code = try #require(created["code"]?.stringValue)
            for attacker in ["attacker-install-1", "attacker-install-2"] {
                let refused = try await Self.redeem(client, code, install: attacker)
                #expect(refused.status == .forbidden)
                #expect(try refused.json()["type"] == "https://switchyard.dev/problems/install-proof-required")
                #expect(!refused.text.contains("SAVE20"))
            }
            #expect(try await harness.store.link(code: code)?.redeemCount == 0, "nothing spent")

            let device = AttestSupport.DeviceKey(appID: "TEAMID.com.example.shop")
            #expect(try await harness.store.insertAttestKey(device.record(install: Self.install, at: harness.clock.now)))
            let redeemed = try await Self.redeem(client, code, install: Self.install, key: device)
            #expect(redeemed.status == .ok, "\(redeemed.text)")
            #expect(try redeemed.json()["metadata"] == ["coupon": "SAVE20"])
            #expect(try await harness.store.link(code: code)?.redeemCount == 1)
        }
    }

    /// A replayed or lowered counter, a signature over another link, another install's key and an
    /// unknown key are each refused, and nothing is spent.
    @Test(arguments: StoreKind.available)
    func badAssertionsAreRefused(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            let code = try #require(try await client.create(
                #"{"route": "about/team", "redeemLimit": 5, "installProof": "attested"}"#)["code"]?.stringValue)
            let device = AttestSupport.DeviceKey(appID: "TEAMID.com.example.shop")
            #expect(try await harness.store.insertAttestKey(device.record(install: Self.install, at: harness.clock.now)))
            func detail(_ response: TestResponse) throws -> String? {
                #expect(response.status == .forbidden)
                #expect(try response.json()["type"] == "https://switchyard.dev/problems/assertion-invalid")
                return try response.json()["detail"]?.stringValue
            }
            #expect(try await Self.redeem(client, code, install: Self.install, key: device, counter: 4).status == .ok)
            let replayed = try await Self.redeem(client, code, install: Self.install, key: device, counter: 4)
            #expect(try detail(replayed) == "counter: the counter 4 is not above 4: a replayed assertion")
            let lowered = try await Self.redeem(client, code, install: Self.install, key: device, counter: 2)
            #expect(try detail(lowered) == "counter: the counter 2 is not above 4: a replayed assertion")
            let otherData = try await Self.redeem(client, code, install: Self.install, key: device, counter: 5,
                                                  signing: "redeem:other-link:\(Self.install)")
            #expect(try detail(otherData) == "signature: the signature does not verify over this request with the attested key")
            let borrowed = try await Self.redeem(client, code, install: "attacker-install-1", key: device, counter: 6)
            #expect(try detail(borrowed) == "key '\(device.keyID)' was attested for another install")
            let unknown = AttestSupport.DeviceKey(appID: "TEAMID.com.example.shop")
            let unattested = try await Self.redeem(client, code, install: Self.install, key: unknown)
            #expect(unattested.status == .forbidden)
            #expect(try unattested.json()["type"] == "https://switchyard.dev/problems/attest-key-unknown")
            #expect(try unattested.json()["detail"] == .string("no attested key '\(unknown.keyID)': attest it with POST /api/v1/attest first"))
            #expect(try await harness.store.link(code: code)?.redeemCount == 1)
            #expect(try await harness.store.attestKey(id: device.keyID)?.counter == 4)
        }
    }

    /// The service's default for redeem-limited links: links that do not say ask what it says;
    /// a link that says `none` and a link without a limit ask nothing.
    @Test func theServiceDefaultAppliesToRedeemLimitedLinks() async throws {
        var configuration = Harness.configuration()
        configuration.attest.redeemLimitedDefault = .attested
        try await Harness.live(.memory, configuration: configuration) { client, _ in
            let limited = try #require(try await client.create(#"{"route": "about/team", "redeemLimit": 3}"#)["code"]?.stringValue)
            let optedOut = try #require(try await client.create(
                #"{"route": "about/team", "redeemLimit": 3, "installProof": "none"}"#)["code"]?.stringValue)
            let unlimited = try #require(try await client.create(#"{"route": "about/team"}"#)["code"]?.stringValue)
            #expect(try await Self.redeem(client, limited, install: "install-aaaaaaaa").status == .forbidden)
            #expect(try await Self.redeem(client, optedOut, install: "install-aaaaaaaa").status == .ok)
            #expect(try await Self.redeem(client, unlimited, install: "install-aaaaaaaa").status == .ok)
        }
        try await Harness.live(.memory) { client, _ in
            let limited = try #require(try await client.create(#"{"route": "about/team", "redeemLimit": 3}"#)["code"]?.stringValue)
            #expect(try await Self.redeem(client, limited, install: "install-aaaaaaaa").status == .ok, "without App Attest set up, no proof is asked")
        }
    }

    @Test func theAppKeyCannotSetInstallProofAndABadValueIsA400() async throws {
        try await Harness.live(.memory) { client, _ in
            let bad = try await client.send(.post, "/api/v1/links", json: #"{"route": "about/team", "installProof": "maybe"}"#)
            #expect(bad.status == .badRequest)
            #expect(try bad.json()["detail"] == #"'installProof' must be "attested" or "none", got 'maybe'"#)
            let byApp = try await client.send(.post, "/api/v1/links", key: Keys.app,
                                              json: #"{"route": "about/team", "installProof": "none", "install": "install-aaaaaaaa"}"#)
            #expect(byApp.status == .forbidden)
        }
    }
}
