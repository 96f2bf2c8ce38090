import ArgumentParser
import Crypto
import Foundation
import SwitchyardAttest
import SwitchyardCommand

/// `switchyard attest`: App Attest commands.
struct AttestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "attest",
        abstract: "Work with Apple App Attest objects.",
        subcommands: [AttestVerifyCommand.self])
}

/// `switchyard attest verify --app-id TEAM.BUNDLE --key-id BASE64 (--challenge TEXT |
/// --client-data-hash BASE64) [--at ISO-8601] [--development] FILE`: verifies an attestation
/// object offline, as the service does (``AttestationVerifier``).
///
/// ```
/// $ switchyard attest verify --app-id 0352187391.com.apple.example_app_attest \
///     --key-id bSrEhF8TIzIvWSPwvZ0i2+UOBre4ASH84rK15m6emNY= \
///     --client-data-hash dGVzdF9zZXJ2ZXJfY2hhbGxlbmdl --at 2024-04-19T00:00:00Z sample.cbor
/// valid: key bSrEhF8TIzIvWSPwvZ0i2+UOBre4ASH84rK15m6emNY= of 0352187391.com.apple.example_app_attest (production)
/// ```
///
/// Exit status 0 when valid; 1 with `switchyard: error: invalid: STEP: DETAIL` when a step fails.
struct AttestVerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Verify an App Attest attestation object offline.",
        discussion: """
            FILE holds the attestation object: its CBOR bytes, or their standard base64. The checks are those of \
            Apple's Attestation Object Validation Guide: certificate-chain (to Apple's App Attestation Root CA, \
            at --at or now), nonce, key-id, app-id, counter and environment (production unless --development). \
            The client data hash is SHA-256 of --challenge's UTF-8 bytes (what the service's challenges use), or \
            --client-data-hash itself. Exit status 0 when valid; 1 naming the failed step.
            """)

    @Option(name: .customLong("app-id"), help: ArgumentHelp("The app id: TEAMID.bundle.", valueName: "team.bundle"))
    var appID: String

    @Option(name: .customLong("key-id"), help: ArgumentHelp("The key id, standard base64.", valueName: "base64"))
    var keyID: String

    @Option(help: ArgumentHelp("The challenge the device attested over (client data hash: its SHA-256).", valueName: "text"))
    var challenge: String?

    @Option(name: .customLong("client-data-hash"), help: ArgumentHelp("The client data hash itself, standard base64.", valueName: "base64"))
    var clientDataHash: String?

    @Option(help: ArgumentHelp("When to check the certificates' validity (default: now).", valueName: "ISO-8601"))
    var at: String?

    @Flag(help: "Expect a development key (appattestdevelop) instead of production.")
    var development = false

    @Argument(help: ArgumentHelp("The attestation object: CBOR or its base64.", valueName: "file"))
    var file: String

    func validate() throws {
        guard (challenge == nil) != (clientDataHash == nil) else {
            throw ValidationError("give either --challenge TEXT or --client-data-hash BASE64")
        }
        guard appID.contains(".") else { throw ValidationError("--app-id must be TEAMID.bundle, got '\(appID)'") }
    }

    func run() async throws {
        guard let key = Self.base64(keyID) else { throw Self.fail("--key-id is not standard base64: '\(keyID)'") }
        let hash: [UInt8]
        if let challenge {
            hash = Array(SHA256.hash(data: Array(challenge.utf8)))
        } else {
            guard let given = Self.base64(clientDataHash!) else {
                throw Self.fail("--client-data-hash is not standard base64: '\(clientDataHash!)'")
            }
            hash = given
        }
        var time = Date()
        if let at {
            guard let parsed = ISO8601DateFormatter().date(from: at) else {
                throw Self.fail("--at must be an ISO 8601 instant such as 2024-04-19T00:00:00Z, got '\(at)'")
            }
            time = parsed
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw Self.fail("cannot read \(file): " + (FileManager.default.fileExists(atPath: file) ? "permission denied or not a file" : "no such file"))
        }
        let object = String(data: data, encoding: .utf8).flatMap { Self.base64($0.filter { !$0.isWhitespace }) } ?? Array(data)
        let environment: AppAttestEnvironment = development ? .development : .production
        do {
            let verified = try await AttestationVerifier(appID: appID, environment: environment)
                .verify(object, keyID: key, clientDataHash: hash, at: time)
            var stated: [String] = []
            if let category = verified.validationCategory { stated.append("validation category \(category)") }
            if let version = verified.bundleVersion { stated.append("bundle version \(version)") }
            print("valid: key \(Data(verified.keyID).base64EncodedString()) of \(appID) (\(verified.environment.rawValue))"
                + (stated.isEmpty ? "" : "; " + stated.joined(separator: ", ")))
        } catch {
            throw Self.fail("invalid: \(error)")
        }
    }

    /// Standard base64, padding optional; nil for anything else (or nothing).
    static func base64(_ text: String) -> [UInt8]? {
        var padded = text
        while padded.utf8.count % 4 != 0 { padded += "=" }
        guard !text.isEmpty, let data = Data(base64Encoded: padded) else { return nil }
        return Array(data)
    }

    static func fail(_ line: String) -> ExitCode {
        FileHandle.standardError.write(Data((CommandFailure.prefix + line + "\n").utf8))
        return .failure
    }
}
