import Foundation
import Switchyard
import SwitchyardStore

/// A link as asked for, before the service has checked it: what the links API's JSON body (from
/// an admin key, the dashboard's form or the app key, through ``LinkRules/draft(_:by:now:)``),
/// Firebase's REST API and the Firebase importer all turn into.
/// ``LinkRules/link(_:code:team:now:)`` is the one place it is checked against the route table
/// and the fallback rules.
struct LinkDraft: Sendable, Hashable {
    /// The route's name or pattern.
    var route: String
    /// The route's target in the table when the draft's maker has already resolved it (the API
    /// answers route errors before those of the other fields); nil: ``LinkRules`` resolves it.
    var target: DeepLinkBuilder.Target?
    var routeParameters: [String: String] = [:]
    var queryParameters: [String: String] = [:]
    var metadata: [String: JSONValue]?
    var redeemLimit: Int?
    /// Fallback URLs, not yet checked against the allowed domains.
    var fallbacks = SmartLink.Fallbacks()
    /// How each fallback is named in error messages (`fallbacks.ios` in the API, `ifl` for Firebase).
    var fallbackNames = FallbackNames()
    var preview = SmartLink.Preview()
    /// How the preview image is named in error messages.
    var previewImageName = "preview.image"
    var expiresAt: Date?
    /// Whether the app asks for it with its app key (a route link only).
    var createdByApp = false
    /// Which deferred claims may hand it out; nil for the default (``DeferredMatch/default(metadata:redeemLimit:)``).
    var deferredMatch: DeferredMatch?
    /// What it asks of an install before a redemption; nil for the service's default.
    var installProof: InstallProof?
    /// The endpoints the proof applies to; nil for the redeem only.
    var installProofFor: [InstallProofAction]?
    /// A link that opens no route: `route` is empty and every platform goes to `fallbacks.web`.
    var webLink = false
    /// What people call the link.
    var label: String?
    /// Whether it is stored switched off (answering 410).
    var disabled = false
    /// Campaign parameters kept on the link.
    var campaign: [String: String]?
    var minimumVersions = SmartLink.MinimumVersions()
    /// Whether phones without the app skip the page and go straight to their fallback.
    var forcedRedirect = false

    struct FallbackNames: Sendable, Hashable {
        var ios = "fallbacks.ios"
        var android = "fallbacks.android"
        var web = "fallbacks.web"
        var iPad = "fallbacks.ipad"
        var appStore = "fallbacks.appStore"
    }
}

/// The checks every new link passes, wherever it comes from: the route and its parameters against
/// the table (through the SDK's reverse routing), fallbacks against the allowed domains, the
/// preview image as an absolute http(s) URL.
struct LinkRules: Sendable {
    let builder: DeepLinkBuilder
    let fallbacks: FallbackPolicy

    /// The stored link a draft becomes under `code`, or the 400 ``Problem`` that says what is wrong.
    func link(_ draft: LinkDraft, code: String, team: String, now: Date) throws(Problem) -> SmartLink {
        let target: DeepLinkBuilder.Target
        if draft.webLink {
            guard draft.fallbacks.web != nil else {
                throw Problem.invalid("missing-fallback", "Missing web fallback", "a link without a route needs a web fallback")
            }
            target = DeepLinkBuilder.Target(route: "", routeName: nil, path: "")
        } else if let resolved = draft.target {
            target = resolved
        } else {
            target = try builder.target(route: draft.route, parameters: draft.routeParameters)
        }
        let names = draft.fallbackNames
        for (url, name) in [(draft.fallbacks.ios, names.ios), (draft.fallbacks.android, names.android),
                            (draft.fallbacks.web, names.web), (draft.fallbacks.iPad, names.iPad),
                            (draft.fallbacks.appStore, names.appStore)] {
            guard let url else { continue }
            if let refusal = fallbacks.refusal(for: url) {
                throw Problem.invalid("fallback-refused", "Fallback URL refused", "\(name): \(refusal)")
            }
        }
        if let image = draft.preview.image, FallbackPolicy.host(of: image) == nil {
            throw Problem.invalid("invalid-preview", "Invalid preview",
                                  "\(draft.previewImageName) must be an absolute http or https URL, got '\(image)'")
        }
        return SmartLink(
            code: code, team: team, route: target.route, routeName: target.routeName,
            routeParameters: draft.routeParameters, queryParameters: draft.queryParameters, metadata: draft.metadata,
            redeemLimit: draft.redeemLimit, fallbacks: draft.fallbacks, preview: draft.preview, createdAt: now,
            expiresAt: draft.expiresAt, createdByApp: draft.createdByApp, deferredMatch: draft.deferredMatch,
            label: draft.label, disabled: draft.disabled, campaign: draft.campaign, minimumVersions: draft.minimumVersions,
            forcedRedirect: draft.forcedRedirect, installProof: draft.installProof,
            installProofFor: draft.installProofFor)
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
    /// - Throws: a 400 ``Problem`` naming the field.
    func draft(_ body: CreateLinkRequest, by creator: Creator, now: Date) throws(Problem) -> LinkDraft {
        var draft = LinkDraft(route: body.route)
        if creator == .app { try AppKeyBounds.check(body) }
        if creator == .team { draft.target = try builder.target(route: body.route, parameters: body.routeParameters) }
        try body.validate()
        draft.routeParameters = body.routeParameters
        draft.queryParameters = body.queryParameters
        draft.createdByApp = creator == .app
        draft.deferredMatch = body.deferredMatch
        draft.metadata = body.metadata
        draft.redeemLimit = body.redeemLimit
        draft.installProof = body.installProof
        draft.installProofFor = body.installProofFor
        draft.label = creator == .app ? nil : body.label
        draft.fallbacks = body.fallbacks?.stored ?? SmartLink.Fallbacks()
        draft.preview = body.preview?.stored ?? SmartLink.Preview()
        if let text = body.expiresAt {
            let date = try CreateLinkRequest.date(text)
            guard date > now else { throw Problem.invalid("expiry-in-past", "Expiry in the past", "'expiresAt' (\(text)) is not in the future") }
            draft.expiresAt = date
        }
        if let alias = body.alias, let refusal = LinkCodes.aliasRefusal(alias) {
            throw Problem.invalid("invalid-alias", "Invalid alias", refusal)
        }
        return draft
    }
}

extension LinkService {
    /// The checks every new link passes.
    var rules: LinkRules { LinkRules(builder: builder, fallbacks: fallbacks) }

    /// Checks a draft and stores it under `alias`, or under a generated code of `codeLength`
    /// letters (another one when a code is taken): the create path of the admin API, the dashboard
    /// and Firebase's REST API. `author`'s `link.created` entry (the code as target, the route as
    /// detail) is written in the link's transaction.
    ///
    /// - Throws: a 400 ``Problem`` from ``LinkRules``, 409 when the alias is taken, 503 when the
    ///   store is unavailable or no free code turns up.
    func create(_ draft: LinkDraft, team: String, alias: String?, codeLength: Int? = nil,
                author: AuditAuthor?) async throws -> SmartLink {
        let length = codeLength ?? configuration.limits.codeLength
        var link = try rules.link(draft, code: alias ?? LinkCodes.generate(length: length), team: team, now: now())
        var attempts = 0
        while true {
            let audit = author?.entry("link.created", target: link.code, detail: link.route, at: link.createdAt)
            do {
                try await storage { try await store.insert(link, webhooks: createdDeliveries(link), audit: audit) }
                break
            } catch StoreError.Code.codeTaken {
                if let alias {
                    throw Problem.aliasTaken(alias)
                }
                attempts += 1
                guard attempts < 8 else { throw Problem.unavailable("could not find a free code; retry later") }
                link.code = LinkCodes.generate(length: length)
            }
        }
        metrics.linkCreated()
        return link
    }
}
