extension DeferredLinks {
    /// Why pasteboard text is not a deferred link; ``DeferredLinks/Outcome/ignored(reason:)``
    /// carries its ``message``.
    ///
    /// ```swift
    /// if case .failure(let refusal) = deferred.shortLink(in: text, at: .now), refusal.code == .stale { ... }
    /// // the short link was copied 10000 s ago, more than 3600 s
    /// ```
    public struct Refusal: CodedError, Sendable, Hashable {
        /// What was wrong.
        public let code: Code
        /// What was wrong, in words: `not a short link of https://go.example.com`.
        public let message: String

        /// Creates a refusal.
        public init(_ code: Code, message: String) {
            self.code = code
            self.message = message
        }
    }
}

/// The kind of refusal, for matching in code.
extension ErrorCode<DeferredLinks.Refusal> {
    /// The text is not a short link of the client's service.
    public static var notAShortLink: Self { Self(rawValue: "not_a_short_link") }
    /// The short link lacks the page's copy marker (``DeferredLinks/copiedMarker``), or has
    /// it twice, or its time is not a number.
    public static var notCopiedByPage: Self { Self(rawValue: "not_copied_by_page") }
    /// The short link was copied longer ago than ``DeferredLinks/maximumAge``, or in the future.
    public static var stale: Self { Self(rawValue: "stale") }
    /// A refusal made by app code (``Refusal/init(_:message:)`` with a code of its own choosing).
    public static var custom: Self { Self(rawValue: "custom") }
}
