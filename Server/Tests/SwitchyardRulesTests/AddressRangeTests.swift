@testable import SwitchyardRules
import Testing

@Suite struct AddressRangeTests {
    @Test(arguments: [
        ("10.0.0.0/8", "10.255.1.2", true), ("10.0.0.0/8", "11.0.0.1", false),
        ("192.168.4.0/22", "192.168.7.255", true), ("192.168.4.0/22", "192.168.8.0", false),
        ("203.0.113.7", "203.0.113.7", true), ("203.0.113.7", "203.0.113.8", false),
        ("2001:db8::/32", "2001:db8:ffff::1", true), ("2001:db8::/32", "2001:db9::1", false),
        ("::1", "::1", true), ("0.0.0.0/0", "8.8.8.8", true), ("0.0.0.0/0", "::1", false),
        ("10.0.0.0/8", "::ffff:10.1.1.1", true), ("fe80::/10", "[fe80::1%en0]", true),
    ])
    func membership(range: String, address: String, expected: Bool) throws {
        let parsed = try AddressRange(parsing: range)
        #expect(parsed.contains(try #require(IPAddress(address))) == expected)
    }

    @Test(arguments: [
        ("10.0.0.0/33", "'10.0.0.0/33' is not an address range: an IPv4 prefix is 0 to 32 bits"),
        ("2001:db8::/129", "'2001:db8::/129' is not an address range: an IPv6 prefix is 0 to 128 bits"),
        ("10.0.0.0/", "'10.0.0.0/' is not an address range: an IPv4 prefix is 0 to 32 bits"),
        ("proxy.internal", "'proxy.internal' is not an address range: write an IPv4 or IPv6 address, optionally with /BITS (10.0.0.0/8, 2001:db8::/32)"),
        ("300.1.1.1/8", "'300.1.1.1/8' is not an address range: write an IPv4 or IPv6 address, optionally with /BITS (10.0.0.0/8, 2001:db8::/32)"),
    ])
    func badRangesSaySo(text: String, message: String) {
        #expect(throws: AddressRange.ParseError(message: message)) { try AddressRange(parsing: text) }
    }

    @Test(arguments: [
        ("203.0.113.9", "203.0.113.9"), ("::ffff:203.0.113.9", "203.0.113.9"),
        ("2001:db8:a:b:1:2:3:4", "2001:db8:a:b::/64"), ("[2001:DB8:A:B::9]", "2001:db8:a:b::/64"),
        ("fe80::1%eth0", "fe80:0:0:0::/64"),
    ])
    func clientKeys(address: String, key: String) throws {
        #expect(try #require(IPAddress(address)).clientKey == key)
    }

    @Test func textThatIsNoAddressIsKeptAsItIs() {
        #expect(IPAddress("not-an-address") == nil)
        #expect(IPAddress("") == nil)
        #expect(IPAddress("1.2.3") == nil)
    }
}

@Suite struct IPAddressBytesTests {
    @Test func addressesFromTheirBytes() throws {
        #expect(IPAddress(bytes: [192, 0, 2, 1]) == IPAddress("192.0.2.1"))
        let mapped: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 203, 0, 113, 9]
        #expect(IPAddress(bytes: mapped)?.bytes == [203, 0, 113, 9], "an IPv4-mapped address reads as IPv4")
        let v6: [UInt8] = [0x20, 0x01, 0x0d, 0xb8] + Array(repeating: 0, count: 11) + [1]
        #expect(IPAddress(bytes: v6) == IPAddress("2001:db8::1"))
        #expect(IPAddress(bytes: [1, 2, 3]) == nil)
        #expect(IPAddress(bytes: []) == nil)
    }
}
