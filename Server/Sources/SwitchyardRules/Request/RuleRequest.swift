public import Foundation
public import Switchyard

/// What a rule reads of one request. The service fills it from the request it answers; the user
/// agent and `Accept-Language` are read only when a condition asks, once each, and the country is
/// looked up only when a country condition is reached, once.
///
/// ```swift
/// let request = RuleRequest(platform: .ios, userAgent: headers[.userAgent], acceptLanguage: headers[.acceptLanguage],
///                           query: [(name: "ref", value: "mail")], address: IPAddress("203.0.113.7"), now: .now,
///                           hasCountryDatabase: true, country: { geoIP.country(of: address) })
/// ```
public struct RuleRequest: Sendable {
    /// The service's platform for the request (`crawler` for a link-preview crawler).
    public var platform: RulePlatform
    /// The `User-Agent` header.
    public var userAgent: String?
    /// The `Accept-Language` header.
    public var acceptLanguage: String?
    /// The short link's query parameters, decoded, in order (a name may come more than once).
    public var query: [(name: String, value: String)]
    /// The client's address (behind a trusted proxy, the one it names).
    public var address: IPAddress?
    /// The time of the request.
    public var now: Date
    /// The app release the request says it comes from (`Switchyard-App-Version`), if any.
    public var appRelease: AppRelease?
    /// The country of ``address`` (ISO 3166-1 alpha-2), looked up on demand, at most once per
    /// decision; nil when unknown.
    public var country: @Sendable () -> String?
    /// Whether the service has a country database at all (explain says "no country database"
    /// otherwise, and ``country`` is not called).
    public var hasCountryDatabase: Bool

    /// A request; only the platform and the time are required.
    public init(platform: RulePlatform, userAgent: String? = nil, acceptLanguage: String? = nil,
                query: [(name: String, value: String)] = [], address: IPAddress? = nil, now: Date,
                appRelease: AppRelease? = nil, hasCountryDatabase: Bool = false, country: @escaping @Sendable () -> String? = { nil }) {
        self.platform = platform
        self.userAgent = userAgent
        self.acceptLanguage = acceptLanguage
        self.query = query
        self.address = address
        self.now = now
        self.appRelease = appRelease
        self.hasCountryDatabase = hasCountryDatabase
        self.country = country
    }
}

/// Where the service finds a client address's country: the GeoIP database the operator gives
/// (`--geoip FILE`), or a stand-in in tests.
public protocol CountryLookup: Sendable {
    /// The address's country (ISO 3166-1 alpha-2, uppercase); nil when the database has none.
    func country(of address: IPAddress) -> String?
}
