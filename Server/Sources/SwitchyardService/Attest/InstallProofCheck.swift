import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import SwitchyardAttest
import SwitchyardStore
import SwitchyardRules

/// What a redeem proves about its install, checked before anything is spent: an assertion of the
/// install's attested key (headers `Switchyard-Attest-Key` and `Switchyard-Assertion`), demanded
/// when the link's policy is ``InstallProof/attested``; without one, the cap on distinct installs
/// per client address applies.
///
/// The assertion signs the client data `redeem:{code}:{install}` (UTF-8): the device signs it
/// with `DCAppAttestService.generateAssertion` over SHA-256 of those bytes. Each assertion's
/// counter must exceed the last one accepted for the key, so a captured assertion cannot be
/// sent again.
struct InstallProofCheck: Sendable {
    let service: LinkService

    /// The header that names the install's attested key id (standard base64).
    static let keyHeader = HTTPField.Name("Switchyard-Attest-Key")!
    /// The header that carries the assertion (standard base64 of its CBOR).
    static let assertionHeader = HTTPField.Name("Switchyard-Assertion")!

    /// The header that names the install on a resolve (a redeem names it in its body).
    static let installHeader = HTTPField.Name("Switchyard-Install")!

    /// The problem kind of a key the service does not know (a redeem's 403; a resolve's `attestKeyUnknown`).
    static let keyUnknownKind = "attest-key-unknown"

    /// The client data a redeem's assertion signs.
    static func redeemClientData(code: String, install: String) -> [UInt8] {
        Array("redeem:\(code):\(install)".utf8)
    }

    /// The client data a resolve's assertion signs.
    static func resolveClientData(code: String, install: String) -> [UInt8] {
        Array("resolve:\(code):\(install)".utf8)
    }

    /// What a resolve of `link` proved of its install: `Switchyard-Install`, `Switchyard-Attest-Key`
    /// and `Switchyard-Assertion` over `resolve:{code}:{install}` that verifies. A missing header,
    /// an unknown key or an assertion that does not verify is no proof (the resolve still answers
    /// the route); an unknown key is told apart, so that the app can attest a new one (the service
    /// forgot it: a database restored from before the attestation, another store). A verified
    /// assertion's counter is kept, so it cannot be sent again.
    func provesResolve(of link: SmartLink, request: Request, context: ServiceRequestContext) async throws -> ResolveProof {
        guard let install = request.headers[Self.installHeader], let keyID = request.headers[Self.keyHeader],
              let assertion = request.headers[Self.assertionHeader] else { return .unproved }
        do {
            try await verify(keyID: keyID, assertion: assertion, clientData: Self.resolveClientData(code: link.code, install: install),
                             install: install)
            return .proved
        } catch let problem as Problem {
            context.logger.info("resolve without install proof", metadata: ["code": "\(link.code)", "reason": "\(problem.kind): \(problem.detail)"])
            return problem.kind == Self.keyUnknownKind ? .keyUnknown : .unproved
        }
    }

    /// The cap for this redeem, or nil when the install proved itself with a valid assertion.
    /// - Throws: 403 `install-proof-required` when the link demands an attested install and the
    ///   request carries no assertion; 403 `attest-key-unknown` when the service has no key of
    ///   that id (the SDK then attests a new key and retries once); 403 `assertion-invalid` for
    ///   an assertion that does not verify (a key of another install, a bad signature, a replayed
    ///   counter).
    func spread(for link: SmartLink, install: String, request: Request, context: ServiceRequestContext) async throws -> InstallSpread? {
        let keyID = request.headers[Self.keyHeader]
        let assertion = request.headers[Self.assertionHeader]
        if let keyID, let assertion {
            try await verify(keyID: keyID, assertion: assertion, clientData: Self.redeemClientData(code: link.code, install: install),
                             install: install)
            return nil
        }
        if service.configuration.attest.demands(.redeem, of: link) {
            throw Problem(.forbidden, kind: "install-proof-required", title: "Attested install required",
                          detail: "link '\(link.code)' is redeemed only by an attested install: attest a key with POST /api/v1/attest, then send Switchyard-Attest-Key and Switchyard-Assertion with the redeem")
        }
        let settings = service.configuration.attest
        guard settings.installsPerAddressPerHour != nil || settings.unprovedRedeemsPerLink != nil else { return nil }
        let address = service.clientAddress(request, context: context)
        return InstallSpread(addressRange: IPAddress(address)?.clientKey ?? address, limit: settings.installsPerAddressPerHour ?? Int.max,
                             seconds: 3600, perLink: settings.unprovedRedeemsPerLink)
    }

    private func verify(keyID: String, assertion: String, clientData: [UInt8], install: String) async throws {
        guard let key = try await service.storage({ try await service.store.attestKey(id: keyID) }) else {
            throw Problem(.forbidden, kind: Self.keyUnknownKind, title: "Attested key not known",
                          detail: "no attested key '\(keyID)': attest it with POST /api/v1/attest first")
        }
        guard key.install == install else {
            throw Problem.assertionInvalid("key '\(keyID)' was attested for another install")
        }
        let bytes: [UInt8]
        do { bytes = try AttestRequest.base64(assertion, "Switchyard-Assertion") } catch { throw Problem.assertionInvalid("the assertion is not standard base64") }
        let hash = Array(SHA256.hash(data: clientData))
        let counter: UInt32
        do {
            let verified = try AssertionVerifier(appID: key.appID).verifyAssertion(
                bytes, clientDataHash: hash, publicKey: key.publicKey, previousCounter: UInt32(clamping: key.counter))
            try service.configuration.attest.policies[key.appID]?.check(
                verified.extensions?.validationCategory, bundleVersion: verified.extensions?.bundleVersion)
            counter = verified.counter
        } catch {
            throw Problem.assertionInvalid(error.message)
        }
        guard try await service.storage({ try await service.store.advanceAttestCounter(keyID: keyID, to: Int64(counter)) }) else {
            throw Problem.assertionInvalid("counter: the counter \(counter) was accepted before: a replayed assertion")
        }
    }
}

/// What a resolve's install proof showed (``InstallProofCheck/provesResolve(of:request:context:)``).
enum ResolveProof: Sendable, Hashable {
    /// An assertion that verified with the install's attested key.
    case proved
    /// No proof: a header missing, or an assertion that does not verify.
    case unproved
    /// `Switchyard-Attest-Key` names a key the service does not know.
    case keyUnknown
}
