import Foundation
import Hummingbird
import HummingbirdTesting
@testable import SwitchyardService
import Testing

/// Every special-purpose block and every IPv6 form that carries an IPv4 address is refused, with
/// a message naming the block (and the IPv4 address carried); ordinary public addresses pass.
@Suite("Webhook address forms")
struct WebhookAddressFormsTests {
    @Test("Each special-purpose form is refused, private ones too unless allowed", arguments: [
        // (address, kind named, carried IPv4, a private kind that --webhook-allow-private lets through)
        ("127.0.0.1", "loopback", nil, true),
        ("::1", "loopback", nil, true),
        ("0.0.0.0", "unspecified", nil, true),
        ("::", "unspecified", nil, true),
        ("10.9.8.7", "private", nil, true),
        ("172.31.255.1", "private", nil, true),
        ("192.168.1.1", "private", nil, true),
        ("fd12:3456::1", "private", nil, true),
        ("169.254.10.1", "link-local", nil, true),
        ("fe80::1", "link-local", nil, true),
        ("fec0::1", "site-local", nil, true),
        ("100.64.0.1", "carrier-grade NAT", nil, true),
        ("::ffff:127.0.0.1", "loopback", nil, true),
        ("169.254.169.254", "cloud metadata", nil, false),
        ("::ffff:169.254.169.254", "cloud metadata", nil, false),
        ("fd00:ec2::254", "cloud metadata", nil, false),
        ("100.100.100.200", "cloud metadata", nil, false),
        ("192.0.0.1", "IETF protocol assignment", nil, false),
        ("192.0.0.170", "IETF protocol assignment", nil, false),
        ("192.0.2.1", "documentation", nil, false),
        ("198.51.100.7", "documentation", nil, false),
        ("203.0.113.9", "documentation", nil, false),
        ("198.18.0.1", "benchmarking", nil, false),
        ("198.19.255.254", "benchmarking", nil, false),
        ("192.31.196.1", "AS112", nil, false),
        ("192.175.48.1", "AS112", nil, false),
        ("192.52.193.1", "AMT", nil, false),
        ("192.88.99.1", "6to4 relay anycast", nil, false),
        ("224.0.0.1", "multicast", nil, false),
        ("239.255.255.250", "multicast", nil, false),
        ("240.0.0.1", "reserved", nil, false),
        ("255.255.255.255", "broadcast", nil, false),
        ("ff02::1", "multicast", nil, false),
        ("::7f00:1", "IPv4-compatible", "127.0.0.1", false),
        ("::a9fe:a9fe", "IPv4-compatible", "169.254.169.254", false),
        ("::ffff:0:7f00:1", "IPv4-translated", "127.0.0.1", false),
        ("64:ff9b::a9fe:a9fe", "NAT64", "169.254.169.254", false),
        ("64:ff9b::8.8.8.8", "NAT64", "8.8.8.8", false),
        ("64:ff9b:1::7f00:1", "local NAT64", nil, false),
        ("2002:7f00:1::", "6to4", "127.0.0.1", false),
        ("2002:a9fe:a9fe::1", "6to4", "169.254.169.254", false),
        ("2001:0:4136:e378:8000:63bf:80ff:fffe", "Teredo", "127.0.0.1", false),
        ("2001:2::1", "IETF protocol assignment", nil, false),
        ("2001:db8::1", "documentation", nil, false),
        ("3fff::1", "documentation", nil, false),
        ("100::1", "discard-only", nil, false),
        ("2620:4f:8000::1", "AS112", nil, false),
        ("5f00::1", "SRv6 SID", nil, false),
        ("::1:2:3:4:5", "reserved", nil, false),
    ] as [(String, String, String?, Bool)])
    func refused(_ address: String, _ kind: String, _ carried: String?, _ isPrivate: Bool) {
        let strict = WebhookAddressPolicy(allowPrivate: false)
        let message = strict.refusal(address: address, host: address)
        let article = "aeiouAEIOU".contains(kind.first!) ? "an" : "a"
        #expect(message?.hasPrefix("webhook host '\(address)' is \(article) \(kind) address"
            + (carried.map { " carrying \($0)" } ?? "") + "; webhooks may reach public addresses only") == true,
            "\(message ?? "allowed")")
        let lenient = WebhookAddressPolicy(allowPrivate: true)
        #expect((lenient.refusal(address: address, host: address) == nil) == isPrivate)
    }

    @Test("Public addresses pass", arguments: ["93.184.216.34", "8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "2a00:1450:4001::1",
                                                "::ffff:8.8.8.8", "198.20.0.1", "192.0.1.1", "2001:4860:4860::8888"])
    func publicAddresses(_ address: String) {
        #expect(WebhookAddressPolicy(allowPrivate: false).refusal(address: address, host: address) == nil)
    }

    @Test("The forms an attacker tried are refused by the API with the form named", arguments: StoreKind.available)
    func refusedByTheAPI(_ kind: StoreKind) async throws {
        try await Harness.live(kind, configuration: WebhookTests.configuration(allowPrivate: false)) { client, harness in
            for (url, named) in [("http://[::7f00:1]/hook", "'::7f00:1' is an IPv4-compatible address carrying 127.0.0.1"),
                                 ("http://[64:ff9b::a9fe:a9fe]/hook", "'64:ff9b::a9fe:a9fe' is a NAT64 address carrying 169.254.169.254"),
                                 ("http://[2002:7f00:1::]/hook", "'2002:7f00:1::' is a 6to4 address carrying 127.0.0.1"),
                                 ("http://198.18.0.1/hook", "'198.18.0.1' is a benchmarking address"),
                                 ("http://192.0.0.1/hook", "'192.0.0.1' is an IETF protocol assignment address")] {
                let response = try await client.send(.post, "/api/v1/webhooks", json: #"{"url": "\#(url)", "events": ["link.created"]}"#)
                #expect(response.status == .badRequest, "\(url)")
                #expect(try response.json()["detail"]?.stringValue == "webhook host \(named); webhooks may reach public addresses only")
            }
            #expect(try await harness.store.webhooks(team: nil).isEmpty)
        }
    }
}
