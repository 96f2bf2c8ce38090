import Switchyard

/// The operations, path by path, one file per area (links, app, opening, Firebase, stats,
/// operations, webhooks, keys): each names its body types, so their schemas are referenced rather
/// than repeated.
extension OpenAPIDocument {
    static var paths: JSONValue {
        var paths: [String: JSONValue] = [:]
        for area in [linkPaths, appPaths, openingPaths, firebasePaths, statsPaths, operationsPaths, webhookPaths, keyPaths, domainPaths, teamRulePaths, installPaths] {
            paths.merge(area) { $1 }
        }
        return .object(paths)
    }

    // MARK: What several areas share

    /// The `{code}` path parameter of the API's link operations.
    static let code = parameter("code", in: "path", required: true, description: "The link's short code or alias.",
                                schema: .string(pattern: APIPatterns.code))
    /// The `domain` query of the API's link operations: which of the service's domains the code is on.
    static let domainQuery = parameter(
        "domain", in: "query",
        description: "The host of the link's domain; absent: the key's team's default domain (the bootstrap domain for the app's endpoints). Codes are unique per domain.",
        schema: .string(maxLength: 253))
    /// The `User-Agent` header, which decides how a link opens.
    static let userAgent = parameter("User-Agent", in: "header", schema: .string())
    /// The `Idempotency-Key` header of the operations that create.
    static let idempotencyKey = parameter(
        "Idempotency-Key", in: "header",
        description: "Makes a retry safe: the same key and body within 24 hours get the first answer again (marked Idempotent-Replayed: true) and create nothing; another body is 422. Keys are per caller and route.",
        schema: .string(minLength: 1, maxLength: 255, pattern: "^[!-~]+$"))
    /// The app's version header on the app key's operations.
    /// `Switchyard-Link-Password`: a password link's password, on the app's resolve and redeem.
    static let linkPassword = parameter(
        "Switchyard-Link-Password", in: "header",
        description: "The password of a link that has one (passwordProtected): without it 401 password-required, a wrong one 403 wrong-password. Each guess spends the client address's and the link's password-guess rates (429). Ignored for a link without a password.",
        schema: .string())
    static let appVersion = parameter(
        AppRelease.headerName, in: "header",
        description: "The app's platform and version, as SmartLinkClient sends it: ios/ and dotted numbers (CFBundleShortVersionString, ios/2.3.1) or android/ and the versionCode (android/230). An app older than the stricter of the route's since and the link's own minimum version gets no deep link (appTooOld, with requiredVersion and fallback) and may not redeem. Without it the app is taken to be new enough. A malformed value is 400 invalid-app-version.",
        schema: .string(pattern: "^(ios/[0-9]{1,9}(\\.[0-9]{1,9}){0,3}|android/[0-9]{1,10})$"))
    /// The description of the `Idempotent-Replayed` header.
    static let replayed = "true when this is the answer to an earlier request with the same Idempotency-Key."
    /// The 429 of an operation that counts wrong admin keys per client address.
    static let keyGuesses = rateLimited("A wrong admin key from a client address that made too many wrong guesses (a valid key is never refused for them)")
}
