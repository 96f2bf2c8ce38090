import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@_spi(SwitchyardService) import Switchyard
@testable import SwitchyardService
import SwitchyardStore
import Testing

/// What the app key can store, as an attacker holding it would try: each field it writes is
/// bounded in bytes, and its creations are bounded per key and per team whatever the address or
/// install, over a real socket on every store.
@Suite struct AppKeyBoundsTests {
    static func body(install: String, query: [String: String]) -> String {
        let object = JSONValue.object(query.mapValues { JSONValue.string($0) })
        return #"{"route": "product", "routeParameters": {"product_id": "42"}, "install": "\#(install)", "queryParameters": "#
            + object.serialized() + "}"
    }

    @Test(arguments: StoreKind.available)
    func theWorstBodyIsRefusedAndNothingIsStored(kind: StoreKind) async throws {
        var configuration = AppKeyCreateTests.configuration()
        configuration.limits.maximumBodySize = ServiceConfiguration.Limits().maximumBodySize
        try await Harness.live(kind, configuration: configuration) { client, harness in
            let huge = String(repeating: "x", count: 60_000)
            let cases: [([String: String], String)] = [
                (["ref": huge], "'queryParameters.ref' takes 60000 bytes; at most 256 with the app key"),
                (Dictionary(uniqueKeysWithValues: (0..<17).map { ("k\($0)", "v") }), "'queryParameters' has 17 entries; the app key may set at most 16"),
                ([String(repeating: "n", count: 65): "v"], "a name in 'queryParameters' takes 65 bytes; at most 64 with the app key"),
                (Dictionary(uniqueKeysWithValues: (0..<9).map { ("key\($0)", String(repeating: "v", count: 250)) }),
                 "'routeParameters' and 'queryParameters' take"),
            ]
            for (query, detail) in cases {
                let refused = try await client.send(.post, "/api/v1/links", key: Keys.app, json: Self.body(install: "install-0001", query: query))
                #expect(refused.status == .badRequest, "\(refused.text)")
                #expect(try refused.json()["type"] == "https://switchyard.dev/problems/app-field-too-large")
                #expect(try refused.json()["detail"]?.stringValue?.hasPrefix(detail) == true, "\(refused.text)")
            }
            #expect(try await harness.store.list(team: "shop", limit: 10, cursor: nil).links.isEmpty, "nothing stored")
            // The largest body allowed is stored whole.
            let largest = Dictionary(uniqueKeysWithValues: (0..<8).map { ("key\($0)", String(repeating: "v", count: 250)) })
            let made = try await client.send(.post, "/api/v1/links", key: Keys.app, json: Self.body(install: "install-0001", query: largest))
            #expect(made.status == .created, "\(made.text)")
        }
    }

    /// Made-up installs from many addresses: each under its own caps, together stopped by the key's.
    @Test(arguments: StoreKind.available)
    func madeUpInstallsFromManyAddressesStopAtTheKeysBound(kind: StoreKind) async throws {
        var configuration = AppKeyCreateTests.configuration()
        configuration.limits.appCreateTotalRate = RateLimit(5, perSeconds: 3600)
        configuration.trustedProxies = ["127.0.0.0/8", "::1"]
        try await Harness.live(kind, configuration: configuration) { client, harness in
            var statuses: [Int] = []
            for index in 0..<8 {
                let headers: HTTPFields = [HTTPField.Name("X-Forwarded-For")!: "203.0.113.\(index + 1)"]
                let answer = try await client.send(.post, "/api/v1/links", key: Keys.app,
                                                   json: Self.body(install: "made-up-install-\(index)", query: ["ref": "x"]), headers: headers)
                statuses.append(answer.status.code)
                if answer.status == .tooManyRequests {
                    #expect(try answer.json()["detail"]?.stringValue?.hasPrefix("too many links created with the app's keys") == true)
                    #expect(answer.headers[.retryAfter] != nil)
                }
            }
            #expect(statuses == [201, 201, 201, 201, 201, 429, 429, 429], "\(statuses)")
            #expect(try await harness.store.list(team: "shop", limit: 20, cursor: nil).links.count == 5)
        }
    }
}
