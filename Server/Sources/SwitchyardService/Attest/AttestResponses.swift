import Foundation
import Hummingbird

/// The answer of `POST /api/v1/attest/challenge`: a one-time challenge and when it stops working.
struct AttestChallenge: Sendable, Hashable, ResponseEncodable {
    var challenge: String
    /// ISO 8601.
    var expiresAt: String
}

extension AttestChallenge: APIObject, OpenAPISchema {
    static let schemaName = "AttestChallenge"

    static let fields: [APIField<Self>] = [
        APIField("challenge", \.challenge, "Random text for one attestation; the device attests with clientDataHash = SHA-256 of its UTF-8 bytes."),
        APIField("expiresAt", \.expiresAt, "When the challenge stops working.", format: "date-time"),
    ]
}

/// The answer of `POST /api/v1/attest`: the install is attested, with this key.
struct AttestedInstall: Sendable, Hashable, ResponseEncodable {
    var install: String
    var keyId: String
    var appId: String
    var environment: String
    /// How the attesting app was signed, as its attestation states (`app-store`, `testflight`, ...).
    var validationCategory: String?
    /// The attesting app's bundle version, as its attestation states.
    var bundleVersion: String?
}

extension AttestedInstall: APIObject, OpenAPISchema {
    static let schemaName = "AttestedInstall"

    static let fields: [APIField<Self>] = [
        APIField("install", \.install),
        APIField("keyId", \.keyId, "The attested key id, standard base64: send it with each assertion."),
        APIField("appId", \.appId, "The app id (TEAMID.bundle of the table's apps.ios) the key was attested for."),
        APIField("environment", \.environment, oneOf: ["development", "production"]),
        APIField("validationCategory", \.validationCategory,
                 "How the app was signed, as the attestation states (apple_validation_category_01: platform, testflight, development, app-store, enterprise, developer-id, or the number); null when it does not say (older iOS)."),
        APIField("bundleVersion", \.bundleVersion, "The app's bundle version, as the attestation states (apple_bundle_version_01); null when it does not say."),
    ]
}
