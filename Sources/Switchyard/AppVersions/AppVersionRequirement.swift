/// The oldest app versions that can open something, per platform: a route's `since` (the first
/// release that has it) or a smart link's own minimum versions (Firebase's `imv` and `amv`).
///
/// ```json
/// { "pattern": "rewards/:id", "name": "rewards", "since": {"ios": "2.3", "android": 230} }
/// ```
public struct AppVersionRequirement: Sendable, Hashable {
    /// The oldest iOS version (`CFBundleShortVersionString`); nil when every version may.
    public var ios: DottedVersion?
    /// The oldest Android `versionCode`; nil when every version may.
    public var android: Int?

    /// Creates a requirement; without arguments, none.
    public init(ios: DottedVersion? = nil, android: Int? = nil) {
        self.ios = ios
        self.android = android
    }

    /// Whether it requires nothing.
    public var isEmpty: Bool { ios == nil && android == nil }

    /// The stricter of the two, platform by platform (the higher version where both name one).
    public func stricter(_ other: Self) -> Self {
        Self(ios: [ios, other.ios].compactMap { $0 }.max(), android: [android, other.android].compactMap { $0 }.max())
    }

    /// The version `release`'s platform requires, as written, when `release` is older; nil when
    /// it may open (its platform requires nothing, or it is that version or newer).
    ///
    /// ```swift
    /// AppVersionRequirement(ios: DottedVersion("2.3")).requiredVersion(for: .ios(DottedVersion("2.1")!))   // "2.3"
    /// ```
    public func requiredVersion(for release: AppRelease) -> String? {
        switch release {
        case .ios(let version):
            guard let ios, version < ios else { return nil }
            return ios.description
        case .android(let versionCode):
            guard let android, versionCode < android else { return nil }
            return String(android)
        }
    }
}
