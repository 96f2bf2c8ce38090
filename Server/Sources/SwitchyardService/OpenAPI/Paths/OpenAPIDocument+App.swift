import Switchyard

extension OpenAPIDocument {
    /// The app key's operations: resolve and redeem a link, App Attest, deferred claims.
    static var appPaths: [String: JSONValue] {
        var paths: [String: JSONValue] = [:]
        paths["/api/v1/links/{code}/resolve"] = [
            "parameters": [code, domainQuery],
            "get": operation(
                "resolveLink", "The deep link for the app (an exact match; a redeem-limited link's metadata only through redeem)",
                tag: "app", security: ["appKey"],
                description: "A link whose installProof is attested hands its metadata only to an attested install: Switchyard-Install names the install, Switchyard-Attest-Key its key (POST /api/v1/attest) and Switchyard-Assertion carries an App Attest assertion over the client data `resolve:{code}:{install}` (clientDataHash = SHA-256 of its UTF-8 bytes), with a counter above the last one accepted. Without them, or with an assertion that does not verify (an unknown key, another install's key, a bad signature, a replayed counter), the answer is the same deep link with metadata null: the app can still open the route. When the key named is one the service does not know, attestKeyUnknown is true: attest a new key and resolve again (the SDK does, once, with Switchyard-Retry: attest-key-unknown, so that the second resolve is not counted as another app open). Nothing is spent.",
                parameters: [appVersion,
                             parameter("Switchyard-Install", in: "header", description: "The install identifier the SDK generates once per install (with an assertion).", schema: .string()),
                             parameter("Switchyard-Attest-Key", in: "header", description: "The install's attested key id (standard base64).", schema: .string()),
                             parameter("Switchyard-Assertion", in: "header", description: "An App Attest assertion (standard base64 of its CBOR) over `resolve:{code}:{install}`.", schema: .string()),
                             parameter("Switchyard-Retry", in: "header", description: "`attest-key-unknown` on the resolve made again after an answer with attestKeyUnknown: it is not counted as another app open. Any other value is ignored.", schema: .string()),
                             linkPassword],
                responses: ["200": json(Resolution.self, "The deep link; for an app too old for it (Switchyard-App-Version), appTooOld with the version it needs and the fallback instead."),
                            "400": problem("A malformed Switchyard-App-Version header (invalid-app-version)."),
                            "401": problem("Missing or wrong key, or (password-required) a password link without Switchyard-Link-Password.",
                                           headers: ["WWW-Authenticate": "The Bearer challenge (a missing or wrong key)."]),
                            "403": problem("wrong-password: Switchyard-Link-Password is not the link's password; or the key's role may not call this operation."),
                            "404": notFound,
                            "410": gone, "429": rateLimited("Too many resolves from this client address, or too many password guesses from it or on the link"),
                            "503": unavailable]),
        ]
        paths["/api/v1/links/{code}/redeem"] = [
            "parameters": [code, domainQuery],
            "post": operation(
                "redeemLink", "Spend one redemption for this install and get the metadata (again, without spending, for an install that redeemed before)",
                tag: "app", security: ["appKey"],
                description: "An attested install signs the redeem: Switchyard-Attest-Key names its key (POST /api/v1/attest) and Switchyard-Assertion carries an App Attest assertion over the client data `redeem:{code}:{install}` (clientDataHash = SHA-256 of its UTF-8 bytes), with a counter above the last one accepted. A link whose installProof is attested (or a redeem-limited link, when the service's default says so) is redeemed only that way: 403 install-proof-required otherwise, and nothing is spent. A key the service does not know is 403 attest-key-unknown (the SDK then forgets its key, attests a new one and retries once); an assertion that does not verify is 403 assertion-invalid. Without an assertion, one client address (IPv6: its /64) spends at most a configured number of distinct installs of a link per hour (429 too-many-installs).",
                parameters: [appVersion,
                             parameter("Switchyard-Attest-Key", in: "header", description: "The install's attested key id (standard base64).", schema: .string()),
                             parameter("Switchyard-Assertion", in: "header", description: "An App Attest assertion (standard base64 of its CBOR) over `redeem:{code}:{install}`.", schema: .string()),
                             linkPassword],
                body: RedeemRequest.self,
                responses: ["200": json(Redemption.self, "Redeemed, now or (replayed) before by this install."),
                            "400": badRequest,
                            "401": problem("Missing or wrong key, or (password-required) a password link without Switchyard-Link-Password.",
                                           headers: ["WWW-Authenticate": "The Bearer challenge (a missing or wrong key)."]),
                            "403": problem("wrong-password: Switchyard-Link-Password is not the link's password. install-proof-required: the link is redeemed only by an attested install and the request has no assertion; attest-key-unknown: no attested key has the id in Switchyard-Attest-Key; assertion-invalid: the assertion does not verify (another install's key, bad signature, replayed counter). Nothing is spent."),
                            "404": notFound,
                            "409": problem("The redeem limit is reached (redeem-limit-reached), or the app is older than the link needs (app-too-old; nothing spent: resolve answers the fallback)."), "410": gone, "413": tooLarge, "415": unsupported,
                            "429": rateLimited("Too many redeems from this client address, or (too-many-installs) as many distinct unattested installs of this link from it as an hour allows"),
                            "503": unavailable]),
        ]
        paths["/api/v1/attest/challenge"] = [
            "post": operation(
                "attestChallenge", "A one-time challenge for attesting an install's App Attest key",
                tag: "app", security: ["appKey"],
                description: "The challenge is good for one attestation until expiresAt (five minutes unless configured); expired challenges are deleted by the service's expiry sweep. One client address (IPv6: its /64) holds at most a configured number of challenges that are neither used nor expired (100 unless configured): beyond it, 429 too-many-challenges with Retry-After, the challenge lifetime in seconds.",
                responses: ["201": json(AttestChallenge.self, "The challenge, kept until it expires or an attestation spends it."),
                            "401": unauthorized,
                            "429": rateLimited("Too many attest calls from this client address, or (too-many-challenges) as many outstanding challenges as one address may hold"),
                            "503": unavailable]),
        ]
        paths["/api/v1/attest"] = [
            "post": operation(
                "attestInstall", "Attest an install's App Attest key (Apple's Attestation Object Validation Guide)",
                tag: "app", security: ["appKey"],
                description: "Verifies the attestation object against one of the route table's iOS app ids (apps.ios): the certificate chain to Apple's App Attestation Root CA, the nonce, the key id, the RP ID hash, a zero counter and the app's environment (production unless configured as development). The key is then kept for the install, and its assertions prove the install's redeems.",
                body: AttestRequest.self,
                responses: ["201": json(AttestedInstall.self, "The install is attested with this key."),
                            "400": problem("Invalid body; or (attest-challenge-invalid) a challenge that was not issued, was used or has expired."),
                            "401": unauthorized,
                            "403": problem("attestation-invalid: the attestation fails a step of Apple's guide, named in the detail (format, certificate-chain, nonce, key-id, app-id, counter, environment)."),
                            "409": problem("attest-key-exists: the key was attested before."),
                            "413": tooLarge, "415": unsupported,
                            "429": rateLimited("Too many attest calls from this client address"), "503": unavailable]),
        ]
        paths["/api/v1/deferred/claim"] = [
            "post": operation(
                "claimDeferredLink",
                "Claim the link this device opened before installing the app: exact with its code, else heuristic (opt-in)",
                tag: "app", security: ["appKey"], parameters: [appVersion], body: DeferredClaimRequest.self,
                responses: ["200": json(Resolution.self, "With a code: the link, as `resolve` answers it without an assertion (match exact; metadata null for a link whose installProofFor names resolve). Without: the route and parameters of the one link this device opened (match heuristic; no code, no metadata). An app too old for the link gets appTooOld and the fallback; the match is consumed all the same."),
                            "400": badRequest, "401": unauthorized,
                            "404": problem("No such code; or no single pending open matches, the link demands an exact match, or heuristic matching is off."),
                            "410": gone, "413": tooLarge, "415": unsupported,
                            "429": rateLimited("Too many claims from this client address"),
                            "503": unavailable]),
        ]
        return paths
    }
}
