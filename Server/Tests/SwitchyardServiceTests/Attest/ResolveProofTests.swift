import Foundation
import Hummingbird
import HummingbirdTesting
import Switchyard
@testable import SwitchyardService
import SwitchyardStore
import Testing

/// `installProofFor: ["resolve"]` over a real socket on every store: a link that hands its
/// metadata only to an attested install answers an unattested resolve with the route and no
/// metadata (and so does a deferred claim with its code), an attested one with the metadata, and
/// other links as before; nothing is spent.
@Suite struct ResolveProofTests {
    static let install = "install-real-customer"

    static func resolve(_ client: some TestClientProtocol, _ code: String, install: String? = nil,
                        key: AttestSupport.DeviceKey? = nil, counter: UInt32 = 1, signing: String? = nil) async throws -> TestResponse {
        var headers: HTTPFields = [:]
        if let install { headers[InstallProofCheck.installHeader] = install }
        if let key, let install {
            headers[InstallProofCheck.keyHeader] = key.keyID
            headers[InstallProofCheck.assertionHeader] = try key.assertion(over: signing ?? "resolve:\(code):\(install)", counter: counter)
        }
        return try await client.send(.get, "/api/v1/links/\(code)/resolve", key: Keys.app, headers: headers)
    }

    /// A link whose metadata (`{"secret": secret}`) goes only to an attested install's resolve; its code.
    static func attestedForResolve(_ client: some TestClientProtocol, secret: String) async throws -> String {
        try #require(try await client.create(
            #"{"route": "about/team", "metadata": {"secret": "\#(secret)"}, "installProof": "attested"}"#)["code"]?.stringValue)
    }

    @Test(arguments: StoreKind.available)
    func metadataGoesOnlyToAnAttestedInstall(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            let created = try await client.create(
                #"{"route": "about/team", "metadata": {"secret": "S1-only-for-attested"}, "installProof": "attested", "installProofFor": ["resolve", "redeem"]}"#)
            #expect(created["installProofFor"] == ["redeem", "resolve"])
            let code = try #require(created["code"]?.stringValue)
            let device = AttestSupport.DeviceKey(appID: "TEAMID.com.example.shop")
            #expect(try await harness.store.insertAttestKey(device.record(install: Self.install, at: harness.clock.now)))

            let bare = try await Self.resolve(client, code)
            #expect(bare.status == .ok, "\(bare.text)")
            #expect(try bare.json()["metadata"] == .null)
            #expect(try bare.json()["route"] == "about/team")
            #expect(!bare.text.contains("S1-only-for-attested"))
            let otherData = try await Self.resolve(client, code, install: Self.install, key: device, counter: 1,
                                                   signing: "redeem:\(code):\(Self.install)")
            #expect(try otherData.json()["metadata"] == .null, "an assertion over other data is no proof")
            let borrowed = try await Self.resolve(client, code, install: "attacker-install-1", key: device, counter: 2)
            #expect(try borrowed.json()["metadata"] == .null, "another install's key is no proof")
            let claimed = try await client.send(.post, "/api/v1/deferred/claim", key: Keys.app,
                                                json: #"{"platform": "ios", "osVersion": "18.1", "code": "\#(code)"}"#)
            #expect(claimed.status == .ok, "\(claimed.text)")
            #expect(try claimed.json()["metadata"] == .null, "a deferred claim carries no proof")

            let attested = try await Self.resolve(client, code, install: Self.install, key: device, counter: 3)
            #expect(attested.status == .ok)
            #expect(try attested.json()["metadata"] == ["secret": "S1-only-for-attested"])
            let replayed = try await Self.resolve(client, code, install: Self.install, key: device, counter: 3)
            #expect(try replayed.json()["metadata"] == .null, "a replayed assertion is no proof")
            #expect(try await harness.store.attestKey(id: device.keyID)?.counter == 3)
            #expect(try await harness.store.link(code: code)?.redeemCount == 0, "nothing spent")
        }
    }

    /// A key the service does not know (a database restored from before the attestation) is told
    /// apart from other failed proofs: `attestKeyUnknown` is true for it alone, so the app attests a
    /// new key; the metadata is withheld all the same. A link that asks no proof never says it.
    @Test(arguments: StoreKind.available)
    func anUnknownKeyIsToldApartFromOtherFailedProofs(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            let code = try await Self.attestedForResolve(client, secret: "S4")
            let known = AttestSupport.DeviceKey(appID: "TEAMID.com.example.shop")
            #expect(try await harness.store.insertAttestKey(known.record(install: Self.install, at: harness.clock.now)))
            let forgotten = AttestSupport.DeviceKey(appID: "TEAMID.com.example.shop")

            let unknown = try await Self.resolve(client, code, install: Self.install, key: forgotten)
            #expect(unknown.status == .ok, "\(unknown.text)")
            #expect(try unknown.json()["attestKeyUnknown"] == true)
            #expect(try unknown.json()["metadata"] == .null)
            let bare = try await Self.resolve(client, code)
            #expect(try bare.json()["attestKeyUnknown"] == false, "no key named")
            let borrowed = try await Self.resolve(client, code, install: "attacker-install-2", key: known, counter: 1)
            #expect(try borrowed.json()["attestKeyUnknown"] == false, "a known key of another install")
            #expect(try borrowed.json()["metadata"] == .null)
            let attested = try await Self.resolve(client, code, install: Self.install, key: known, counter: 2)
            #expect(try attested.json()["attestKeyUnknown"] == false)
            #expect(try attested.json()["metadata"] == ["secret": "S4"])

            let open = try #require(try await client.create(#"{"route": "about/team", "metadata": {"secret": "S5"}}"#)["code"]?.stringValue)
            let asked = try await Self.resolve(client, open, install: Self.install, key: forgotten)
            #expect(try asked.json()["attestKeyUnknown"] == false, "a link that asks no proof checks none")
            #expect(try asked.json()["metadata"] == ["secret": "S5"])
        }
    }

    /// The app's second resolve after `attestKeyUnknown` says so (`Switchyard-Retry:
    /// attest-key-unknown`) and is not counted as another app open; any other value is ignored.
    @Test(arguments: StoreKind.available)
    func theResolveMadeAgainAfterAnUnknownKeyIsNotASecondOpen(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            let code = try await Self.attestedForResolve(client, secret: "S6")
            let forgotten = AttestSupport.DeviceKey(appID: "TEAMID.com.example.shop")
            #expect(try await Self.resolve(client, code, install: Self.install, key: forgotten).json()["attestKeyUnknown"] == true)
            func again(_ retry: String) async throws -> TestResponse {
                try await client.send(.get, "/api/v1/links/\(code)/resolve", key: Keys.app, headers: [AppAPI.retryHeader: retry])
            }
            let retried = try await again("attest-key-unknown")
            #expect(retried.status == .ok, "\(retried.text)")
            #expect(try retried.json()["route"] == "about/team", "answered as any resolve")
            await harness.recorder.flush()
            #expect(try await Self.appOpens(client, code) == 1, "the first resolve counted, the retry not")

            #expect(try await again("something-else").status == .ok)
            await harness.recorder.flush()
            #expect(try await Self.appOpens(client, code) == 2, "another value is no retry")
        }
    }

    static func appOpens(_ client: some TestClientProtocol, _ code: String) async throws -> JSONValue? {
        let stats = try await client.send(.get, "/api/v1/links/\(code)/stats?days=1")
        #expect(stats.status == .ok, "\(stats.text)")
        return try stats.json()["totals"]?["appOpens"]
    }

    /// An attested link covers every endpoint, whatever it names: its resolve withholds the
    /// metadata without proof, its redeem refuses a made-up install, its deferred claim withholds
    /// the metadata; a link asking no proof keeps handing its metadata to any resolve.
    @Test(arguments: StoreKind.available)
    func anAttestedLinkLeavesNoEndpointOpen(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            let attested = try await client.create(#"{"route": "about/team", "metadata": {"secret": "S2"}, "installProof": "attested"}"#)
            #expect(attested["installProofFor"] == ["redeem", "resolve"])
            let code = try #require(attested["code"]?.stringValue)
            #expect(try await Self.resolve(client, code).json()["metadata"] == .null)
            let claim = try await client.send(.post, "/api/v1/deferred/claim", key: Keys.app,
                                              json: #"{"code": "\#(code)", "platform": "ios", "osVersion": "17.4"}"#)
            #expect(claim.status == .ok, "\(claim.text)")
            #expect(try claim.json()["metadata"] == .null)
            let redeemed = try await InstallProofTests.redeem(client, code, install: "install-made-up")
            #expect(redeemed.status == .forbidden, "\(redeemed.text)")
            #expect(try await harness.store.link(code: code)?.redeemCount == 0)
            let noProof = try await client.create(#"{"route": "about/team", "metadata": {"secret": "S3"}}"#)
            #expect(try await Self.resolve(client, try #require(noProof["code"]?.stringValue)).json()["metadata"] == ["secret": "S3"])
        }
    }

    /// The issue's drain: `installProofFor: ["resolve"]`, a redeem limit of 3 and metadata. The API
    /// refuses the list; a link stored with it before the rule (written to the store directly) still
    /// refuses every made-up install's redeem, nothing spent, no metadata released.
    @Test(arguments: StoreKind.available)
    func aProofForResolveOnlyNoLongerOpensTheRedeem(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            let refused = try await client.send(.post, "/api/v1/links", json:
                #"{"route": "about/team", "metadata": {"coupon": "C"}, "redeemLimit": 3, "installProof": "attested", "installProofFor": ["resolve"]}"#)
            #expect(refused.status == .badRequest, "\(refused.text)")
            let code = try #require(try await client.create(
                #"{"route": "about/team", "metadata": {"coupon": "C"}, "redeemLimit": 3, "installProof": "attested"}"#)["code"]?.stringValue)
            _ = try await harness.store.update(code: code, team: "shop", changes: LinkChanges(installProofFor: .some([.resolve])), audit: nil)
            #expect(try await harness.store.link(code: code)?.installProofFor == [.resolve])
            for install in ["install-aaaaaaaa", "install-bbbbbbbb", "install-cccccccc"] {
                let redeemed = try await InstallProofTests.redeem(client, code, install: install)
                #expect(redeemed.status == .forbidden, "\(redeemed.text)")
                #expect(try redeemed.json()["metadata"] == nil)
            }
            #expect(try await harness.store.link(code: code)?.redeemCount == 0)
        }
    }

    /// PATCH sets and resets the endpoints; a bad value is refused with the field named.
    @Test(arguments: StoreKind.available)
    func patchSetsTheEndpoints(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            let code = try #require(try await client.create(
                #"{"route": "about/team", "metadata": {"secret": "S4"}, "installProof": "attested"}"#)["code"]?.stringValue)
            let set = try await client.send(.patch, "/api/v1/links/\(code)", json: #"{"installProofFor": ["resolve", "redeem"]}"#)
            #expect(try set.json()["installProofFor"] == ["redeem", "resolve"])
            #expect(try await Self.resolve(client, code).json()["metadata"] == .null)
            let reset = try await client.send(.patch, "/api/v1/links/\(code)", json: #"{"installProofFor": null}"#)
            #expect(try reset.json()["installProofFor"] == ["redeem", "resolve"], "every endpoint, as before the reset")
            #expect(try await Self.resolve(client, code).json()["metadata"] == .null)
            let one = try await client.send(.patch, "/api/v1/links/\(code)", json: #"{"installProofFor": ["redeem"]}"#)
            #expect(one.status == .badRequest)
            let entries = try await client.send(.get, "/api/v1/audit?action=link.updated").json()["entries"]?.arrayValue ?? []
            #expect(Set(entries.compactMap { $0["detail"]?.stringValue }) == ["installProofFor=redeem+resolve", "installProofFor=default"])
            let bad = try await client.send(.patch, "/api/v1/links/\(code)", json: #"{"installProofFor": ["open"]}"#)
            #expect(bad.status == .badRequest)
            #expect(try bad.json()["detail"] == "'installProofFor' names \"redeem\" and \"resolve\" only, got 'open'")
            let empty = try await client.send(.post, "/api/v1/links", json: #"{"route": "about/team", "installProofFor": []}"#)
            #expect(empty.status == .badRequest)
            #expect(try empty.json()["detail"] == "'installProofFor' must be a non-empty array of \"redeem\" and \"resolve\", got an empty array")
        }
    }
}
