/// A named rule that a parameter's segment must satisfy, written `:id<int>` or `{code<coupon>}`.
///
/// `int` and `uuid` are built in. Register your own to plug app-specific matching into the
/// compiled matcher; precedence stays by specificity (a constrained parameter is tried before a
/// plain one, constraints in order of name).
///
/// ```swift
/// let coupon = ParameterConstraint("coupon") { $0.hasPrefix("SAVE") && $0.count == 8 }
/// let table = try RouteTable(configuration, constraints: [coupon])
/// ```
public struct ParameterConstraint: Sendable {
    /// The name patterns refer to.
    public let name: String
    let kind: Kind

    enum Kind: Sendable {
        case integer
        case uuid
        case custom(@Sendable (String) -> Bool)
    }

    /// Creates a constraint from a closure that accepts or refuses a percent-decoded segment.
    public init(_ name: String, accepts: @escaping @Sendable (String) -> Bool) {
        self.name = name
        self.kind = .custom(accepts)
    }

    private init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }

    /// An optional `-` and decimal digits.
    public static let int = ParameterConstraint(name: "int", kind: .integer)
    /// The 8-4-4-4-12 hexadecimal form, in either case, returned as written.
    public static let uuid = ParameterConstraint(name: "uuid", kind: .uuid)

    /// Whether the constraint accepts a (decoded) value.
    public func accepts(_ value: String) -> Bool {
        switch kind {
        case .integer, .uuid:
            var copy = value
            return copy.withUTF8 { accepts(bytes: $0) }
        case .custom(let accepts):
            return accepts(value)
        }
    }

    /// Built-in constraints check bytes without creating a string.
    @inline(__always)
    func accepts(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        switch kind {
        case .integer:
            return Self.isInteger(bytes)
        case .uuid:
            return Self.isUUID(bytes)
        case .custom(let accepts):
            return accepts(String(decoding: bytes, as: UTF8.self))
        }
    }

    static func isInteger(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        if i < bytes.count && bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count else { return false }
        while i < bytes.count {
            guard URLScanner.isDigit(bytes[i]) else { return false }
            i += 1
        }
        return true
    }

    static func isUUID(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 36 else { return false }
        for i in 0..<36 {
            let byte = bytes[i]
            if i == 8 || i == 13 || i == 18 || i == 23 {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                guard PercentDecoding.hexValue(byte) != nil else { return false }
            }
        }
        return true
    }
}
