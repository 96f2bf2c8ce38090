/// The app release that asks the link service: its platform and version. ``SmartLinkClient``
/// sends it with resolve, redeem and claim in the ``headerName`` header (`ios/2.3.1`,
/// `android/230`), so that the service can tell an app too old to open a link's route
/// (``AppVersionRequirement``) and answer with the link's fallback instead of a deep link.
public enum AppRelease: Sendable, Hashable, CustomStringConvertible {
    /// An iOS (or other Apple platform) app and its `CFBundleShortVersionString`.
    case ios(DottedVersion)
    /// An Android app and its `versionCode`.
    case android(versionCode: Int)

    /// The HTTP header that carries it: `Switchyard-App-Version`.
    public static let headerName = "Switchyard-App-Version"

    /// Reads a header value: `ios/` and dotted numbers (`ios/2.3.1`), or `android/` and a positive
    /// version code of at most ten digits (`android/230`); nil for anything else.
    public init?(headerValue: String) {
        guard let slash = headerValue.firstIndex(of: "/") else { return nil }
        let version = String(headerValue[headerValue.index(after: slash)...])
        switch headerValue[..<slash].lowercased() {
        case "ios":
            guard let dotted = DottedVersion(version) else { return nil }
            self = .ios(dotted)
        case "android":
            guard (1...10).contains(version.utf8.count), version.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                  let code = Int(version), code > 0 else { return nil }
            self = .android(versionCode: code)
        default:
            return nil
        }
    }

    /// The header value: `ios/2.3.1`, `android/230`.
    public var headerValue: String {
        switch self {
        case .ios(let version): "ios/\(version)"
        case .android(let versionCode): "android/\(versionCode)"
        }
    }

    /// The platform's name in route tables: `ios` or `android`.
    public var platform: String {
        switch self {
        case .ios: "ios"
        case .android: "android"
        }
    }

    /// The version as written: `2.3.1`, `230`.
    public var version: String {
        switch self {
        case .ios(let version): version.description
        case .android(let versionCode): String(versionCode)
        }
    }

    /// The ``headerValue``.
    public var description: String { headerValue }
}
