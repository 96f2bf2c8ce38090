import Foundation
import Hummingbird
import Logging
import Switchyard
import SwitchyardRules
import SwitchyardStore

/// What every handler shares: the compiled table, the store, the keys, the policies and the
/// recorder. Immutable and `Sendable`.
struct LinkService: Sendable {
    let configuration: ServiceConfiguration
    let store: any LinkStore
    let builder: DeepLinkBuilder
    let fallbacks: FallbackPolicy
    let adminKeys: APIKeyring
    let appKeys: APIKeyring
    /// Named keys read from the store (Authentication/KeyDirectory.swift).
    let keyDirectory: KeyDirectory
    let recorder: ClickRecorder
    let metrics: ServiceMetrics
    let associations: AssociationFiles
    let limiter: RateLimiter
    let openCache: OpenLinkCache
    /// The link domains (Domains/DomainDirectory.swift).
    let domains: DomainDirectory
    /// Heuristic deferred matching; nil unless the operator turned it on.
    let deferred: DeferredMatching?
    /// The webhooks this instance knows (Webhooks/WebhookSubscriptions.swift).
    let webhookSubscriptions: WebhookSubscriptions
    /// Which webhook URLs may be reached.
    var webhookPolicy: WebhookAddressPolicy
    let logger: Logger
    let now: @Sendable () -> Date
    /// Where link passwords are checked, a few at a time (Passwords/LinkPassword.swift).
    var passwords = LinkPasswords()
    /// Signs and checks the cookie a correct link password sets.
    var passwordCookie = PasswordCookie(adminKeys: [])
    /// The country of a client address (`--geoip FILE`); nil without a database, when country
    /// conditions are refused and figures say "unknown".
    var geoIP: (any CountryLookup)? = nil
    /// Each team's default redirect rules (Rules/TeamRules.swift).
    var teamRules = TeamRulesDirectory()

    var table: RouteTable { builder.table }

    /// The client's address for a request (the peer, or behind a trusted proxy its `X-Forwarded-For`).
    func clientAddress(_ request: Request, context: ServiceRequestContext) -> String {
        DeferredMatching.clientAddress(request, peer: context.remoteAddress?.ipAddress, trustedProxies: configuration.trustedProxies)
    }

    /// The team of the bootstrap app keys (``ServiceConfiguration/appKeyTeam``): links they create
    /// belong to it.
    var appTeam: String {
        if let team = configuration.appKeyTeam { return team }
        let teams = Set(configuration.adminKeys.values)
        return teams.count == 1 ? teams.first! : "app"
    }

    /// Whether the bootstrap app keys reach only ``appTeam``'s links: yes when the app team is set
    /// or the admin keys name one team; a service whose admin keys name several teams and no app
    /// team lets them resolve every team's links (give each app a named key of its team instead).
    var appKeyTeamOnly: Bool {
        configuration.appKeyTeam != nil || Set(configuration.adminKeys.values).count <= 1
    }

    /// The short URL of a link's store key: on `--base-url` for the bootstrap domain, on
    /// `https://` and its host for a stored domain (`promo.example.com/m9Mm` gives
    /// `https://promo.example.com/m9Mm`).
    func shortURL(_ key: String) -> String {
        let (host, code) = LinkKey.split(key)
        guard let host else { return "\(configuration.trimmedBaseURL)/\(code)" }
        return "https://\(host)/\(code)"
    }

    /// The domain a request reached (its host, or a trusted proxy's `X-Forwarded-Host`); nil when
    /// it is none of the service's.
    func servedDomain(_ request: Request, context: ServiceRequestContext) -> ServedDomain? {
        domains.served(host: DomainHost.requested(request) {
            configuration.trustedProxies.contains(address: context.remoteAddress?.ipAddress ?? "")
        })
    }

    /// The store key an API request addresses: `code` on the domain its `domain` query names (one
    /// of the team's, or the bootstrap one), else on the team's default domain
    /// (``DomainDirectory/domain(named:team:creating:)``); with no team (the
    /// app's endpoints), on any domain the service has, else the bootstrap one. An implausible
    /// code or an unknown domain is the link's 404.
    func linkKey(code: String, request: Request, team: String?) throws(Problem) -> String {
        guard LinkCodes.isPlausible(code) else { throw Problem.linkNotFound(code) }
        let named = request.uri.queryParameters["domain"].map(String.init)
        if let team {
            do {
                return try domains.domain(named: named, team: team, creating: false).key(code)
            } catch {
                // Another team's domain, an unknown or malformed one: as if the link did not exist
                // (a create says which).
                throw Problem.linkNotFound(code)
            }
        }
        guard let named else { return code }
        guard let host = DomainHost.bare(named), let domain = domains.served(host: host) else { throw Problem.linkNotFound(code) }
        return domain.key(code)
    }

    /// Runs a store call, answering a failure with its problem (``Problem/init(answering:)``): a
    /// failure that is not a ``StoreError`` is an unreachable database (503 with `Retry-After`). A
    /// taken code or name is thrown as it is, for the caller to answer.
    func storage<T>(_ operation: () async throws -> T) async throws -> T {
        do {
            return try await operation()
        } catch let error as StoreError where error.code == .codeTaken || error.code == .nameTaken {
            throw error
        } catch {
            let failure = error as? StoreError ?? StoreError(.unavailable, "\(error)")
            switch failure.code {
            case .invalidCursor: break
            case .corrupt, .configuration: logger.error("stored data could not be read", metadata: ["error": "\(error)"])
            default: logger.warning("database unavailable", metadata: ["error": "\(error)"])
            }
            throw Problem(failure) ?? .internalError
        }
    }

    /// Spends one request of the client's rate for `operation`: the app's endpoints are limited
    /// per client address, not per app key (one extracted key must not spend every user's allowance).
    func spendPerClient(_ operation: RateLimiter.Operation, request: Request, context: ServiceRequestContext) async throws {
        try await spend(operation, caller: "client:" + clientAddress(request, context: context))
    }

    /// Spends one request of `caller`'s rate for `operation`; 429 with `Retry-After` when none is left.
    func spend(_ operation: RateLimiter.Operation, caller: String) async throws {
        guard let seconds = try await storage({ try await limiter.spend(operation, caller: caller, at: now()) }) else { return }
        metrics.rateLimited(operation.rawValue)
        throw Problem.rateLimited(operation, retryAfter: seconds)
    }

    static func bearer(_ authorization: String?) throws(Problem) -> String {
        guard let authorization, !authorization.isEmpty else {
            throw Problem.unauthorized("an 'Authorization: Bearer <key>' header is required", invalidToken: false)
        }
        let parts = authorization.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw Problem.unauthorized("the Authorization header must use the Bearer scheme", invalidToken: true)
        }
        return String(parts[1].trimmingSpaces)
    }

    /// The deep link's URLs for a stored link, built from the route table as it is now
    /// (``StoredLinkRoute``): universal link and custom-scheme URL (either may be nil).
    func deepLinkURLs(_ link: SmartLink) -> DeepLinkURLs {
        builder.urls(for: link)
    }
}

/// A link's deep links: its universal link (`https://` on the table's first host) and its
/// custom-scheme URL, where the table has them.
typealias DeepLinkURLs = (universal: String?, scheme: String?)

extension LinkService: CustomStringConvertible {
    /// What a value holding the service prints: swift-service-lifecycle describes each service it
    /// runs (the recorder, the sweepers, the webhook sender, each holding this) by reflection,
    /// which would otherwise walk the route table, the caches and the bot classifier's automaton.
    var description: String { "LinkService(\(configuration.baseURL))" }
}
