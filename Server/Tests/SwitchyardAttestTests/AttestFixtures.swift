import Crypto
import Foundation
import SwitchyardAttest
import Testing

/// Real App Attest objects, kept as data fixtures in `Tests/Fixtures/AppAttest` (its README names
/// each one's source); their leaf certificates expired long ago, so tests verify them at a time
/// inside the leaf's validity.
enum AttestFixtures {
    /// The base64 text of a fixture file.
    static func fixture(_ name: String) -> String {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/AppAttest")
        return (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
    }

    /// Apple's sample from the "Attestation Object Validation Guide"
    /// (https://developer.apple.com/documentation/devicecheck/attestation-object-validation-guide),
    /// as kept by signalapp/Signal-Server (apple-sample-attestation). Team 0352187391, bundle
    /// com.apple.example_app_attest; the guide uses the challenge text `test_server_challenge`
    /// itself as the client data hash. Production AAGUID; the leaf is valid 2024-04-17T16:14:53Z
    /// to 2024-04-20T16:14:53Z.
    static let appleSample = Sample(
        appID: "0352187391.com.apple.example_app_attest",
        keyID: "bSrEhF8TIzIvWSPwvZ0i2+UOBre4ASH84rK15m6emNY=",
        clientDataHash: Array("test_server_challenge".utf8),
        validAt: "2024-04-19T00:00:00Z",
        expiredAt: "2024-04-21T00:00:00Z",
        object: fixture("apple-guide-sample.attestation.b64")
    )

    /// A real device's attestation kept by webauthn4j/webauthn4j (webauthn4j-appattest
    /// DeviceCheckManagerTest) and by signalapp/Signal-Server (webauthn4j-sample-attestation):
    /// team 8YE23NZS57, bundle com.kayak.travel, client data hash SHA-256 of `1234567890abcdefgh`.
    /// Production AAGUID; the leaf is valid 2020-09-27T20:28:18Z to 2020-09-30T20:28:18Z.
    static let deviceSample = Sample(
        appID: "8YE23NZS57.com.kayak.travel",
        keyID: "VnfqjSp0rWyyqNhrfh+9/IhLIvXuYTPAmJEVQwl4dko=",
        clientDataHash: Array(SHA256.hash(data: Array("1234567890abcdefgh".utf8))),
        validAt: "2020-09-28T00:00:00Z",
        expiredAt: "2020-10-01T00:00:00Z",
        object: fixture("device-sample.attestation.b64")
    )

    /// The same device's first assertion (counter 1), from the same sources
    /// (webauthn4j-sample-assertion): signed over the same client data hash.
    static let deviceAssertion = fixture("device-sample.assertion.b64")

    /// A real device's attestation in the development environment, kept by
    /// veehaitch/devicecheck-appattest (ios-14.4.yaml): app 6MURL8TA57.de.vincent-haupert.apple-appattest-poc,
    /// client data hash SHA-256 of `wurzelpfropf`. Development AAGUID (`appattestdevelop`); the leaf
    /// is valid 2021-01-22T12:13:35Z to 2021-01-25T12:13:35Z.
    static let developmentSample = Sample(
        appID: "6MURL8TA57.de.vincent-haupert.apple-appattest-poc",
        keyID: "YmbJO4x5nEHUvncp9zdWuVZjNBEMgJn3cdSToAXQe3M=",
        clientDataHash: Array(SHA256.hash(data: Array("wurzelpfropf".utf8))),
        validAt: "2021-01-23T12:13:34Z",
        expiredAt: "2021-01-26T00:00:00Z",
        object: fixture("development-sample.attestation.b64"),
        environment: .development
    )

    /// The development device's first assertion (counter 1), over the same client data hash.
    static let developmentAssertion = fixture("development-sample.assertion.b64")

    struct Sample: Sendable, CustomTestStringConvertible {
        let appID: String
        let keyID: String
        let clientDataHash: [UInt8]
        let validAt: String
        let expiredAt: String
        let object: String
        var environment: AppAttestEnvironment = .production

        var testDescription: String { appID }

        var bytes: [UInt8] { Array(Data(base64Encoded: object.filter { !$0.isWhitespace })!) }
        var keyIDBytes: [UInt8] { Array(Data(base64Encoded: keyID)!) }
        var validDate: Date { ISO8601DateFormatter().date(from: validAt)! }
        var expiredDate: Date { ISO8601DateFormatter().date(from: expiredAt)! }
    }
}
