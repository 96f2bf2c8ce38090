import CommandTestSupport
import Foundation
import Testing

/// `switchyard attest verify` on the real attestations of `Tests/Fixtures/AppAttest`.
@Suite struct AttestVerifyCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/AppAttest")
    static let apple = fixtures.appendingPathComponent("apple-guide-sample.attestation.b64").path
    static let device = fixtures.appendingPathComponent("device-sample.attestation.b64").path

    static let appleArguments = [
        "attest", "verify", "--app-id", "0352187391.com.apple.example_app_attest",
        "--key-id", "bSrEhF8TIzIvWSPwvZ0i2+UOBre4ASH84rK15m6emNY=",
        "--client-data-hash", Data("test_server_challenge".utf8).base64EncodedString(),
    ]

    @Test func applesSampleIsValidInsideItsLeafsValidity() throws {
        let run = try Switchyard.run(Self.appleArguments + ["--at", "2024-04-19T00:00:00Z", Self.apple])
        #expect(run.status == 0, "\(run)")
        #expect(run.lines == ["valid: key bSrEhF8TIzIvWSPwvZ0i2+UOBre4ASH84rK15m6emNY= of 0352187391.com.apple.example_app_attest (production)"])
    }

    /// The device's attestation, given as raw CBOR, with the challenge it was made over.
    @Test func aDeviceAttestationIsValidFromCBORAndAChallenge() throws {
        let scratch = try TemporaryDirectory()
        let text = try String(contentsOfFile: Self.device, encoding: .utf8).filter { !$0.isWhitespace }
        let cbor = scratch.url.appendingPathComponent("device.cbor")
        try #require(Data(base64Encoded: text)).write(to: cbor)
        let run = try Switchyard.run([
            "attest", "verify", "--app-id", "8YE23NZS57.com.kayak.travel", "--key-id", "VnfqjSp0rWyyqNhrfh+9/IhLIvXuYTPAmJEVQwl4dko=",
            "--challenge", "1234567890abcdefgh", "--at", "2020-09-28T00:00:00Z", cbor.path,
        ])
        #expect(run.status == 0, "\(run)")
    }

    /// A development key is valid with --development (and refused without it, at the environment step).
    @Test func aDevelopmentKeyNeedsDevelopment() throws {
        let arguments = [
            "attest", "verify", "--app-id", "6MURL8TA57.de.vincent-haupert.apple-appattest-poc",
            "--key-id", "YmbJO4x5nEHUvncp9zdWuVZjNBEMgJn3cdSToAXQe3M=", "--challenge", "wurzelpfropf",
            "--at", "2021-01-23T12:13:34Z", Self.fixtures.appendingPathComponent("development-sample.attestation.b64").path,
        ]
        let valid = try Switchyard.run(arguments + ["--development"])
        #expect(valid.status == 0, "\(valid)")
        #expect(valid.lines.first?.hasSuffix("(development)") == true)
        let production = try Switchyard.run(arguments)
        #expect(production.standardError == "switchyard: error: invalid: environment: the key is from development, the app expects production\n")
    }

    @Test(arguments: [
        (["--at", "2024-04-21T00:00:00Z"], "certificate-chain: the chain does not lead to Apple's App Attestation Root CA"),
        (["--at", "2024-04-19T00:00:00Z", "--development"], "environment: the key is from production, the app expects development"),
    ])
    func aFailedStepIsNamedWithExitStatus1(extra: [String], message: String) throws {
        let run = try Switchyard.run(Self.appleArguments + extra + [Self.apple])
        #expect(run.status == 1, "\(run)")
        #expect(run.standardError.hasPrefix("switchyard: error: invalid: \(message)"), "\(run)")
    }

    @Test func anotherAppIsRefusedAtTheAppIDStep() throws {
        var arguments = Self.appleArguments
        arguments[3] = "0352187391.com.example.other"
        let run = try Switchyard.run(arguments + ["--at", "2024-04-19T00:00:00Z", Self.apple])
        #expect(run.status == 1)
        #expect(run.standardError == "switchyard: error: invalid: app-id: the RP ID hash is not SHA-256 of 0352187391.com.example.other\n")
    }

    @Test func usageMistakesAreReported() throws {
        let both = try Switchyard.run(Self.appleArguments + ["--challenge", "x", Self.apple])
        #expect(both.status == 64)
        #expect(both.standardError.contains("give either --challenge TEXT or --client-data-hash BASE64"))
        let missing = try Switchyard.run(Self.appleArguments + ["/nonexistent/attestation"])
        #expect(missing.status == 1)
        #expect(missing.standardError == "switchyard: error: cannot read /nonexistent/attestation: no such file\n")
        let badTime = try Switchyard.run(Self.appleArguments + ["--at", "yesterday", Self.apple])
        #expect(badTime.standardError == "switchyard: error: --at must be an ISO 8601 instant such as 2024-04-19T00:00:00Z, got 'yesterday'\n")
    }
}
