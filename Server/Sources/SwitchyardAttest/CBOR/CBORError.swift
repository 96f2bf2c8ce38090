public import Switchyard

/// Why a byte sequence is not a CBOR item this reader accepts, and at which byte offset.
public struct CBORError: CodedError, Equatable {
    /// The byte offset where reading stopped.
    public let offset: Int
    /// What was wrong there.
    public let reason: String
    /// What kind of item or byte stopped the reader.
    public let code: Code

    /// What was wrong, and where.
    public var message: String { "CBOR: \(reason) at byte \(offset)" }

    static func truncated(at offset: Int) -> CBORError {
        CBORError(offset: offset, reason: "input ends inside an item", code: .truncated)
    }

    static func indefiniteLength(at offset: Int) -> CBORError {
        CBORError(offset: offset, reason: "indefinite lengths are not accepted", code: .indefiniteLength)
    }

    static func unsupported(_ what: String, at offset: Int) -> CBORError {
        CBORError(offset: offset, reason: "\(what) is not accepted", code: .unsupported)
    }

    static func tooDeep(at offset: Int) -> CBORError {
        CBORError(offset: offset, reason: "items nest deeper than \(CBORReader.maximumDepth) levels", code: .tooDeep)
    }

    static func trailingBytes(at offset: Int) -> CBORError {
        CBORError(offset: offset, reason: "bytes follow the item", code: .trailingBytes)
    }

    static func invalidText(at offset: Int) -> CBORError {
        CBORError(offset: offset, reason: "a text string is not UTF-8", code: .invalidText)
    }
}

/// What stopped the CBOR reader.
extension ErrorCode<CBORError> {
    /// The input ends inside an item.
    public static var truncated: Self { Self(rawValue: "truncated") }
    /// An indefinite-length item.
    public static var indefiniteLength: Self { Self(rawValue: "indefinite_length") }
    /// A major type or simple value this reader does not accept.
    public static var unsupported: Self { Self(rawValue: "unsupported") }
    /// Items nested deeper than the reader allows.
    public static var tooDeep: Self { Self(rawValue: "too_deep") }
    /// Bytes after the item.
    public static var trailingBytes: Self { Self(rawValue: "trailing_bytes") }
    /// A text string that is not UTF-8.
    public static var invalidText: Self { Self(rawValue: "invalid_text") }
}
