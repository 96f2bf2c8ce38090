public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// The app's side of Switchyard's link service: turns a smart link's code into a ``DeepLink``
/// (resolved with the app's own table) and redeems its private metadata.
///
/// ```swift
/// let client = SmartLinkClient(service: URL(string: "https://go.example.com")!, appKey: key, table: table)
/// if let code = client.code(in: incomingURL) {
///     let link = try await client.resolve(code: code)           // route, parameters (metadata of an unlimited link)
///     let coupon = try await client.redeem(code: code)["coupon"]   // spends this install's one redemption
/// }
/// ```
///
/// Short links on the service's other domains (`switchyard domains add promo.example.com`) are
/// named by their key, `promo.example.com/m9Mm`: list those hosts in ``linkDomains`` and
/// ``code(in:)`` reads their URLs; every method that takes a code takes such a key too.
///
/// Redemptions are per install: the client sends ``installID`` with every redeem, and the service
/// lets one install spend at most one redemption of a link (a retry answers the same metadata
/// without spending again). A redeem-limited link's metadata is only ever given by ``redeem(code:password:)``.
///
/// A link with a password is resolved and redeemed only with it: without one the client throws
/// ``SmartLinkError/Code/passwordRequired``, so the app asks its user and calls again with the
/// password (sent as `Switchyard-Link-Password`, ``passwordHeaderName``); another password throws
/// ``SmartLinkError/Code/wrongPassword``.
///
/// ```swift
/// let link: DeepLink
/// do {
///     link = try await client.resolve(code: code)
/// } catch SmartLinkError.Code.passwordRequired {   // ask the user, then call again
///     link = try await client.resolve(code: code, password: await askForPassword())
/// }
/// ```
///
/// Every request carries ``appRelease`` (the `Switchyard-App-Version` header, `ios/2.3.1`): a link
/// whose route is newer than this app (the route's `since`), or that asks for a newer app itself,
/// throws ``SmartLinkError/Code/appTooOld`` with the version needed and the link's fallback (the
/// store page to update), and its redemption is not spent.
///
/// With an ``InstallAttestor`` (on iOS, `SwitchyardAppAttest`'s `DeviceCheckAttestor`), the install
/// attests an App Attest key once and signs each redeem with an assertion, so a link that demands
/// an attested install can be redeemed; without one, or where App Attest is not supported
/// (``attestsInstall`` is false), redeems carry no proof and the link's policy decides. A stored
/// key the device cannot sign with (after a reinstall the keychain keeps the key id while the key
/// is gone) is forgotten and a new key attested, once; concurrent first calls share one attestation.
public struct SmartLinkClient: Sendable {
    /// The service's base URL (where short links live).
    public let service: URL
    /// The hosts of the service's other link domains (`switchyard domains add promo.example.com`),
    /// lowercased, whose short links the app also receives as universal links (list each in the
    /// app's Associated Domains too, `applinks:promo.example.com`). ``code(in:)`` reads a short
    /// link on one of them as its key (`promo.example.com/m9Mm`).
    public let linkDomains: Set<String>
    /// The table that resolves the deep link the service returns.
    public let table: RouteTable
    /// This install's identifier, sent with every redeem (see ``standardInstallID()``).
    public let installID: String
    /// This app's platform and version, sent with every request (see ``standardAppRelease()``);
    /// nil sends none, and the service then assumes an app new enough for every link.
    public let appRelease: AppRelease?
    /// The App Attest side of the device, or nil: redeems then carry no proof.
    public let attestor: (any InstallAttestor)?
    private let appKey: String
    private let session: URLSession
    /// The attestation in progress, shared by the client's copies: concurrent first calls attest once.
    let attestFlight = AttestFlight()

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - service: the service's base URL, such as `https://go.example.com`.
    ///   - appKey: the app key (`SWITCHYARD_APP_KEY` on the service), sent as a bearer token.
    ///   - table: the app's route table, used to resolve the deep link.
    ///   - linkDomains: the hosts of the service's other link domains (`promo.example.com`), whose
    ///     short links the app also receives as universal links; none by default.
    ///   - installID: this install's identifier; by default one generated on first use and kept in
    ///     `UserDefaults` (``standardInstallID()``).
    ///   - appRelease: this app's platform and version; by default the bundle's
    ///     `CFBundleShortVersionString` on Apple platforms (``standardAppRelease()``). Android
    ///     callers and tests give `.android(versionCode:)` or `.ios(...)` themselves.
    ///   - session: the URL session to use.
    ///   - attestor: App Attest on this device (`DeviceCheckAttestor()` on iOS), or nil for none.
    public init(service: URL, appKey: String, table: RouteTable, linkDomains: [String] = [],
                installID: String = SmartLinkClient.standardInstallID(),
                appRelease: AppRelease? = SmartLinkClient.standardAppRelease(), session: URLSession = .shared,
                attestor: (any InstallAttestor)? = nil) {
        self.attestor = attestor
        self.service = service
        self.linkDomains = Set(linkDomains.map { $0.lowercased() })
        self.appKey = appKey
        self.table = table
        self.installID = installID
        self.appRelease = appRelease
        self.session = session
    }

    /// This app's release as its main bundle declares it: `.ios` with `CFBundleShortVersionString`
    /// on Apple platforms; nil elsewhere, or when the bundle has no such version.
    public static func standardAppRelease() -> AppRelease? {
        #if canImport(Darwin)
            (Bundle.main.infoDictionary?["CFBundleShortVersionString"] as? String).flatMap(DottedVersion.init).map(AppRelease.ios)
        #else
            nil
        #endif
    }

    /// The `UserDefaults` key under which ``standardInstallID()`` keeps the identifier.
    public static let installIDDefaultsKey = "io.switchyard.installID"

    /// This install's identifier: a random UUID generated on first use and kept in the standard
    /// `UserDefaults`, so it lasts as long as the app is installed (a reinstall is a new install).
    public static func standardInstallID() -> String {
        let defaults = UserDefaults.standard
        if let stored = defaults.string(forKey: installIDDefaultsKey), !stored.isEmpty { return stored }
        let generated = UUID().uuidString
        defaults.set(generated, forKey: installIDDefaultsKey)
        return generated
    }

    /// The code of a short link on this service, or the key of one on a host of ``linkDomains``;
    /// nil for any other URL. The code (letters, digits, `-`, `_`) is the URL's one path segment
    /// (under the service's path); a link domain's URL is `https`, without a port.
    ///
    /// ```swift
    /// client.code(in: URL(string: "https://go.example.com/Ab3dE9xQ")!)     // "Ab3dE9xQ"
    /// client.code(in: URL(string: "https://promo.example.com/m9Mm")!)      // "promo.example.com/m9Mm" (a link domain)
    /// client.code(in: URL(string: "https://promo.example.com/a/m9Mm")!)    // nil
    /// ```
    public func code(in url: URL) -> String? {
        let onService = url.scheme?.lowercased() == service.scheme?.lowercased()
            && url.host?.lowercased() == service.host?.lowercased() && url.port == service.port
        return onService ? Self.shortCode(in: url.path, under: service.path) : linkDomainKey(in: url)
    }

    /// ``code(in:)`` for a URL given as text; nil when it is not a URL.
    public func code(in text: String) -> String? {
        URL(string: text).flatMap(code(in:))
    }

    /// The smart link's deep link, resolved with ``table``, with source ``LinkSource/smartLink`` and
    /// an exact ``DeepLink/smartLink``; its `metadata` is set for a link without a redeem limit (a
    /// redeem-limited link's metadata comes from ``redeem(code:password:)`` only). When the install attests
    /// (``attestsInstall``), the request is signed (`resolve:{code}:{install}`), so a link that
    /// hands its metadata only to an attested install hands it over; without proof such a link's
    /// `metadata` is nil. When the service answers that it does not know the install's stored key
    /// (`attestKeyUnknown`: a database restored from before the attestation), the client forgets
    /// the key, attests a new one and resolves once more, as ``redeem(code:password:)`` does; that second
    /// request carries `Switchyard-Retry: attest-key-unknown`, so the service counts one app open.
    /// A key (`promo.example.com/m9Mm`, from ``code(in:)``) asks for the code on that link domain
    /// (`api/v1/links/m9Mm/resolve?domain=promo.example.com`), as ``redeem(code:password:)`` does.
    ///
    /// ```swift
    /// let link = try await client.resolve(code: "Ab3dE9xQ")                        // a link without a password
    /// let locked = try await client.resolve(code: "Vip2025", password: "open sesame")  // one with a password
    /// ```
    ///
    /// - Parameters:
    ///   - code: the link's code, or its key on a link domain (``code(in:)``).
    ///   - password: the link's password, sent as `Switchyard-Link-Password` (``passwordHeaderName``);
    ///     nil (the default) sends none. A link without a password ignores it.
    /// - Throws: ``SmartLinkError`` (not found, gone, unauthorized, a transport or format problem,
    ///   ``SmartLinkError/Code/appTooOld`` for a link this release cannot open,
    ///   ``SmartLinkError/Code/passwordRequired`` for a password link asked without its password,
    ///   ``SmartLinkError/Code/wrongPassword`` for another password; too many guesses is the
    ///   service's rate limit, HTTP 429, a ``SmartLinkError/Code/service`` error), or the table's
    ///   ``LinkInputError`` wrapped in ``SmartLinkError/Code/unresolvable``.
    public func resolve(code: String, password: String? = nil) async throws(SmartLinkError) -> DeepLink {
        let (path, query) = linkEndpoint("resolve", code: code)
        let headers = await resolveProofHeaders(code: code)
        var answer = try await send("GET", path: path, query: query, headers: headers, link: code, password: password)
        if answer["attestKeyUnknown"]?.boolValue == true, !headers.isEmpty, let attestor {
            try? forget(headers["Switchyard-Attest-Key"], of: attestor)   // a resolve degrades to no proof
            // Says it is the second resolve, so the service does not count a second app open.
            let again = await resolveProofHeaders(code: code).merging(["Switchyard-Retry": "attest-key-unknown"]) { old, _ in old }
            answer = try await send("GET", path: path, query: query, headers: again, link: code, password: password)
        }
        return try link(from: answer, source: .smartLink)
    }

    /// The short link of `code` on this service (`https://go.example.com/Ab3dE9xQ`), or of a key
    /// on its link domain (`promo.example.com/m9Mm` gives `https://promo.example.com/m9Mm`).
    public func shortURL(code: String) -> String {
        guard let (host, short) = Self.split(key: code) else {
            return service.appendingPathComponent(PercentEncoding.encode(code)).absoluteString
        }
        return "https://\(host)/\(PercentEncoding.encode(short))"
    }

    /// The link this device opened before the app was installed (`POST /api/v1/deferred/claim`):
    /// nil when nothing matches. A match is consumed. The link's source is ``LinkSource/deferred``.
    ///
    /// Without `code` the service matches heuristically (the operator turns it on with
    /// `--deferred-window`): the answer's ``DeepLink/smartLink`` is ``SmartLinkReference/heuristic``
    /// — route and parameters only, no code, no metadata — and links that demand an exact match
    /// (by default those with metadata or a redeem limit) are never answered. With the `code` the
    /// app found itself (Android's install referrer) the claim is exact. The link's
    /// ``DeepLink/smartLink`` says which it was (``SmartLinkReference/match``).
    ///
    /// ```swift
    /// if let link = try await client.claimDeferred(platform: "ios", osVersion: "18.1", language: "en-US") {
    ///     await navigator.route(link.url, source: .deferred)   // DeferredLinks does this and keeps link.smartLink
    /// }
    /// ```
    /// - Throws: ``SmartLinkError`` for anything but "no match" (unauthorized, a transport or format
    ///   problem, ``SmartLinkError/Code/appTooOld`` for a matched link this release cannot open:
    ///   the match is consumed all the same).
    public func claimDeferred(platform: String, osVersion: String, language: String?,
                              code: String? = nil) async throws(SmartLinkError) -> DeepLink? {
        var body: [String: JSONValue] = ["platform": .string(platform), "osVersion": .string(osVersion)]
        if let language { body["language"] = .string(language) }
        if let code { body["code"] = .string(code) }
        do {
            return try link(from: await send("POST", path: "api/v1/deferred/claim", body: .object(body)), source: .deferred)
        } catch where error.code == .notFound {
            return nil
        }
    }

    /// The deep link in a `resolve`-shaped answer, resolved with ``table``, with its metadata and
    /// the short link it came from (or, for a heuristic match, only that it was one).
    private func link(from body: JSONValue, source: LinkSource) throws(SmartLinkError) -> DeepLink {
        if body["appTooOld"]?.boolValue == true {
            let required = body["requiredVersion"]?.stringValue
            throw SmartLinkError(.appTooOld, "this app (\(appRelease?.description ?? "no version sent")) is older than the link needs"
                                    + (required.map { " (\($0))" } ?? ""),
                                 requiredVersion: required, fallback: body["fallback"]?.stringValue)
        }
        guard let url = body["url"]?.stringValue else {
            throw SmartLinkError(.invalidResponse, "the service's answer has no 'url'")
        }
        var link: DeepLink
        do {
            link = try table.resolve(url, source: source)
        } catch {
            throw SmartLinkError(.unresolvable, "the app's table cannot read '\(url)': \(error.message)")
        }
        if body["match"]?.stringValue == SmartLinkMatch.heuristic.rawValue {
            link.smartLink = .heuristic
            return link
        }
        link.metadata = body["metadata"]?.objectValue
        if let code = body["code"]?.stringValue { link.smartLink = SmartLinkReference(code: code, url: shortURL(code: code)) }
        return link
    }

    /// Creates a short link to a route of the table with the app key (HOKO's
    /// `generateSmartlinkForDeeplink`, Firebase's in-app shortening), for sharing from the app.
    /// The app key creates links from a route and its parameters only: the route must be in the
    /// service's table and the code is random; previews, metadata, redeem limits, aliases and
    /// fallbacks need an admin key. Campaign parameters (`utm_source`, ...) go in `query`. The
    /// request carries ``installID``: the service limits creations per install and per address.
    ///
    /// ```swift
    /// let short = try await client.create(route: "product", parameters: ["product_id": "42"], query: ["utm_source": "share"])
    /// share(short.url)   // https://go.example.com/Ab3dE9xQ
    /// ```
    /// - Throws: ``SmartLinkError`` (``SmartLinkError/Code/service`` with the service's reason for
    ///   an unknown route or a missing parameter, ``SmartLinkError/Code/unauthorized`` for the key).
    public func create(route: String, parameters: [String: String] = [:],
                       query: [String: String] = [:]) async throws(SmartLinkError) -> ShortLink {
        var body: [String: JSONValue] = ["route": .string(route), "routeParameters": .object(parameters.mapValues(JSONValue.string)),
                                         "install": .string(installID)]
        if !query.isEmpty { body["queryParameters"] = .object(query.mapValues(JSONValue.string)) }
        let answer = try await send("POST", path: "api/v1/links", body: .object(body))
        guard let code = answer["code"]?.stringValue, let url = answer["url"]?.stringValue else {
            throw SmartLinkError(.invalidResponse, "the service's answer has no 'code' and 'url'")
        }
        return ShortLink(code: code, url: url)
    }

    /// Spends this install's redemption of the link and returns its metadata. Safe to retry: an
    /// install that redeemed the link before gets the same metadata without spending again.
    /// With an attestor on a device that supports App Attest, the install is attested once
    /// (``attestInstall()``) and the redeem carries an assertion.
    ///
    /// ```swift
    /// let coupon = try await client.redeem(code: code, password: password)["coupon"]   // password: nil for most links
    /// ```
    ///
    /// - Parameters:
    ///   - code: the link's code, or its key on a link domain (``code(in:)``).
    ///   - password: the link's password, sent as `Switchyard-Link-Password` (``passwordHeaderName``);
    ///     nil (the default) sends none. A link without a password ignores it.
    /// - Throws: ``SmartLinkError`` with code ``SmartLinkError/Code/exhausted`` once the limit is
    ///   reached by other installs, ``SmartLinkError/Code/appTooOld`` (nothing spent) when this
    ///   release is older than the link needs, ``SmartLinkError/Code/installProofRequired`` when
    ///   the link is redeemed only by attested installs and this one carries no proof. When the
    ///   service does not know the install's stored key, the client forgets it, attests a new key
    ///   and retries once; ``SmartLinkError/Code/attestKeyUnknown`` when the retry is refused too.
    ///   ``SmartLinkError/Code/passwordRequired`` and ``SmartLinkError/Code/wrongPassword`` (nothing
    ///   spent) for a password link, as ``resolve(code:password:)`` throws them.
    public func redeem(code: String, password: String? = nil) async throws(SmartLinkError) -> [String: JSONValue] {
        do throws(SmartLinkError) {
            return try await redeemOnce(code: code, password: password)
        } catch where error.code == .attestKeyUnknown && attestor != nil {
            if let attestor { try forget(attestor.storedKeyID(), of: attestor) }
            return try await redeemOnce(code: code, password: password)
        }
    }

    /// One redeem request, signed when the install attests.
    private func redeemOnce(code: String, password: String?) async throws(SmartLinkError) -> [String: JSONValue] {
        let headers = try await proofHeaders(code: code)
        let (path, query) = linkEndpoint("redeem", code: code)
        let body = try await send("POST", path: path, query: query, body: .object(["install": .string(installID)]),
                                  headers: headers, link: code, password: password)
        return body["metadata"]?.objectValue ?? [:]
    }

    /// The service's problem types about App Attest (their `type` ends so).
    static let attestProblems = ["/assertion-invalid", "/attestation-invalid", "/attest-key-exists", "/attest-challenge-invalid"]

    /// One request to the service with the app key; the JSON answer, or the error its status means.
    /// `path` is relative to ``service``; `query`, already percent-encoded, is set on the URL as is
    /// (`appendingPathComponent` would escape its `?`). `password` goes in ``passwordHeaderName``
    /// when given; `code`, the link the request is about, names it in a password refusal.
    func send(_ method: String, path: String, query: String? = nil, body: JSONValue? = nil,
              headers: [String: String] = [:], link code: String? = nil,
              password: String? = nil) async throws(SmartLinkError) -> JSONValue {
        var url = service.appendingPathComponent(path)
        if let query {
            // Never dropped silently: without its `domain` the request would name another link.
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
            components?.percentEncodedQuery = query
            guard let withQuery = components?.url else {
                throw SmartLinkError(.transport, "cannot add the query '\(query)' to \(url.absoluteString)")
            }
            url = withQuery
        }
        var request = URLRequest(url: url)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.setValue("Bearer \(appKey)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let appRelease { request.setValue(appRelease.headerValue, forHTTPHeaderField: AppRelease.headerName) }
        if let password { request.setValue(password, forHTTPHeaderField: Self.passwordHeaderName) }
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(body.serialized().utf8)
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw SmartLinkError(.transport, "cannot reach \(url.absoluteString): \(error.localizedDescription)")
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        let body = try? JSONValue.parse(bytes: data)
        let detail = body?["detail"]?.stringValue ?? "HTTP \(status)"
        if body?["type"]?.stringValue?.hasSuffix("/app-too-old") == true {
            throw SmartLinkError(.appTooOld, detail)  // a refused redeem; resolve gives the version and fallback
        }
        if let refusal = Self.passwordRefusal(status: status, problemType: body?["type"]?.stringValue, link: code) {
            throw refusal
        }
        switch status {
        case 200..<300:
            guard let body else { throw SmartLinkError(.invalidResponse, "the service's answer is not JSON") }
            return body
        case 403 where body?["type"]?.stringValue?.hasSuffix("/install-proof-required") == true:
            throw SmartLinkError(.installProofRequired, detail)
        case 403 where body?["type"]?.stringValue?.hasSuffix("/attest-key-unknown") == true:
            throw SmartLinkError(.attestKeyUnknown, detail)
        case _ where [400, 403, 409].contains(status) && Self.attestProblems.contains(where: { body?["type"]?.stringValue?.hasSuffix($0) == true }):
            throw SmartLinkError(.attestation, detail)
        case 401, 403: throw SmartLinkError(.unauthorized, detail)
        case 404: throw SmartLinkError(.notFound, detail)
        case 409: throw SmartLinkError(.exhausted, detail)
        case 410: throw SmartLinkError(.gone, detail)
        default: throw SmartLinkError(.service, "\(detail) (HTTP \(status))")
        }
    }
}
