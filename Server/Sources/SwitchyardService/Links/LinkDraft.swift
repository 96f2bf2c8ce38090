import Foundation
import Switchyard
import SwitchyardStore

/// A link as asked for, before the service has checked it: what the links API's JSON body (from
/// an admin key, the dashboard's form or the app key, through ``LinkRules/draft(_:by:now:)``),
/// Firebase's REST API and the Firebase importer all turn into.
/// ``LinkRules/link(_:code:team:now:)`` is the one place it is checked against the route table
/// and the fallback rules.
@dynamicMemberLookup
struct LinkDraft: Sendable, Hashable {
    /// The link's content as asked for; its `route` is the route's name or pattern (empty for a
    /// web link). Its fields read as the draft's own.
    var content: LinkContent
    /// The route's target in the table when the draft's maker has already resolved it (the API
    /// answers route errors before those of the other fields); nil: ``LinkRules`` resolves it.
    var target: DeepLinkBuilder.Target?
    /// How each fallback is named in error messages (`fallbacks.ios` in the API, `ifl` for Firebase).
    var fallbackNames = FallbackNames()
    /// How the preview image is named in error messages.
    var previewImageName = "preview.image"
    /// Whether the app asks for it with its app key (a route link only).
    var createdByApp = false
    /// A link that opens no route: `route` is empty and every platform goes to `fallbacks.web`.
    var webLink = false

    /// A draft of the route `route` (a name or a pattern) with nothing else set.
    init(route: String) {
        content = LinkContent(route: route)
    }

    /// A draft of `content`.
    init(content: LinkContent) {
        self.content = content
    }

    /// A field of the content, as the draft's own.
    subscript<Value>(dynamicMember field: WritableKeyPath<LinkContent, Value>) -> Value {
        get { content[keyPath: field] }
        set { content[keyPath: field] = newValue }
    }

    struct FallbackNames: Sendable, Hashable {
        var ios = "fallbacks.ios"
        var android = "fallbacks.android"
        var web = "fallbacks.web"
        var iPad = "fallbacks.ipad"
        var appStore = "fallbacks.appStore"

        /// How errors name the URL the API calls `field` (``LinkContent/redirectURLs``).
        func name(of field: String) -> String {
            switch field {
            case "fallbacks.ios": ios
            case "fallbacks.android": android
            case "fallbacks.web": web
            case "fallbacks.ipad": iPad
            case "fallbacks.appStore": appStore
            default: field
            }
        }
    }
}

/// The checks every new link passes, wherever it comes from: the route and its parameters against
/// the table (through the SDK's reverse routing), fallbacks against the allowed domains, the
/// preview image as an absolute http(s) URL.
struct LinkRules: Sendable {
    let builder: DeepLinkBuilder
    let fallbacks: FallbackPolicy
    /// Whether the service has a GeoIP database, which a country condition needs.
    var countryDatabase = false

    /// The stored link a draft becomes under `code`, or the ``LinkRuleError`` that says what is wrong.
    func link(_ draft: LinkDraft, code: String, team: String, now: Date) throws(LinkRuleError) -> SmartLink {
        try verified(draft, code: code, team: team, now: now).link
    }

    /// The stored link a draft becomes under `code`, with its deep links written from the path its
    /// route check verified (the route's only build), or the ``LinkRuleError`` that says what is wrong.
    func verified(_ draft: LinkDraft, code: String, team: String, now: Date) throws(LinkRuleError) -> DeepLinkBuilder.VerifiedLink {
        let target: DeepLinkBuilder.Target
        if draft.webLink {
            guard draft.fallbacks.web != nil else {
                throw LinkRuleError(.missingFallback, "a link without a route needs a web fallback")
            }
            target = DeepLinkBuilder.Target(route: "", routeName: nil, path: "")
        } else if let resolved = draft.target {
            target = resolved
        } else {
            target = try builder.target(route: draft.route, parameters: draft.routeParameters)
        }
        for (url, field) in draft.content.redirectURLs {
            if let refusal = fallbacks.refusal(for: url) {
                throw LinkRuleError(.fallbackRefused, "\(draft.fallbackNames.name(of: field)): \(refusal)")
            }
        }
        if let image = draft.preview.image, FallbackPolicy.host(of: image) == nil {
            throw LinkRuleError(.invalidPreview,
                                "\(draft.previewImageName) must be an absolute http or https URL, got '\(image)'")
        }
        var content = draft.content
        content.route = target.route
        content.routeName = target.routeName
        let link = SmartLink(code: code, team: team, content: content, createdAt: now, createdByApp: draft.createdByApp)
        return DeepLinkBuilder.VerifiedLink(link: link, urls: draft.webLink ? (nil, nil) : builder.urls(path: target.path, query: content.queryParameters))
    }
}

extension LinkRules {
    /// Who sends a `CreateLink` body.
    enum Creator: Sendable {
        /// An admin or editor key, or the dashboard's form: every field.
        case team
        /// The app key: a route link from the route, its parameters and the query only; a
        /// label is checked and not kept.
        case app
    }

    /// The draft of a `CreateLink` body: the one way the API's create paths (a team's key, the
    /// dashboard's form, the app key) turn a body into a link. For a team the route is resolved
    /// first, so that its errors come before those of the other fields, and kept in the draft;
    /// the app's route is resolved by ``link(_:code:team:now:)``, after the install's rate.
    /// Then the body's checks (``APIRequestBody/validate()``), the expiry (in the future at
    /// `now`) and the alias's reserved words.
    ///
    /// - Throws: a 400 ``Problem`` for the body's own checks, a ``LinkRuleError`` for the route,
    ///   the expiry and the alias; each names the field.
    func draft(_ body: CreateLinkRequest, by creator: Creator, now: Date) throws -> LinkDraft {
        var draft = LinkDraft(content: body.content)
        if creator == .app { try AppKeyBounds.check(body) }
        if creator == .team { draft.target = try builder.target(route: body.route, parameters: body.routeParameters) }
        try body.validate()
        draft.createdByApp = creator == .app
        if creator == .app { draft.label = nil }
        if let text = body.expiresAt {
            let date = try CreateLinkRequest.date(text)
            guard date > now else { throw LinkRuleError(.expiryInPast, "'expiresAt' (\(text)) is not in the future") }
            draft.expiresAt = date
        }
        if let text = body.validSince {
            let date = try CreateLinkRequest.date(text, field: "validSince")
            if let expiry = draft.expiresAt, date >= expiry {
                throw LinkRuleError(.emptyValidity, "'validSince' (\(text)) is not before 'expiresAt' (\(body.expiresAt ?? ""))")
            }
            draft.validSince = date
        }
        if let rules = body.rules {
            draft.rules = try redirectRules(rules)
        }
        if let variants = body.variants {
            draft.variants = try variantTest(variants, now: now)
        }
        // A password's length was checked with the body; its hash is made by the caller, off the
        // event loops (``LinkPasswords/hash(_:)``).
        if let alias = body.alias, let refusal = LinkCodes.aliasRefusal(alias) {
            throw LinkRuleError(.invalidAlias, refusal)
        }
        return draft
    }
}

extension LinkService {
    /// The checks every new link passes.
    var rules: LinkRules { LinkRules(builder: builder, fallbacks: fallbacks, countryDatabase: geoIP != nil) }

    /// Checks a draft and stores it under `alias`, or under a generated code of `codeLength`
    /// letters (another one when a code is taken), on `domain` (nil: the team's default; the
    /// caller checked that the team may use it): the create path of the admin API, the dashboard
    /// and Firebase's REST API. `author`'s `link.created` entry (the code as target, the route as
    /// detail) is written in the link's transaction.
    ///
    /// - Throws: a ``LinkRuleError`` from ``LinkRules``, 409 when the alias is taken, 503 when the
    ///   store is unavailable or no free code turns up.
    func create(_ draft: LinkDraft, team: String, alias: String?, domain: ServedDomain? = nil, codeLength: Int? = nil,
                author: AuditAuthor?) async throws -> DeepLinkBuilder.VerifiedLink {
        let length = codeLength ?? configuration.limits.codeLength
        let domain = domain ?? domains.domains(team: team)[0]
        let verified = try rules.verified(draft, code: domain.key(alias ?? LinkCodes.generate(length: length)), team: team, now: now())
        var link = verified.link
        var attempts = 0
        while true {
            let audit = author?.entry("link.created", target: link.code, detail: link.route, at: link.createdAt)
            do {
                try await storage { try await store.insert(link, webhooks: createdDeliveries(link, urls: verified.urls), audit: audit) }
                break
            } catch StoreError.Code.codeTaken {
                if let alias {
                    throw Problem.aliasTaken(alias)
                }
                attempts += 1
                guard attempts < 8 else { throw Problem.unavailable("could not find a free code; retry later") }
                link.code = domain.key(LinkCodes.generate(length: length))
            }
        }
        metrics.linkCreated()
        return DeepLinkBuilder.VerifiedLink(link: link, urls: verified.urls)
    }
}
