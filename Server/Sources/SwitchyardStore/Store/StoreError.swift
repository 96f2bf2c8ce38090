/// A storage failure the service maps to a status code.
public struct StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure.
    public struct Code: Sendable, Hashable {
        let rawValue: String
        /// The code is already taken.
        public static let codeTaken = Code(rawValue: "code_taken")
        /// The database cannot be reached (503, retry later).
        public static let unavailable = Code(rawValue: "unavailable")
        /// Stored data could not be read back.
        public static let corrupt = Code(rawValue: "corrupt")
        /// A listing cursor that no listing produced (400).
        public static let invalidCursor = Code(rawValue: "invalid_cursor")
        /// The store cannot be opened as configured (a bad URL or path); not retryable.
        public static let configuration = Code(rawValue: "configuration")
        /// A team or key with this name exists.
        public static let nameTaken = Code(rawValue: "name_taken")
    }

    /// The kind of failure.
    public let code: Code
    /// What happened.
    public let message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// A code already in use.
    public static func codeTaken(_ code: String) -> StoreError { StoreError(.codeTaken, "code '\(code)' is taken") }

    /// A team or key name already in use.
    public static func nameTaken(_ kind: String, _ name: String) -> StoreError {
        StoreError(.nameTaken, "a \(kind) named '\(name)' exists")
    }

    /// A cursor that no listing produced.
    public static func invalidCursor(_ cursor: String) -> StoreError {
        StoreError(.invalidCursor, "cursor '\(cursor)' is not a listing cursor")
    }

    /// The message.
    public var description: String { message }
}
