/// The pasteboard, as the first-launch check needs it: whether a web URL is likely there, found
/// without reading it (on iOS, pattern detection, which shows no paste prompt), and its text,
/// read only when one is (on iOS 16 and later, reading text another app copied shows the "Allow
/// Paste" prompt). `SwitchyardUIKit` adapts `UIPasteboard.general`; tests give their own. A
/// ``DeferredLinks`` reads it only when the app gives one.
///
/// ```swift
/// struct TestPasteboard: DeferredLinkPasteboard {
///     var text: String?
///     func hasProbableWebURL() async -> Bool { text?.hasPrefix("https://") == true }
///     func string() async -> String? { text }
/// }
/// ```
public protocol DeferredLinkPasteboard: Sendable {
    /// Whether the pasteboard probably holds a web URL, found without reading its content.
    func hasProbableWebURL() async -> Bool
    /// The pasteboard's text (on iOS this may show the paste prompt: it is read only after
    /// ``hasProbableWebURL()`` said yes).
    func string() async -> String?
}
