import SwitchyardRules
/// The special-purpose address blocks a webhook may not reach: every block of IANA's IPv4 and
/// IPv6 Special-Purpose Address Registries (RFC 6890 and its updates), multicast, the reserved
/// blocks, and the cloud metadata addresses.
///
/// IPv6 forms that carry an IPv4 address (IPv4-compatible `::a.b.c.d`, IPv4-translated, NAT64
/// `64:ff9b::/96` and `64:ff9b:1::/48`, 6to4 `2002::/16`, Teredo `2001::/32`) are refused whatever
/// they carry: a translator or relay on the path would take the request to that IPv4 address,
/// which no check of the IPv6 address sees. A refusal names the IPv4 address they carry.
/// IPv4-mapped addresses (`::ffff:a.b.c.d`) are read as the IPv4 address itself (``IPAddress``).
enum SpecialAddresses {
    /// One block.
    struct Block: Sendable {
        let range: AddressRange
        /// What to call it: `loopback`, `NAT64`, `documentation`, ...
        let kind: String
        /// Whether `--webhook-allow-private` lets it through (loopback, private, link-local, CGNAT).
        let isPrivate: Bool
        /// Where an IPv6 form carries an IPv4 address: its first byte.
        let embeddedIPv4At: Int?

        init(_ range: AddressRange, _ kind: String, isPrivate: Bool = false, embeddedIPv4At: Int? = nil) {
            self.range = range
            self.kind = kind
            self.isPrivate = isPrivate
            self.embeddedIPv4At = embeddedIPv4At
        }
    }

    /// Every block, longest prefix first (so a metadata address is named as such, not as link-local).
    static let blocks: [Block] = ([
        Block("169.254.169.254/32", "cloud metadata"),
        Block("100.100.100.200/32", "cloud metadata"),
        Block("fd00:ec2::254/128", "cloud metadata"),
        Block("0.0.0.0/8", "unspecified", isPrivate: true),
        Block("10.0.0.0/8", "private", isPrivate: true),
        Block("100.64.0.0/10", "carrier-grade NAT", isPrivate: true),
        Block("127.0.0.0/8", "loopback", isPrivate: true),
        Block("169.254.0.0/16", "link-local", isPrivate: true),
        Block("172.16.0.0/12", "private", isPrivate: true),
        Block("192.0.0.0/24", "IETF protocol assignment"),
        Block("192.0.2.0/24", "documentation"),
        Block("192.31.196.0/24", "AS112"),
        Block("192.52.193.0/24", "AMT"),
        Block("192.88.99.0/24", "6to4 relay anycast"),
        Block("192.168.0.0/16", "private", isPrivate: true),
        Block("192.175.48.0/24", "AS112"),
        Block("198.18.0.0/15", "benchmarking"),
        Block("198.51.100.0/24", "documentation"),
        Block("203.0.113.0/24", "documentation"),
        Block("224.0.0.0/4", "multicast"),
        Block("240.0.0.0/4", "reserved"),
        Block("255.255.255.255/32", "broadcast"),
        Block("::/128", "unspecified", isPrivate: true),
        Block("::1/128", "loopback", isPrivate: true),
        Block("::/96", "IPv4-compatible", embeddedIPv4At: 12),
        Block("::/8", "reserved"),
        Block("::ffff:0:0:0/96", "IPv4-translated", embeddedIPv4At: 12),
        Block("64:ff9b::/96", "NAT64", embeddedIPv4At: 12),
        Block("64:ff9b:1::/48", "local NAT64"),
        Block("100::/64", "discard-only"),
        Block("100:0:0:1::/64", "dummy prefix"),
        Block("2001::/32", "Teredo", embeddedIPv4At: 12),
        Block("2001::/23", "IETF protocol assignment"),
        Block("2001:db8::/32", "documentation"),
        Block("2002::/16", "6to4", embeddedIPv4At: 2),
        Block("2620:4f:8000::/48", "AS112"),
        Block("3fff::/20", "documentation"),
        Block("5f00::/16", "SRv6 SID"),
        Block("fc00::/7", "private", isPrivate: true),
        Block("fe80::/10", "link-local", isPrivate: true),
        Block("fec0::/10", "site-local", isPrivate: true),
        Block("ff00::/8", "multicast"),
    ] as [Block]).sorted { $0.range.prefixLength > $1.range.prefixLength }

    /// The block `address` is in, most specific first; nil for an ordinary public address.
    static func block(of address: IPAddress) -> Block? {
        blocks.first { $0.range.contains(address) }
    }

    /// The IPv4 address an IPv6 form of `block` carries, as text (`127.0.0.1`); nil where it carries none.
    static func embeddedIPv4(_ address: IPAddress, in block: Block) -> String? {
        guard let start = block.embeddedIPv4At, address.isIPv6 else { return nil }
        var bytes = Array(address.bytes[start..<start + 4])
        // Teredo carries the client's address in its last 32 bits, every bit flipped.
        if block.kind == "Teredo" { bytes = bytes.map { ~$0 } }
        return bytes.map(String.init).joined(separator: ".")
    }
}
