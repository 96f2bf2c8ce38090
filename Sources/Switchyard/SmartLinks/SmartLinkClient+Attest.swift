public import Foundation

extension SmartLinkClient {
    /// Whether redeems carry App Attest proof: false without an ``InstallAttestor``, or when the
    /// device does not support App Attest (the simulator, older devices). Then the client redeems
    /// without proof, and the link's policy decides: a link that demands an attested install
    /// answers ``SmartLinkError/Code/installProofRequired``.
    public var attestsInstall: Bool { attestor?.isSupported == true }

    /// The client data a redeem's assertion signs: `redeem:{code}:{install}`, UTF-8.
    public static func redeemClientData(code: String, install: String) -> Data {
        Data("redeem:\(code):\(install)".utf8)
    }

    /// The client data a resolve's assertion signs: `resolve:{code}:{install}`, UTF-8.
    public static func resolveClientData(code: String, install: String) -> Data {
        Data("resolve:\(code):\(install)".utf8)
    }

    /// This install's attested key id: the stored one, else a new key attested once with the
    /// service (`POST /api/v1/attest/challenge`, `DCAppAttestService.attestKey` over the challenge,
    /// `POST /api/v1/attest`) and then kept by the attestor.
    ///
    /// - Returns: nil when the client has no attestor or the device does not support App Attest.
    /// - Throws: ``SmartLinkError`` with code ``SmartLinkError/Code/attestation`` when the device or
    ///   the service refuses the key.
    public func attestInstall() async throws(SmartLinkError) -> String? {
        guard let attestor, attestor.isSupported else { return nil }
        if let stored = attestor.storedKeyID() { return stored }
        let challenge = try await send("POST", path: "api/v1/attest/challenge")
        guard let text = challenge["challenge"]?.stringValue else {
            throw SmartLinkError(.invalidResponse, "the service's answer has no 'challenge'")
        }
        let keyID: String, object: Data
        do {
            keyID = try await attestor.generateKey()
            object = try await attestor.attestKey(keyID, clientData: Data(text.utf8))
        } catch {
            throw SmartLinkError(.attestation, "App Attest could not attest a key: \(error.localizedDescription)")
        }
        _ = try await send("POST", path: "api/v1/attest", body: .object([
            "install": .string(installID), "keyId": .string(keyID), "challenge": .string(text),
            "attestation": .string(object.base64EncodedString()),
        ]))
        attestor.storeKeyID(keyID)
        return keyID
    }

    /// The headers that prove this install to a redeem of `code`: its key id and an assertion
    /// over ``redeemClientData(code:install:)``; empty when the install does not attest.
    func proofHeaders(code: String) async throws(SmartLinkError) -> [String: String] {
        try await proofHeaders(clientData: Self.redeemClientData(code: code, install: installID))
    }

    /// The headers that prove this install to a resolve of `code`: the install, its key id and an
    /// assertion over ``resolveClientData(code:install:)``. Empty when the install does not attest
    /// or App Attest fails: a resolve is then sent without proof, and a link that keeps its
    /// metadata for attested installs answers without it.
    func resolveProofHeaders(code: String) async -> [String: String] {
        guard attestsInstall,
              let headers = try? await proofHeaders(clientData: Self.resolveClientData(code: code, install: installID)) else { return [:] }
        return headers.merging(["Switchyard-Install": installID]) { old, _ in old }
    }

    private func proofHeaders(clientData: Data) async throws(SmartLinkError) -> [String: String] {
        guard let attestor, let keyID = try await attestInstall() else { return [:] }
        let assertion: Data
        do {
            assertion = try await attestor.generateAssertion(keyID, clientData: clientData)
        } catch {
            throw SmartLinkError(.attestation, "App Attest could not sign the redeem: \(error.localizedDescription)")
        }
        return ["Switchyard-Attest-Key": keyID, "Switchyard-Assertion": assertion.base64EncodedString()]
    }
}
