import Foundation
import Hummingbird

/// The body of `POST /api/v1/attest` (the `Attest` schema): an install's new App Attest key, with
/// the attestation object the device made over a challenge of this service.
///
/// ```json
/// {"install": "6F1C2A7E-...", "keyId": "bSrEhF8T...", "challenge": "q3J...", "attestation": "o2NmbXRv..."}
/// ```
struct AttestRequest: Decodable, Sendable {
    /// The install the key belongs to.
    var install: String
    /// The key id as sent: standard base64 of 32 bytes, checked when read.
    var keyIDText: String
    /// The challenge from `POST /api/v1/attest/challenge`, as given.
    var challenge: String
    /// The attestation object's bytes.
    var attestation: [UInt8]

    /// An empty body.
    init() {
        install = ""
        keyIDText = ""
        challenge = ""
        attestation = []
    }

    /// The key id DCAppAttestService gave (SHA-256 of the public key): the bytes of
    /// ``keyIDText``, or a 400 naming `keyId` for a body built in code with text that is not base64.
    func keyID() throws(Problem) -> [UInt8] { try Self.base64(keyIDText, "keyId") }

    /// Standard base64 (padding optional), or a 400 naming the field.
    static func base64(_ text: String, _ name: String) throws(Problem) -> [UInt8] {
        var padded = text
        while padded.utf8.count % 4 != 0 { padded += "=" }
        guard let data = Data(base64Encoded: padded) else {
            throw Problem.invalid("invalid-field", "Invalid field", "'\(name)' must be standard base64")
        }
        return Array(data)
    }
}

extension AttestRequest: APIRequestBody, OpenAPISchema {
    static let schemaName = "Attest"

    /// Read and checked with the API's messages: `'install' is required: ...`, `'keyId' must be
    /// standard base64`, `'keyId' must be 32 bytes in base64 (SHA-256 of the key), got 16`.
    static let requestFields: [BodyField<Self>] = [
        BodyField("install", \.install, .string("The install identifier the SDK generates once per install and keeps.",
                                                minLength: RedeemRequest.lengths.lowerBound, maxLength: RedeemRequest.lengths.upperBound,
                                                pattern: "^[A-Za-z0-9._-]+$"),
                  required: true, read: { members, key in
                      guard let install = try members.string(key) else {
                          throw Problem.invalid("install-required", "Install identifier required",
                                                "'install' is required: the identifier the SDK generates once per install")
                      }
                      return install
                  }, check: { install throws(Problem) in try RedeemRequest.check(install) }),
        BodyField("keyId", \.keyIDText, .string("The key id DCAppAttestService.generateKey gave: standard base64 of 32 bytes."),
                  required: true, read: { members, key in
                      let text = try members.requiredString(key)
                      let keyID = try base64(text, "keyId")
                      guard keyID.count == 32 else {
                          throw Problem.invalid("invalid-field", "Invalid field",
                                                "'keyId' must be 32 bytes in base64 (SHA-256 of the key), got \(keyID.count)")
                      }
                      return text
                  }),
        .requiredString("challenge", \.challenge, .string(
            "A challenge from POST /api/v1/attest/challenge, used once; the device attested with clientDataHash = SHA-256 of its UTF-8 bytes.")),
        BodyField("attestation", \.attestation, .string("The attestation object DCAppAttestService.attestKey gave, standard base64."),
                  required: true, read: { members, key in try base64(members.requiredString(key), "attestation") }),
    ]
}
