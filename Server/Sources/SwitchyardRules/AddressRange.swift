#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
public import Switchyard

/// An IPv4 or IPv6 address, as its bytes (4 or 16). An IPv4-mapped IPv6 address
/// (`::ffff:192.0.2.1`) reads as the IPv4 address it maps.
public struct IPAddress: Sendable, Hashable {
    /// 4 bytes for IPv4, 16 for IPv6, in network order.
    public let bytes: [UInt8]

    /// The address written in `text` (`192.0.2.1`, `2001:db8::1`, `[2001:db8::1]`, an IPv6
    /// address with a `%zone`); nil for anything else.
    public init?(_ text: some StringProtocol) {
        var text = String(text)
        if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        if let zone = text.firstIndex(of: "%") { text = String(text[..<zone]) }
        guard !text.isEmpty, text.utf8.count <= 64 else { return nil }
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
            return
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1, let address = withUnsafeBytes(of: &v6, { IPAddress(bytes: $0) }) else { return nil }
        self = address
    }

    /// The address of 4 or 16 bytes in network order (an IPv4-mapped IPv6 address reads as its
    /// IPv4 address); nil for any other count.
    ///
    /// ```swift
    /// IPAddress(bytes: [192, 0, 2, 1])?.description   // "192.0.2.1"
    /// ```
    public init?(bytes given: some Collection<UInt8>) {
        let all = Array(given)
        switch all.count {
        case 4: bytes = all
        case 16:
            if all[0..<10].allSatisfy({ $0 == 0 }), all[10] == 0xFF, all[11] == 0xFF {
                bytes = Array(all[12...])
            } else {
                bytes = all
            }
        default: return nil
        }
    }

    public var isIPv6: Bool { bytes.count == 16 }

    /// Who a per-address limit counts: an IPv4 address itself, an IPv6 address's /64 network
    /// (`2001:db8:1:2::/64`). One IPv6 subscriber is given a whole /64 and picks addresses in
    /// it at will, so counting single IPv6 addresses would give one client a fresh limit per address.
    public var clientKey: String {
        guard isIPv6 else { return bytes.map(String.init).joined(separator: ".") }
        let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
        return groups.joined(separator: ":") + "::/64"
    }
}

/// A range of addresses in CIDR notation (`10.0.0.0/8`, `2001:db8::/32`), or one address
/// (`203.0.113.7`, a /32 or /128): how `--trusted-proxy` names the proxies whose
/// `X-Forwarded-For` the service believes.
///
/// ```swift
/// let balancers = try AddressRange(parsing: "10.0.0.0/8")
/// balancers.contains(IPAddress("10.1.2.3")!)   // true
/// ```
public struct AddressRange: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The network's first bytes that must match.
    public let network: [UInt8]
    /// How many leading bits must match.
    public let prefixLength: Int
    /// As written.
    public let description: String

    /// Reads `ADDRESS` or `ADDRESS/BITS`.
    ///
    /// - Throws: `'10.0.0.0/33' is not an address range: an IPv4 prefix is 0 to 32 bits`, and the like.
    public init(parsing text: String) throws(ParseError) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = IPAddress(parts[0]) else {
            throw ParseError(message: "'\(text)' is not an address range: write an IPv4 or IPv6 address, optionally with /BITS (10.0.0.0/8, 2001:db8::/32)")
        }
        let maximum = address.bytes.count * 8
        var length = maximum
        if parts.count == 2 {
            guard let bits = Int(parts[1]), (0...maximum).contains(bits), parts[1].allSatisfy(\.isASCII) else {
                throw ParseError(message: "'\(text)' is not an address range: an \(address.isIPv6 ? "IPv6" : "IPv4") prefix is 0 to \(maximum) bits")
            }
            length = bits
        }
        prefixLength = length
        network = address.bytes
        description = text
    }

    /// A literal range; it must read (a programming error otherwise).
    public init(stringLiteral text: String) {
        do {
            try self.init(parsing: text)
        } catch {
            preconditionFailure(error.message)
        }
    }

    /// Whether `address` is in the range (an IPv4 range never holds an IPv6 address, nor the reverse).
    public func contains(_ address: IPAddress) -> Bool {
        guard address.bytes.count == network.count else { return false }
        var bits = prefixLength
        var index = 0
        while bits >= 8 {
            if address.bytes[index] != network[index] { return false }
            bits -= 8
            index += 1
        }
        guard bits > 0 else { return true }
        let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
        return address.bytes[index] & mask == network[index] & mask
    }

    /// A range that does not read.
    public struct ParseError: CodedError, Sendable, Hashable {
        /// ``ErrorCode/invalidAddressRange``.
        public var code: Code { .invalidAddressRange }
        /// What was wrong.
        public let message: String
    }
}

extension ErrorCode<AddressRange.ParseError> {
    /// Not an IPv4 or IPv6 address with an optional `/BITS` prefix length in range.
    public static var invalidAddressRange: Self { Self(rawValue: "invalid_address_range") }
}

extension Sequence<AddressRange> {
    /// Whether any range holds the address written in `text` (false when it is not an address).
    public func contains(address text: some StringProtocol) -> Bool {
        guard let address = IPAddress(text) else { return false }
        return contains { $0.contains(address) }
    }
}

extension IPAddress: CustomStringConvertible {
    /// The address as `inet_ntop` writes it (`192.0.2.1`, `2001:db8::1`).
    public var description: String {
        var buffer = [CChar](repeating: 0, count: 64)
        let written: UnsafePointer<CChar>? = bytes.withUnsafeBytes { raw in
            inet_ntop(isIPv6 ? AF_INET6 : AF_INET, raw.baseAddress, &buffer, socklen_t(buffer.count))
        }
        guard written != nil else { return bytes.map(String.init).joined(separator: ".") }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
