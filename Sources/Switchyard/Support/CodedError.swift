/// An error of the SDK: a ``code`` to match in code and a ``message`` to show.
///
/// Every error the SDK throws or reports has this shape. Its `Code` (an ``ErrorCode``) has a
/// stable snake_case ``ErrorCode/rawValue`` for logs and JSON output, compares with `==`, and
/// works as a `catch` or `case` pattern; the codes of each error are static members of its `Code`:
///
/// ```swift
/// do { _ = try table.resolve("ftp://product/1") }
/// catch LinkInputError.Code.unknownScheme { print("not one of our schemes") }
/// catch let error as LinkInputError where error.code == .emptyInput { print(error.message) }
/// catch { print(error) }  // the message, naming what was wrong and where
/// ```
public protocol CodedError: Error, CustomStringConvertible {
    /// The kind of error, stable across releases.
    var code: ErrorCode<Self> { get }
    /// What was wrong, and where.
    var message: String { get }
}

extension CodedError {
    /// The kind of an error of this type, for matching in code.
    public typealias Code = ErrorCode<Self>

    /// The ``message``.
    public var description: String { message }
}

/// The kind of an error (or of one problem an error lists): a stable name with the error type
/// it belongs to, so that `LinkInputError.Code.unknownScheme` matches only a ``LinkInputError``.
public struct ErrorCode<Subject>: Sendable, Hashable, CustomStringConvertible {
    /// The stable snake_case name of the code, such as `unknown_scheme`.
    public let rawValue: String

    /// A code with this name: the SDK's codes are static members of each error's `Code`; an
    /// error type of your own that adopts ``CodedError`` declares its codes the same way.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The ``rawValue``.
    public var description: String { rawValue }
}

extension ErrorCode where Subject: CodedError {
    /// Matches an error of this kind: `catch PipelineError.Code.redirectLoop`.
    public static func ~= (pattern: Self, error: Subject) -> Bool { pattern == error.code }

    /// Matches an error of this kind, when the error is a `Subject`.
    public static func ~= (pattern: Self, error: any Error) -> Bool {
        (error as? Subject).map { pattern == $0.code } ?? false
    }
}
