import Crypto
import Foundation
import Hummingbird
import Synchronization
@_spi(AttestTesting) import SwitchyardAttest
import SwitchyardStore
import SwitchyardRules

/// The app's App Attest endpoints, with the app key: a one-time challenge, then the attestation
/// of an install's new key (Apple's "Attestation Object Validation Guide", against every iOS app
/// id of the route table). An attested install signs its redeems with assertions
/// (``InstallProofCheck``).
struct AttestAPI: Sendable {
    let service: LinkService

    /// How many attestations are verified at once in this process: one core's worth fewer than the
    /// machine has (at least one), so that a burst of attestations leaves a core to every other
    /// request (`/health`, redirects). Each verification is bounded on its own (Apple's chain
    /// shape only: two signature checks at most), so a waiter waits milliseconds per request ahead.
    static let verifications = AsyncGate(limit: ProcessInfo.processInfo.activeProcessorCount - 1)

    /// The routes, under `api/v1/attest`.
    var routes: ServiceRoutes {
        let attest = service.keyedRoutes()
        attest.post("challenge") { request, context in try await challenge(request, context: context) }
        attest.post { request, context in try await self.attest(request, context: context) }
        return attest
    }

    /// `POST /api/v1/attest/challenge`: 32 random bytes, base64url, kept until they expire (the
    /// expiry sweep deletes them then) and spent by the first attestation that names them.
    /// Limited per client address at the redeem rate, and to
    /// ``AppAttestSettings/challengesPerAddress`` outstanding challenges per address (IPv6: /64).
    func challenge(_ request: Request, context: ServiceRequestContext) async throws -> EditedResponse<AttestChallenge> {
        try await service.spendPerClient(.redeem, request: request, context: context)
        let bytes = SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
        let challenge = bytes.base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        let settings = service.configuration.attest
        let now = service.now()
        let expiresAt = now.addingTimeInterval(settings.challengeLifetime.timeInterval)
        if let bound = settings.challengesInAll, try await outstandingChallenges(now: now) >= bound {
            let seconds = max(1, Int(settings.challengeLifetime.timeInterval.rounded(.up)))
            throw Problem(.serviceUnavailable, kind: "attest-busy", title: "Too many challenges outstanding",
                          detail: "the service holds \(bound) challenges that are neither used nor expired; retry in \(seconds) s",
                          headers: [.retryAfter: String(seconds)])
        }
        let address = service.clientAddress(request, context: context)
        let client = IPAddress(address)?.clientKey ?? address
        let kept = try await service.storage {
            try await service.store.insertChallenge(challenge, client: client, expiresAt: expiresAt, now: now,
                                                    limit: settings.challengesPerAddress)
        }
        guard kept else {
            let seconds = max(1, Int(settings.challengeLifetime.timeInterval.rounded(.up)))
            throw Problem(.tooManyRequests, kind: "too-many-challenges", title: "Too many challenges from this address",
                          detail: "this address holds \(settings.challengesPerAddress ?? 0) challenges that are neither used nor expired; use one with POST /api/v1/attest, or retry in \(seconds) s",
                          headers: [.retryAfter: String(seconds)])
        }
        Self.challengeCounts.withLock { counts in
            counts[ObjectIdentifier(service.store as AnyObject)]?.count += 1
        }
        return EditedResponse(status: .created, response: AttestChallenge(challenge: challenge, expiresAt: APIDates.text(expiresAt)))
    }

    /// The challenges outstanding, every address together, for the global bound: counted in the
    /// store at most once a second per process (a count over up to the bound's rows), and in
    /// between the count read plus this process's own issues, so a flood of challenge calls costs
    /// one count a second, not one per call. Other instances' issues show at the next count.
    private func outstandingChallenges(now: Date) async throws -> Int {
        let store = ObjectIdentifier(service.store as AnyObject)
        let clock = ContinuousClock.now
        if let cached = Self.challengeCounts.withLock({ $0[store] }), clock - cached.readAt < .seconds(1) {
            return cached.count
        }
        let count = try await service.storage { try await service.store.outstandingChallenges(now: now) }
        Self.challengeCounts.withLock { $0[store] = (count, clock) }
        return count
    }

    /// This process's last count of outstanding challenges per store, and when it was read; each
    /// challenge issued adds one (``outstandingChallenges(now:)``).
    static let challengeCounts = Mutex<[ObjectIdentifier: (count: Int, readAt: ContinuousClock.Instant)]>([:])

    /// `POST /api/v1/attest`: spends the challenge, verifies the attestation for one of the
    /// table's iOS app ids, and keeps the key for the install (counter 0).
    func attest(_ request: Request, context: ServiceRequestContext) async throws -> EditedResponse<AttestedInstall> {
        try await service.spendPerClient(.redeem, request: request, context: context)
        let body = try await request.decode(as: AttestRequest.self, context: context)
        let now = service.now()
        guard try await service.storage({ try await service.store.consumeChallenge(body.challenge, now: now) }) else {
            throw Problem(.badRequest, kind: "attest-challenge-invalid", title: "Challenge not valid",
                          detail: "the challenge was not issued by POST /api/v1/attest/challenge, was used already or has expired")
        }
        let appIDs = service.table.configuration.apps.ios
        guard !appIDs.isEmpty else {
            throw Problem(.forbidden, kind: "attestation-invalid", title: "Attestation not valid",
                          detail: "app-id: the route table names no iOS app (apps.ios), so no attestation can match")
        }
        if let cap = service.configuration.attest.keysPerInstall,
           try await service.storage({ try await service.store.attestKeyCount(install: body.install) }) >= cap {
            throw Problem(.tooManyRequests, kind: "too-many-keys", title: "Too many keys for this install",
                          detail: "install '\(body.install)' has attested \(cap) keys; a device attests a key once per install",
                          headers: [.retryAfter: "86400"])
        }
        let clientDataHash = Array(SHA256.hash(data: Array(body.challenge.utf8)))
        let keyID = try body.keyID()
        var failure: AttestFailure?
        for appID in appIDs {
            let environment = service.configuration.attest.environments[appID] ?? .production
            do {
                let verifier = AttestationVerifier(appID: appID, environment: environment, root: service.configuration.attest.root)
                let key = try await Self.verifications.run {
                    try await verifier.verify(body.attestation, keyID: keyID, clientDataHash: clientDataHash, at: now)
                }
                try service.configuration.attest.policies[appID]?.check(key.validationCategory, bundleVersion: key.bundleVersion)
                let record = AttestKeyRecord(keyID: body.keyIDText, install: body.install, appID: appID,
                                             publicKey: key.publicKey, attestedAt: now)
                guard try await service.storage({ try await service.store.insertAttestKey(record) }) else {
                    throw Problem(.conflict, kind: "attest-key-exists", title: "Key already attested",
                                  detail: "key '\(body.keyIDText)' was attested before; a key is attested once")
                }
                context.logger.info("install attested", metadata: [
                    "app": "\(appID)", "environment": "\(environment.rawValue)",
                    "category": "\(key.validationCategory.map(String.init(describing:)) ?? "none")",
                ])
                return EditedResponse(status: .created, response: AttestedInstall(
                    install: body.install, keyId: body.keyIDText, appId: appID, environment: environment.rawValue,
                    validationCategory: key.validationCategory?.description, bundleVersion: key.bundleVersion))
            } catch let error as AttestFailure {
                // Another app of the table may match: an app-id failure tries the next one.
                if failure == nil || failure?.step == .appIdentifier { failure = error }
            }
        }
        throw Problem.attestationInvalid(failure?.message ?? "no app id matched")
    }
}
