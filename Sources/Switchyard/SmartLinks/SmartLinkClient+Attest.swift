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
    /// `POST /api/v1/attest`) and then kept by the attestor. Concurrent calls (several first
    /// redeems at once) share one attestation.
    ///
    /// - Returns: nil when the client has no attestor or the device does not support App Attest.
    /// - Throws: ``SmartLinkError`` with code ``SmartLinkError/Code/attestation`` when the device or
    ///   the service refuses the key, or the attestor cannot keep the new key id (a keychain error).
    public func attestInstall() async throws(SmartLinkError) -> String? {
        guard let attestor, attestor.isSupported else { return nil }
        if let stored = attestor.storedKeyID() { return stored }
        return try await attestNewKey(attestor)
    }

    /// Attests a new key, once for every caller that asks while an attestation runs.
    private func attestNewKey(_ attestor: any InstallAttestor) async throws(SmartLinkError) -> String {
        let (task, started) = attestFlight.task { [self] () async throws(SmartLinkError) -> String in
            try await attest(attestor)
        }
        defer { if started { attestFlight.finish(task) } }
        do {
            return try await task.value
        } catch let error as SmartLinkError {
            throw error
        } catch {
            throw SmartLinkError(.attestation, "App Attest could not attest a key: \(error.localizedDescription)")
        }
    }

    /// One attestation: the service's challenge, a new key attested over it, the service's
    /// acceptance, and the key id kept.
    private func attest(_ attestor: any InstallAttestor) async throws(SmartLinkError) -> String {
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
        do {
            try attestor.storeKeyID(keyID)
        } catch {
            throw SmartLinkError(.attestation, "App Attest could not keep the attested key id: \(error.localizedDescription)")
        }
        return keyID
    }

    /// Forgets `keyID` unless the attestor keeps another key by now (a concurrent call attested one).
    func forget(_ keyID: String?, of attestor: any InstallAttestor) throws(SmartLinkError) {
        guard let keyID, attestor.storedKeyID() == keyID else { return }
        do {
            try attestor.storeKeyID(nil)
        } catch {
            throw SmartLinkError(.attestation, "App Attest could not forget the key id '\(keyID)': \(error.localizedDescription)")
        }
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

    /// The key id and an assertion over `clientData`. A stored key the device cannot sign with
    /// (after a reinstall the keychain keeps its id, while the Secure Enclave key is gone:
    /// DeviceCheck's invalid-key error) is forgotten and a new key attested, once.
    private func proofHeaders(clientData: Data) async throws(SmartLinkError) -> [String: String] {
        guard let attestor, attestor.isSupported else { return [:] }
        var stored = attestor.storedKeyID()
        var forgotten = false
        while true {
            let keyID: String
            if let stored { keyID = stored } else { keyID = try await attestNewKey(attestor) }
            do {
                let assertion = try await attestor.generateAssertion(keyID, clientData: clientData)
                return ["Switchyard-Attest-Key": keyID, "Switchyard-Assertion": assertion.base64EncodedString()]
            } catch {
                guard stored != nil, !forgotten else {
                    throw SmartLinkError(.attestation, "App Attest could not sign the request: \(error.localizedDescription)")
                }
                try forget(keyID, of: attestor)
                (stored, forgotten) = (attestor.storedKeyID(), true)
            }
        }
    }
}

/// The attestation running now, if any, shared by a client's copies (single flight).
final class AttestFlight: Sendable {
    private let running = Locked<Task<String, any Error>?>(nil)

    /// The attestation running now, or a new one started with `body`; whether it is new.
    func task(_ body: @escaping @Sendable () async throws(SmartLinkError) -> String) -> (Task<String, any Error>, Bool) {
        running.withLock { running in
            if let task = running { return (task, false) }
            let task = Task<String, any Error> { try await body() }
            running = task
            return (task, true)
        }
    }

    /// Ends `task`'s turn: the next caller without a key starts a new attestation.
    func finish(_ task: Task<String, any Error>) {
        running.withLock { running in if running == task { running = nil } }
    }
}
