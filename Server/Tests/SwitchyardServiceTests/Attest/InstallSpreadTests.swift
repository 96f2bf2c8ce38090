import Foundation
import Hummingbird
import HummingbirdTesting
import Switchyard
@testable import SwitchyardService
import SwitchyardStore
import Testing

/// The cap on distinct unattested installs per client address and link, over a real socket on
/// every store: a hundred made-up installs from one IPv6 /64 cannot spend a link that asks no proof.
@Suite struct InstallSpreadTests {
    /// The per-address cap alone (the per-link cap of unattested redemptions is tested below).
    static func configuration() -> ServiceConfiguration {
        var configuration = Harness.configuration()
        configuration.trustedProxies = ["127.0.0.0/8", "::1"]
        configuration.attest.unprovedRedeemsPerLink = nil
        return configuration
    }

    @Test(arguments: StoreKind.available)
    func aHundredMadeUpInstallsFromOneSlash64SpendOnlyTheCap(kind: StoreKind) async throws {
        try await Harness.live(kind, configuration: Self.configuration()) { client, harness in
            let code = try #require(try await client.create(
                #"{"route": "about/team", "metadata": {"credit": 5}, "redeemLimit": 1000}"#)["code"]?.stringValue)
            func redeem(_ install: String, from address: String) async throws -> TestResponse {
                try await client.send(.post, "/api/v1/links/\(code)/redeem", key: Keys.app, json: installBody(install),
                                      headers: [.xForwardedFor: address])
            }
            var statuses: [HTTPResponse.Status] = []
            for index in 0..<100 {
                let address = "2001:db8:1:2:\(String(index, radix: 16)):beef:0:\(String(index * 7, radix: 16))"
                statuses.append(try await redeem("made-up-install-\(index)", from: address).status)
            }
            #expect(statuses.prefix(10).allSatisfy { $0 == .ok })
            #expect(statuses.dropFirst(10).allSatisfy { $0 == .tooManyRequests })
            #expect(try await harness.store.link(code: code)?.redeemCount == 10)

            let refused = try await redeem("made-up-install-100", from: "2001:db8:1:2::1")
            #expect(try refused.json()["type"] == "https://switchyard.dev/problems/too-many-installs")
            #expect(refused.headers[.retryAfter] == "3600")
            #expect(!refused.text.contains("credit"))
            #expect(try await redeem("made-up-install-3", from: "2001:db8:1:2::9").status == .ok, "an install that redeemed answers again")
            #expect(try await redeem("other-place-install", from: "2001:db8:1:3::1").status == .ok, "another /64 has its own cap")
            harness.clock.advance(by: 3601)
            #expect(try await redeem("made-up-install-101", from: "2001:db8:1:2::1").status == .ok, "an hour later")
            #expect(try await harness.store.link(code: code)?.redeemCount == 12)
        }
    }

    @Test func theCapIsConfigurableAndCanBeOff() async throws {
        var configuration = Self.configuration()
        configuration.attest.installsPerAddressPerHour = 2
        try await Harness.live(.memory, configuration: configuration) { client, _ in
            let code = try #require(try await client.create(#"{"route": "about/team", "redeemLimit": 100}"#)["code"]?.stringValue)
            let statuses = try await (0..<3).asyncMap { index in
                try await client.send(.post, "/api/v1/links/\(code)/redeem", key: Keys.app, json: installBody("install-000\(index)"),
                                      headers: [.xForwardedFor: "192.0.2.7"]).status
            }
            #expect(statuses == [.ok, .ok, .tooManyRequests])
        }
        configuration.attest.installsPerAddressPerHour = nil
        try await Harness.live(.memory, configuration: configuration) { client, _ in
            let code = try #require(try await client.create(#"{"route": "about/team", "redeemLimit": 100}"#)["code"]?.stringValue)
            for index in 0..<15 {
                let response = try await client.send(.post, "/api/v1/links/\(code)/redeem", key: Keys.app,
                                                     json: installBody("install-000\(index)"), headers: [.xForwardedFor: "192.0.2.7"])
                #expect(response.status == .ok)
            }
        }
    }
}

/// The issue's drain: five addresses, ten made-up installs each, a coupon of 50. With the default
/// settings only the link's cap of unattested redemptions is spent, whatever the number of
/// addresses; an attested install still redeems past it.
@Suite struct UnattestedRedeemsPerLinkTests {
    @Test(arguments: StoreKind.available)
    func fiveAddressesCannotDrainACoupon(kind: StoreKind) async throws {
        var configuration = Harness.configuration()
        configuration.trustedProxies = ["127.0.0.0/8", "::1"]
        #expect(configuration.attest.unprovedRedeemsPerLink == 10, "the default")
        try await Harness.live(kind, configuration: configuration) { client, harness in
            let code = try #require(try await client.create(
                #"{"route": "about/team", "metadata": {"coupon": "HALF"}, "redeemLimit": 50}"#)["code"]?.stringValue)
            var statuses: [Int] = []
            for address in 0..<5 {
                for install in 0..<10 {
                    let answer = try await client.send(.post, "/api/v1/links/\(code)/redeem", key: Keys.app,
                                                       json: installBody("made-up-\(address)-\(install)"),
                                                       headers: [.xForwardedFor: "198.51.100.\(address + 1)"])
                    statuses.append(answer.status.code)
                    if answer.status == .forbidden {
                        #expect(try answer.json()["type"] == "https://switchyard.dev/problems/install-proof-required")
                    }
                }
            }
            #expect(statuses.filter { $0 == 200 }.count == 10, "\(statuses)")
            #expect(statuses.filter { $0 == 403 }.count == 40)
            #expect(try await harness.store.link(code: code)?.redeemCount == 10)
            // An attested install redeems past the cap.
            let device = AttestSupport.DeviceKey(appID: "TEAMID.com.example.shop")
            #expect(try await harness.store.insertAttestKey(device.record(install: "real-customer", at: harness.clock.now)))
            let real = try await InstallProofTests.redeem(client, code, install: "real-customer", key: device)
            #expect(real.status == .ok, "\(real.text)")
            #expect(try await harness.store.link(code: code)?.redeemCount == 11)
        }
    }
}

extension Range where Bound == Int {
    /// The values `transform` gives for each index, in order.
    func asyncMap<T>(_ transform: (Int) async throws -> T) async rethrows -> [T] {
        var values: [T] = []
        for index in self { values.append(try await transform(index)) }
        return values
    }
}
