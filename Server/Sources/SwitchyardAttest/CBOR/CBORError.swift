/// Why a byte sequence is not a CBOR item this reader accepts, and at which byte offset.
public struct CBORError: Error, Equatable, CustomStringConvertible {
    /// The byte offset where reading stopped.
    public let offset: Int
    /// What was wrong there.
    public let reason: String

    /// What was wrong, and where.
    public var description: String { "CBOR: \(reason) at byte \(offset)" }

    static func truncated(at offset: Int) -> CBORError {
        CBORError(offset: offset, reason: "input ends inside an item")
    }

    static func indefiniteLength(at offset: Int) -> CBORError {
        CBORError(offset: offset, reason: "indefinite lengths are not accepted")
    }

    static func unsupported(_ what: String, at offset: Int) -> CBORError {
        CBORError(offset: offset, reason: "\(what) is not accepted")
    }

    static func tooDeep(at offset: Int) -> CBORError {
        CBORError(offset: offset, reason: "items nest deeper than \(CBORReader.maximumDepth) levels")
    }

    static func trailingBytes(at offset: Int) -> CBORError {
        CBORError(offset: offset, reason: "bytes follow the item")
    }

    static func invalidText(at offset: Int) -> CBORError {
        CBORError(offset: offset, reason: "a text string is not UTF-8")
    }
}
