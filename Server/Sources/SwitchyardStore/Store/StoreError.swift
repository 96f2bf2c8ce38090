public import Switchyard

/// A storage failure the service maps to a status code.
///
/// ```swift
/// do { try await store.insertKey(record, audit: entry) }
/// catch StoreError.Code.nameTaken { print("pick another name") }
/// ```
public struct StoreError: CodedError, Sendable, Hashable {
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
}

/// The kind of storage failure.
extension ErrorCode<StoreError> {
    /// The code is already taken.
    public static var codeTaken: Self { Self(rawValue: "code_taken") }
    /// The database cannot be reached (503, retry later).
    public static var unavailable: Self { Self(rawValue: "unavailable") }
    /// Stored data could not be read back.
    public static var corrupt: Self { Self(rawValue: "corrupt") }
    /// A listing cursor that no listing produced (400).
    public static var invalidCursor: Self { Self(rawValue: "invalid_cursor") }
    /// The store cannot be opened as configured (a bad URL or path); not retryable.
    public static var configuration: Self { Self(rawValue: "configuration") }
    /// A team or key with this name exists.
    public static var nameTaken: Self { Self(rawValue: "name_taken") }
}
