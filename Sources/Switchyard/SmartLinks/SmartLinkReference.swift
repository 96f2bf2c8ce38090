/// The short link a ``DeepLink`` came from: its code on the link service and its URL.
///
/// ```swift
/// if let code = link.smartLink?.code {
///     let coupon = try await client.redeem(code: code)["coupon"]
/// }
/// ```
public struct SmartLinkReference: Sendable, Hashable, Codable {
    /// The link's code (`Ab3dE9xQ`).
    public var code: String
    /// The short link (`https://go.example.com/Ab3dE9xQ`).
    public var url: String

    /// Creates a reference.
    public init(code: String, url: String) {
        self.code = code
        self.url = url
    }
}
