/// Which App Attest environment an app's keys come from: the AAGUID of the authenticator data
/// says it (`appattestdevelop` or `appattest` followed by seven zero bytes).
public enum AppAttestEnvironment: String, Sendable, Codable, CaseIterable {
    /// Keys from the development environment (`appattestdevelop`): debug builds.
    case development
    /// Keys from the production environment: TestFlight and App Store builds.
    case production

    /// The 16-byte AAGUID that marks this environment.
    public var aaguid: [UInt8] {
        switch self {
        case .development: return Array("appattestdevelop".utf8)
        case .production: return Array("appattest".utf8) + [UInt8](repeating: 0, count: 7)
        }
    }

    /// The environment an AAGUID names, or nil for any other value.
    public init?(aaguid: [UInt8]) {
        guard let match = Self.allCases.first(where: { $0.aaguid == aaguid }) else { return nil }
        self = match
    }
}
