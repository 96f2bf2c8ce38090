import Hummingbird
import SwitchyardStore

/// The body of `POST /api/v1/domains` (the `CreateDomain` schema) and of `PATCH
/// /api/v1/domains/{host}` (`host` is the path's there): a domain of the caller's team.
///
/// ```json
/// {"host": "links.example.com", "default": true, "notFoundRedirect": "https://example.com/"}
/// ```
struct DomainRequest: Codable, Sendable, Hashable {
    var host: String?
    var isDefault: Bool?
    var rootRedirect: String?
    var notFoundRedirect: String?
    var expiredRedirect: String?

    init() {}

    /// The redirects the body sets over `current` (a member absent keeps its value; `""` removes it).
    func redirects(over current: LinkDomain.Redirects) -> LinkDomain.Redirects {
        func pick(_ given: String?, _ old: String?) -> String? { given.map { $0.isEmpty ? nil : $0 } ?? old }
        return .init(root: pick(rootRedirect, current.root), notFound: pick(notFoundRedirect, current.notFound),
                     expired: pick(expiredRedirect, current.expired))
    }

    /// Each redirect the body sets, with its member's name.
    var givenRedirects: [(name: String, url: String)] {
        [("rootRedirect", rootRedirect), ("notFoundRedirect", notFoundRedirect), ("expiredRedirect", expiredRedirect)]
            .compactMap { name, url in url.flatMap { $0.isEmpty ? nil : (name, $0) } }
    }
}

extension DomainRequest: APIRequestBody, OpenAPISchema {
    static let schemaName = "CreateDomain"

    private static func redirect(_ name: String, _ property: any WritableKeyPath<Self, String?> & Sendable, _ what: String) -> BodyField<Self> {
        .string(name, property, JSONSchema.string(
            "Where \(what) goes instead of the service's page: an absolute http or https URL on an allowed domain; \"\" removes it.",
            maxLength: 2048), maxLength: 2048)
    }

    static let requestFields: [BodyField<Self>] = [
        .string("host", \.host, JSONSchema.string(
            "The host name (links.example.com): no scheme, port or path. Required on create; on update, the path names it.",
            maxLength: 253), maxLength: 253),
        BodyField("default", \.isDefault, JSONSchema.boolean.described(
            "Whether the team's links land here when a create names no domain (the team's previous default gives the flag up)."),
                  read: { members, key in try members.decodeIfPresent(Bool.self, key) }),
        redirect("rootRedirect", \.rootRedirect, "GET / on the domain"),
        redirect("notFoundRedirect", \.notFoundRedirect, "a code the domain has no link for"),
        redirect("expiredRedirect", \.expiredRedirect, "an expired link without an expiredURL of its own"),
    ]
}

/// A link domain as its team sees it (the `Domain` schema).
struct DomainResponse: Sendable, Hashable, ResponseEncodable {
    var host: String
    var team: String
    var isDefault: Bool
    var bootstrap: Bool
    var rootRedirect: String?
    var notFoundRedirect: String?
    var expiredRedirect: String?
    var createdAt: String?

    init(_ served: ServedDomain, isDefault: Bool) {
        let domain = served.domain
        host = domain.host
        team = domain.team
        self.isDefault = isDefault
        bootstrap = served.isBootstrap
        rootRedirect = domain.redirects.root
        notFoundRedirect = domain.redirects.notFound
        expiredRedirect = domain.redirects.expired
        createdAt = served.isBootstrap ? nil : APIDates.text(domain.createdAt)
    }
}

extension DomainResponse: APIObject, OpenAPISchema {
    static let schemaName = "Domain"

    static let fields: [APIField<Self>] = [
        APIField("host", \.host),
        APIField("team", \.team),
        APIField("default", \.isDefault, "Whether a create that names no domain lands here."),
        APIField("bootstrap", \.bootstrap, "The service's --base-url domain (team default's, not stored: it cannot be removed)."),
        APIField("rootRedirect", \.rootRedirect, "Where GET / goes; null: the service's own answer."),
        APIField("notFoundRedirect", \.notFoundRedirect, "Where an unknown code goes; null: 404."),
        APIField("expiredRedirect", \.expiredRedirect, "Where an expired link without expiredURL goes; null: 410."),
        APIField("createdAt", \.createdAt, "When the domain was added; null for the bootstrap domain.", format: "date-time"),
    ]
}

/// `GET /api/v1/domains`: the domains the team creates links on, its default first.
struct DomainListResponse: Sendable, Hashable, ResponseEncodable {
    var domains: [DomainResponse]
}

extension DomainListResponse: APIObject, OpenAPISchema {
    static let schemaName = "DomainList"

    static let fields: [APIField<Self>] = [APIField("domains", \.domains)]
}
