import Foundation
import Hummingbird
import HummingbirdTesting
import Switchyard
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
            let sdk = SmartLinkClient(service: URL(string: "http://127.0.0.1:\(port)")!, appKey: Keys.app,
                                      table: try RouteTable(Harness.routes))

            let link = try await sdk.resolve(code: code)
            #expect(link.route == "product/:product_id")
            #expect(link.routeParameters == ["product_id": "42"])
            #expect(link.queryParameters == ["ref": "mail"])
            #expect(link.source == .smartLink)
            #expect(link.metadata == ["coupon": "SAVE20", "tiers": [1, 2]])

            #expect(try await sdk.redeem(code: code) == ["coupon": "SAVE20", "tiers": [1, 2]])
            #expect(try await sdk.redeem(code: code)["coupon"] == "SAVE20")
            await #expect { _ = try await sdk.redeem(code: code) } throws: { ($0 as? SmartLinkError)?.code == .exhausted }
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
}
