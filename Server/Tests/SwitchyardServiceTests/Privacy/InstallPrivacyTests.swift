import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Switchyard
import SwitchyardStore
import Testing
@testable import SwitchyardService

/// A data subject's access and erasure requests over the admin API (issue 55): the team's records
/// of one install exported and erased over a real socket, the counts kept, the audit log naming the
/// install's hash only, and the endpoints refused to the app key and to malformed identifiers.
@Suite struct InstallPrivacyTests {
    static let install = "6F1C2A7E-3B0D-4C55-9B1E-2D8F7A6C5B40"

    @Test(arguments: StoreKind.available)
    func anInstallIsExportedAndErasedWithItsCountsKept(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            let code = try #require(try await client.create(#"{"route": "about/team", "metadata": {"coupon": "SPRING"}, "redeemLimit": 3}"#)["code"]?.stringValue)
            let redeemed = try await client.send(.post, "/api/v1/links/\(code)/redeem", key: Keys.app, json: installBody(Self.install))
            #expect(redeemed.status == .ok)
            _ = try await client.send(.post, "/api/v1/links/\(code)/redeem", key: Keys.app, json: installBody("another-install-01"))

            let exported = try await client.send(.get, "/api/v1/installs/\(Self.install)")
            #expect(exported.status == .ok)
            let records = try exported.json()
            #expect(records["install"]?.stringValue == Self.install)
            #expect(records["redemptions"]?.arrayValue?.map { $0["code"]?.stringValue } == [code])
            #expect(records["attestedKeys"]?.arrayValue?.isEmpty == true)
            #expect(records["notKept"]?.stringValue?.contains("never an install") == true)
            let other = try await client.send(.get, "/api/v1/installs/\(Self.install)", key: Keys.otherTeam).json()
            #expect(other["redemptions"]?.arrayValue?.isEmpty == true, "another team sees none of this team's redemptions")

            let erased = try await client.send(.delete, "/api/v1/installs/\(Self.install)")
            #expect(erased.status == .ok)
            #expect(try erased.json()["redemptionsAnonymized"] == 1)
            #expect(try await client.send(.get, "/api/v1/installs/\(Self.install)").json()["redemptions"]?.arrayValue?.isEmpty == true)
            #expect(try await harness.store.link(code: code)?.redeemCount == 2, "the link's count stays")
            #expect(try await client.send(.delete, "/api/v1/installs/\(Self.install)").json()["redemptionsAnonymized"] == 0)

            let audit = try await client.send(.get, "/api/v1/audit").text
            #expect(audit.contains("install.exported") && audit.contains("install.erased"))
            #expect(audit.contains(InstallPrivacy.auditTarget(Self.install)))
            #expect(audit.contains("1 redemption anonymized"))
            #expect(!audit.contains(Self.install), "the audit log names the install's hash, never the identifier")
        }
    }

    @Test func theEndpointsRefuseTheAppKeyAndMalformedIdentifiers() async throws {
        try await Harness.live(.memory) { client, _ in
            #expect(try await client.send(.get, "/api/v1/installs/\(Self.install)", key: Keys.app).status == .forbidden)
            #expect(try await client.send(.delete, "/api/v1/installs/\(Self.install)", key: Keys.app).status == .forbidden)
            #expect(try await client.send(.get, "/api/v1/installs/\(Self.install)", key: nil).status == .unauthorized)
            for bad in ["short", "has%20space-0000", String(repeating: "a", count: 129), "quote%22inside00"] {
                let answer = try await client.send(.delete, "/api/v1/installs/\(bad)")
                #expect(answer.status == .badRequest, "\(bad)")
                #expect(try answer.json()["type"]?.stringValue?.hasSuffix("invalid-install") == true)
            }
        }
    }
}
