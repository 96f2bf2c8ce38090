#if canImport(UIKit) && !os(tvOS) && !os(watchOS)
public import Switchyard
import UIKit

/// `UIPasteboard.general` as the deferred-link check reads it: pattern detection first (no paste
/// prompt), the text only when a web URL is likely there. The decisions (which link counts, once
/// per install, how old) are the SDK's ``DeferredLinks``; this adapter only reads.
///
/// ```swift
/// let deferred = DeferredLinks(navigator: navigator, client: client, pasteboard: SystemPasteboard(),
///                              ledger: FileDeferredLinkLedger(path: support + "/switchyard-deferred"))
/// ```
public struct SystemPasteboard: DeferredLinkPasteboard {
    /// Creates the adapter for the general pasteboard.
    public init() {}

    /// Whether the general pasteboard's first item is probably a web URL (iOS pattern detection).
    public func hasProbableWebURL() async -> Bool {
        await withCheckedContinuation { continuation in
            UIPasteboard.general.detectPatterns(for: [.probableWebURL]) { result in
                continuation.resume(returning: (try? result.get())?.contains(.probableWebURL) ?? false)
            }
        }
    }

    /// The general pasteboard's text.
    public func string() async -> String? {
        UIPasteboard.general.string
    }
}
#endif
