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

/// The parts of a request that some rules read beyond its platform, headers and time: the
/// service fills only these into a ``RuleRequest`` (a link whose rules never name an address
/// range nor a country does not have its client address parsed on every open).
///
/// ```swift
/// RuleReads(reading: rules).contains(.address)   // a rule has an address or country condition
/// ```
public struct RuleReads: OptionSet, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The client address (an address range, or a country's lookup).
    public static let address = RuleReads(rawValue: 1 << 0)
    /// The country of the client address.
    public static let country = RuleReads(rawValue: 1 << 1)
    /// The short link's query parameters.
    public static let query = RuleReads(rawValue: 1 << 2)
    /// The app release the request says.
    public static let appRelease = RuleReads(rawValue: 1 << 3)
    /// Everything (what explain fills, to say why each condition holds or not).
    public static let all: RuleReads = [.address, .country, .query, .appRelease]

    /// What `rules` read, together.
    public init(reading rules: [RedirectRule]) {
        var reads: RuleReads = []
        // Through the buffers: an element copied out would be a retain and a release each.
        rules.withUnsafeBufferPointer { rules in
            for rule in rules.indices {
                rules[rule].conditions.withUnsafeBufferPointer { conditions in
                    for index in conditions.indices {
                        switch conditions[index] {
                        case .address: reads.insert(.address)
                        case .country: reads.formUnion([.address, .country])
                        case .query: reads.insert(.query)
                        case .appVersion: reads.insert(.appRelease)
                        case .platform, .device, .os, .browser, .language, .before, .after, .crawler: break
                        }
                    }
                }
            }
        }
        self = reads
    }
}
