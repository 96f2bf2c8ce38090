/// The short link a ``DeepLink`` came from, and how the link service knew it
/// (``DeepLink/smartLink``).
///
/// An exact match (the code itself arrived: a tap, the copied short link, Android's install
/// referrer) carries the code and the short link's URL, so the screen the link opens can redeem
/// its metadata. A heuristic deferred match (the service matched the device on its address, OS
/// version and language) carries neither: the app gets the route and its parameters only, never
/// metadata or anything it could redeem, and should treat the link as a suggestion (open the
/// product, not apply a coupon).
///
/// ```swift
/// switch link.smartLink?.match {
/// case .exact?: try await apply(client.redeem(code: link.smartLink!.code!)["coupon"])
/// case .heuristic?: showWelcome(for: link)   // someone on the same network could have been matched
/// case nil: break                            // not from the link service
/// }
/// ```
public struct SmartLinkReference: Sendable, Hashable, Codable {
    /// The link's code (`Ab3dE9xQ`); nil for a heuristic match.
    public var code: String?
    /// The short link (`https://go.example.com/Ab3dE9xQ`); nil for a heuristic match.
    public var url: String?
    /// How the service knew the link.
    public var match: SmartLinkMatch

    /// An exact reference: the link whose code arrived.
    public init(code: String, url: String) {
        self.code = code
        self.url = url
        match = .exact
    }

    /// A link the service matched heuristically: no code, no URL.
    public static let heuristic = SmartLinkReference(match: .heuristic)

    private init(match: SmartLinkMatch) {
        self.match = match
    }

    private enum CodingKeys: String, CodingKey {
        case code, url, match
    }

    /// Reads a reference; one written without a `match` is exact.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        code = try container.decodeIfPresent(String.self, forKey: .code)
        url = try container.decodeIfPresent(String.self, forKey: .url)
        match = try container.decodeIfPresent(SmartLinkMatch.self, forKey: .match) ?? .exact
    }
}

/// How the link service knew which link a device asked about (the `match` of its answers).
public enum SmartLinkMatch: String, Sendable, Hashable, Codable {
    /// The code itself arrived: a tap, the copied short link, Android's install referrer.
    case exact
    /// A deferred claim matched the device on coarse signals (address, OS version, language):
    /// someone else on the same network could have been matched. Route and parameters only.
    case heuristic
}

/// A short link the app created on the link service (``SmartLinkClient/create(route:parameters:query:)``).
public struct ShortLink: Sendable, Hashable, Codable {
    /// The link's code (`Ab3dE9xQ`).
    public var code: String
    /// The short link to share (`https://go.example.com/Ab3dE9xQ`).
    public var url: String

    /// Creates a value.
    public init(code: String, url: String) {
        self.code = code
        self.url = url
    }
}
