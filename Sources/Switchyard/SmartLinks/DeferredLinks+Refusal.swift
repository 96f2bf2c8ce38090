extension DeferredLinks {
    /// Why pasteboard text is not a deferred link; ``DeferredLinks/Outcome/ignored(reason:)``
    /// carries its ``message``.
    ///
    /// ```swift
    /// if case .failure(let refusal) = deferred.shortLink(in: text, at: .now), refusal.code == .stale { ... }
    /// // the short link was copied 10000 s ago, more than 3600 s
    /// ```
    public struct Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        /// The kind of refusal, for matching in code.
        public struct Code: Sendable, Hashable, CustomStringConvertible {
            /// The stable snake_case name of the code.
            public let rawValue: String
            /// The ``rawValue``.
            public var description: String { rawValue }

            /// The text is not a short link of the client's service.
            public static let notAShortLink = Code(rawValue: "not_a_short_link")
            /// The short link lacks the page's copy marker (``DeferredLinks/copiedMarker``), or has
            /// it twice, or its time is not a number.
            public static let notCopiedByPage = Code(rawValue: "not_copied_by_page")
            /// The short link was copied longer ago than ``DeferredLinks/maximumAge``, or in the future.
            public static let stale = Code(rawValue: "stale")
            /// A refusal made by app code (``Refusal/init(_:message:)`` with a code of its own choosing).
            public static let custom = Code(rawValue: "custom")

            /// Matches a refusal of this kind.
            public static func ~= (pattern: Code, error: Refusal) -> Bool { pattern == error.code }

            /// Matches a refusal of this kind, when the error is a ``Refusal``.
            public static func ~= (pattern: Code, error: any Error) -> Bool {
                (error as? Refusal).map { pattern == $0.code } ?? false
            }
        }

        /// What was wrong.
        public let code: Code
        /// What was wrong, in words: `not a short link of https://go.example.com`.
        public let message: String

        /// Creates a refusal.
        public init(_ code: Code, message: String) {
            self.code = code
            self.message = message
        }

        /// The message.
        public var description: String { message }
    }
}
