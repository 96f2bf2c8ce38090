/// A file the SDK keeps (a pending link, the deferred-link check) that could not be written.
///
/// ```swift
/// catch let error as FileWriteError where error.code == .cannotWrite { print(error) }
/// // could not write /path/pending.json: No such file or directory
/// ```
public struct FileWriteError: CodedError, Sendable, Hashable {
    /// What failed.
    public let code: Code
    /// The file's path.
    public let path: String
    /// What went wrong, without the path (the system's explanation).
    public let message: String

    /// Creates an error for a file that could not be written.
    public init(path: String, message: String) {
        self.code = .cannotWrite
        self.path = path
        self.message = message
    }

    /// `could not write PATH: MESSAGE`.
    public var description: String { "could not write \(path): \(message)" }
}

/// The kind of failure, for matching in code.
extension ErrorCode<FileWriteError> {
    /// The file (or its temporary copy) could not be created or written.
    public static var cannotWrite: Self { Self(rawValue: "cannot_write") }
}
