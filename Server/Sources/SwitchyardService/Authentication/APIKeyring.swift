import Crypto

/// API keys held only as SHA-256 digests, checked in constant time.
///
/// A presented key is hashed and compared with every stored digest, without stopping at the first
/// match or the first differing byte, so timing tells nothing about which key or how much of one
/// was right.
struct APIKeyring: Sendable {
    private struct Entry: Sendable {
        let digest: [UInt8]
        let owner: String
    }

    private let entries: [Entry]

    /// Keys and the owner each one stands for (a team for admin keys).
    init(_ keys: [String: String]) {
        entries = keys.sorted { $0.value < $1.value }.map { Entry(digest: Self.digest($0.key), owner: $0.value) }
    }

    /// The owner of `key`, or nil when no stored key matches.
    ///
    /// - Complexity: O(*k*) in the number of keys, whatever the input.
    func owner(of key: String) -> String? {
        let presented = Self.digest(key)
        var found: String?
        for entry in entries where Self.constantTimeEqual(entry.digest, presented) {
            found = found ?? entry.owner
        }
        return found
    }

    /// The owner of the key whose SHA-256 digest is `hex` (lowercase hexadecimal), or nil: how a
    /// dashboard session opened with a bootstrap key checks that the key is still configured.
    ///
    /// - Complexity: O(*k*) in the number of keys, whatever the input.
    func owner(ofDigest hex: String) -> String? {
        let bytes = Array(hex.utf8)
        guard bytes.count == 64 else { return nil }
        var presented: [UInt8] = []
        presented.reserveCapacity(32)
        for index in stride(from: 0, to: 64, by: 2) {
            guard let byte = UInt8(String(decoding: bytes[index..<index + 2], as: UTF8.self), radix: 16) else { return nil }
            presented.append(byte)
        }
        var found: String?
        for entry in entries where Self.constantTimeEqual(entry.digest, presented) {
            found = found ?? entry.owner
        }
        return found
    }

    /// Whether the keyring holds no key at all.
    var isEmpty: Bool { entries.isEmpty }

    static func digest(_ key: String) -> [UInt8] {
        Array(SHA256.hash(data: Array(key.utf8)))
    }

    /// Compares two digests of equal length touching every byte.
    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
