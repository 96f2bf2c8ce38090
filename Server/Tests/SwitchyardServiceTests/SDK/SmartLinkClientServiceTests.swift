import Foundation
import Hummingbird
import HummingbirdTesting
import Switchyard
@testable import SwitchyardService
import Testing

/// The SDK's `SmartLinkClient` against the real service over a socket (URLSession), on SQLite.
@Suite struct SmartLinkClientServiceTests {
    @Test func resolvesAndRedeemsAgainstTheService() async throws {
        try await Harness.live(.sqlite) { client, _ in
            let port = try #require(client.port)
            let created = try await client.create(
                #"{"route": "product", "routeParameters": {"product_id": "42"}, "queryParameters": {"ref": "mail"},"#
                    + #" "metadata": {"coupon": "SAVE20", "tiers": [1, 2]}, "redeemLimit": 2}"#)
            let code = try #require(created["code"]?.stringValue)
            let service = URL(string: "http://127.0.0.1:\(port)")!
            let table = try RouteTable(Harness.routes)
            let sdk = SmartLinkClient(service: service, appKey: Keys.app, table: table, installID: "install-first")

            let link = try await sdk.resolve(code: code)
            #expect(link.route == "product/:product_id")
            #expect(link.routeParameters == ["product_id": "42"])
            #expect(link.queryParameters == ["ref": "mail"])
            #expect(link.source == .smartLink)
            #expect(link.metadata == nil, "a redeem-limited link's metadata comes from redeem only")
            #expect(link.smartLink?.match == .exact)
            #expect(link.smartLink?.code == code)

            #expect(try await sdk.redeem(code: code) == ["coupon": "SAVE20", "tiers": [1, 2]])
            #expect(try await sdk.redeem(code: code)["coupon"] == "SAVE20", "a retry by the same install spends nothing")
            let second = SmartLinkClient(service: service, appKey: Keys.app, table: table, installID: "install-second")
            #expect(try await second.redeem(code: code)["coupon"] == "SAVE20")
            let third = SmartLinkClient(service: service, appKey: Keys.app, table: table, installID: "install-third")
            await #expect { _ = try await third.redeem(code: code) } throws: { ($0 as? SmartLinkError)?.code == .exhausted }
            #expect(try await sdk.redeem(code: code)["coupon"] == "SAVE20", "an install that redeemed keeps its answer")
            // Exhausted: the deep link still resolves, without its metadata.
            #expect(try await sdk.resolve(code: code).metadata == nil)

            await #expect { _ = try await sdk.resolve(code: "Nope1234") } throws: { ($0 as? SmartLinkError)?.code == .notFound }
            let wrongKey = SmartLinkClient(service: URL(string: "http://127.0.0.1:\(port)")!, appKey: "wrong",
                                           table: sdk.table)
            await #expect { _ = try await wrongKey.resolve(code: code) } throws: {
                ($0 as? SmartLinkError)?.code == .unauthorized
            }
        }
    }

    @Test func anAppTooOldIsToldWhatToDo() async throws {
        try await Harness.live(.sqlite) { client, _ in
            let port = try #require(client.port)
            let created = try await client.create(
                #"{"route": "order", "routeParameters": {"id": "9"}, "metadata": {"gift": true}, "redeemLimit": 1,"#
                    + #" "fallbacks": {"ios": "https://apps.apple.com/app/id1"}}"#)
            let code = try #require(created["code"]?.stringValue)
            let service = URL(string: "http://127.0.0.1:\(port)")!
            let table = try RouteTable(Harness.routes)
            let old = SmartLinkClient(service: service, appKey: Keys.app, table: table, installID: "install-old", appRelease: .ios(DottedVersion("2.2")!))
            await #expect { _ = try await old.resolve(code: code) } throws: { error in
                let error = error as? SmartLinkError
                return error?.code == .appTooOld && error?.requiredVersion == "2.3" && error?.fallback == "https://apps.apple.com/app/id1"
            }
            await #expect { _ = try await old.redeem(code: code) } throws: { ($0 as? SmartLinkError)?.code == .appTooOld }
            let updated = SmartLinkClient(service: service, appKey: Keys.app, table: table, installID: "install-old", appRelease: .ios(DottedVersion("2.3.0")!))
            #expect(try await updated.resolve(code: code).routeParameters == ["id": "9"])
            #expect(try await updated.redeem(code: code) == ["gift": true], "the refused redeem spent nothing")
        }
    }
}
