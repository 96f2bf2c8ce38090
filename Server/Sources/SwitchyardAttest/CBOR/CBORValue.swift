/// One decoded CBOR data item (RFC 8949), limited to what App Attest objects use: integers, byte and
/// text strings, arrays, maps, booleans and null, all of definite length.
public enum CBORValue: Sendable, Equatable {
    /// An unsigned integer (major type 0).
    case unsigned(UInt64)
    /// A negative integer (major type 1): the value is `-1 - n`.
    case negative(UInt64)
    /// A byte string (major type 2).
    case bytes([UInt8])
    /// A UTF-8 text string (major type 3).
    case text(String)
    /// An array (major type 4).
    case array([CBORValue])
    /// A map (major type 5), its pairs in the order they were encoded.
    case map([CBORPair])
    /// `true` or `false` (simple values 20 and 21).
    case bool(Bool)
    /// `null` (simple value 22).
    case null

    /// The value under a text key when this is a map, else nil (the first pair wins).
    public subscript(key: String) -> CBORValue? {
        guard case .map(let pairs) = self else { return nil }
        return pairs.first { $0.key == .text(key) }?.value
    }

    /// The value under an integer key when this is a map (COSE keys use `1`, `-2`, ...), else nil.
    public subscript(integer key: Int64) -> CBORValue? {
        guard case .map(let pairs) = self else { return nil }
        let wanted: CBORValue = key >= 0 ? .unsigned(UInt64(key)) : .negative(UInt64(-1 - key))
        return pairs.first { $0.key == wanted }?.value
    }

    /// The bytes of a byte string, else nil.
    public var byteString: [UInt8]? {
        if case .bytes(let bytes) = self { return bytes }
        return nil
    }

    /// The text of a text string, else nil.
    public var textString: String? {
        if case .text(let text) = self { return text }
        return nil
    }
}

/// One key and value of a CBOR map.
public struct CBORPair: Sendable, Equatable {
    /// The key.
    public var key: CBORValue
    /// The value.
    public var value: CBORValue

    /// A pair of a key and a value.
    public init(key: CBORValue, value: CBORValue) {
        self.key = key
        self.value = value
    }
}
