public import Foundation

/// An open remembered for heuristic deferred deep linking: a salted hash of the coarse signals
/// the service saw (never the signals themselves), the link's code and when it is forgotten.
///
/// ```swift
/// try await store.remember(PendingOpen(fingerprint: hash, code: "Ab3dE9xQ", expiresAt: now + 3600), now: now)
/// let code = try await store.claimOpen(fingerprint: hash, now: later)   // "Ab3dE9xQ", once
/// try await store.consumeOpens(fingerprint: hash, code: "Ab3dE9xQ", now: later)   // an exact claim's
/// ```
public struct PendingOpen: Sendable, Hashable {
    /// The salted hash of the device's coarse signals (hex).
    public var fingerprint: String
    /// The opened link's code.
    public var code: String
    /// When the open is forgotten (stored to the millisecond).
    public var expiresAt: Date
    /// Whether only an exact claim (one that carries the code) may take it: the link's
    /// ``SmartLink/deferredMatch`` is ``DeferredMatch/exact``.
    public var exactOnly: Bool

    /// Creates a pending open.
    public init(fingerprint: String, code: String, expiresAt: Date, exactOnly: Bool = false) {
        self.fingerprint = fingerprint
        self.code = code
        self.expiresAt = StoredDate.rounded(expiresAt)
        self.exactOnly = exactOnly
    }
}
