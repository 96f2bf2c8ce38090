/// Reads one CBOR item (RFC 8949) from bytes: the subset App Attest uses, with definite lengths only.
///
/// Every length is checked against the bytes that remain before anything is allocated, and nesting
/// is bounded, so no input makes the reader allocate more than the input's size or recurse without
/// bound.
///
/// ```swift
/// let object = try CBORReader.read(attestationBytes)
/// let format = object["fmt"]?.textString  // "apple-appattest"
/// ```
/// - Complexity: O(n) in the input's length.
public struct CBORReader {
    /// How deeply arrays and maps may nest.
    public static let maximumDepth = 16

    private let bytes: [UInt8]
    private var offset = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Decodes `bytes` as exactly one CBOR item.
    /// - Throws: ``CBORError`` naming what was wrong and where: a truncated item, an indefinite
    ///   length, a tag or float, text that is not UTF-8, nesting past ``maximumDepth``, or bytes
    ///   after the item.
    public static func read(_ bytes: [UInt8]) throws(CBORError) -> CBORValue {
        var reader = CBORReader(bytes)
        let value = try reader.item(depth: 0)
        guard reader.offset == bytes.count else { throw .trailingBytes(at: reader.offset) }
        return value
    }

    /// Decodes the one CBOR item that `bytes` begins with, and says where it ends (what follows
    /// it is the caller's: the extensions after an attested credential's key).
    /// - Throws: ``CBORError``, as ``read(_:)`` but for bytes after the item.
    public static func readPrefix(_ bytes: ArraySlice<UInt8>) throws(CBORError) -> (value: CBORValue, length: Int) {
        var reader = CBORReader(Array(bytes))
        let value = try reader.item(depth: 0)
        return (value, reader.offset)
    }

    private mutating func item(depth: Int) throws(CBORError) -> CBORValue {
        let start = offset
        guard depth <= Self.maximumDepth else { throw .tooDeep(at: start) }
        guard offset < bytes.count else { throw .truncated(at: start) }
        let initial = bytes[offset]
        offset += 1
        let major = initial >> 5
        let minor = initial & 0x1f
        if major == 7 {
            switch minor {
            case 20: return .bool(false)
            case 21: return .bool(true)
            case 22: return .null
            default: throw .unsupported("simple value or float \(minor)", at: start)
            }
        }
        let argument = try self.argument(minor, start: start)
        switch major {
        case 0: return .unsigned(argument)
        case 1: return .negative(argument)
        case 2: return .bytes(try take(argument, start: start))
        case 3:
            guard let text = String(validating: try take(argument, start: start), as: UTF8.self) else {
                throw .invalidText(at: start)
            }
            return .text(text)
        case 4:
            let count = try count(argument, start: start)
            var items: [CBORValue] = []
            items.reserveCapacity(count)
            for _ in 0..<count { items.append(try item(depth: depth + 1)) }
            return .array(items)
        case 5:
            let count = try count(argument, start: start)
            var pairs: [CBORPair] = []
            pairs.reserveCapacity(count)
            for _ in 0..<count {
                let key = try item(depth: depth + 1)
                pairs.append(CBORPair(key: key, value: try item(depth: depth + 1)))
            }
            return .map(pairs)
        default:
            throw .unsupported("a tag", at: start)
        }
    }

    /// The head's argument: the value itself below 24, else the 1, 2, 4 or 8 bytes that follow.
    private mutating func argument(_ minor: UInt8, start: Int) throws(CBORError) -> UInt64 {
        let width: Int
        switch minor {
        case 0..<24: return UInt64(minor)
        case 24: width = 1
        case 25: width = 2
        case 26: width = 4
        case 27: width = 8
        case 31: throw .indefiniteLength(at: start)
        default: throw .unsupported("additional information \(minor)", at: start)
        }
        guard bytes.count - offset >= width else { throw .truncated(at: start) }
        var value: UInt64 = 0
        for byte in bytes[offset..<offset + width] { value = value << 8 | UInt64(byte) }
        offset += width
        return value
    }

    /// A count of items, each of which takes at least one byte, so it cannot exceed the bytes left.
    private func count(_ argument: UInt64, start: Int) throws(CBORError) -> Int {
        guard argument <= UInt64(bytes.count - offset) else { throw .truncated(at: start) }
        return Int(argument)
    }

    private mutating func take(_ length: UInt64, start: Int) throws(CBORError) -> [UInt8] {
        guard length <= UInt64(bytes.count - offset) else { throw .truncated(at: start) }
        let end = offset + Int(length)
        defer { offset = end }
        return Array(bytes[offset..<end])
    }
}
