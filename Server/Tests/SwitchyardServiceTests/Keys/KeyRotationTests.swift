import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
@_spi(SwitchyardService) import Switchyard
@testable import SwitchyardService
@testable import SwitchyardStore
import Synchronization
import Testing

/// Rotation and revocation of named keys over real sockets: rotation (create, deploy, revoke)
/// with a client running throughout refuses none of its requests; a revoked key is refused by a
/// second instance on the same PostgreSQL database within a second; an expired key is refused
/// at its expiry; the service records when a key was last used.
@Suite struct KeyRotationTests {
    @Test(arguments: StoreKind.available)
    func rotationWithAClientRunningThroughoutRefusesNothing(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            let old = try await Self.makeKey(client, name: "deploy-1")
            let current = Mutex(old)
            let statuses = Mutex<[String: [UInt16]]>([:])
            let stop = Atomic(false)
            let running = Task {
                while !stop.load(ordering: .relaxed) {
                    let key = current.withLock { $0 }
                    let status = try await client.send(.get, "/api/v1/links", key: key).status.code
                    statuses.withLock { $0[key, default: []].append(UInt16(status)) }
                }
            }
            try await eventually("requests with the old key") { statuses.withLock { ($0[old]?.count ?? 0) >= 5 } }
            // Create, deploy (the client switches), then revoke once the new key is in use.
            let new = try await Self.makeKey(client, name: "deploy-2")
            current.withLock { $0 = new }
            try await eventually("requests with the new key") { statuses.withLock { ($0[new]?.count ?? 0) >= 5 } }
            #expect(try await client.send(.delete, "/api/v1/keys/deploy-1").status == .noContent)
            let afterRevoke = statuses.withLock { $0[new]?.count ?? 0 }
            try await eventually("requests after the revocation") { statuses.withLock { ($0[new]?.count ?? 0) >= afterRevoke + 5 } }
            stop.store(true, ordering: .relaxed)
            try await running.value

            let answered = statuses.withLock { $0 }
            #expect(Set(answered.values.flatMap { $0 }) == [200], "\(answered)")
            #expect(try await client.send(.get, "/api/v1/links", key: old).status == .unauthorized)
        }
    }

    @Test(.enabled(if: StoreKind.postgresURL != nil, "SWITCHYARD_POSTGRES_URL not set"))
    func aRevokedKeyIsRefusedByTheOtherInstanceWithinASecond() async throws {
        let first = try await StoreKind.postgres.make()
        try await first.migrate()
        let schema = try #require(first as? PostgresLinkStore).schema
        let second = try PostgresLinkStore(url: StoreKind.postgresURL ?? "", schema: schema, timeout: .seconds(30),
                                           maximumConnections: 3, logger: Harness.logger)
        let one = try buildApplication(configuration: Harness.configuration(), store: first, logger: Harness.logger, clickRecorder: nil)
        let two = try buildApplication(configuration: Harness.configuration(), store: second, logger: Harness.logger, clickRecorder: nil)
        do {
            try await one.testLive { instanceOne in
                try await two.testLive { instanceTwo in
                    let key = try await Self.makeKey(instanceOne, name: "leaked")
                    #expect(try await instanceTwo.send(.get, "/api/v1/links", key: key).status == .ok)
                    #expect(try await instanceOne.send(.delete, "/api/v1/keys/leaked").status == .noContent)
                    #expect(try await instanceOne.send(.get, "/api/v1/links", key: key).status == .unauthorized)
                    // The documented bound: a key read by an instance is believed for half a second.
                    try await Task.sleep(for: .seconds(1))
                    let refused = try await instanceTwo.send(.get, "/api/v1/links", key: key)
                    #expect(refused.status == .unauthorized)
                    #expect(try refused.json()["detail"]?.stringValue == "the API key 'leaked' was revoked")
                }
            }
        } catch {
            try? await second.close()
            try? await first.close()
            await StoreKind.cleanUp(first)
            throw error
        }
        try await second.close()
        try await first.close()
        await StoreKind.cleanUp(first)
    }

    @Test(arguments: StoreKind.available)
    func anExpiredKeyIsRefusedAtItsExpiry(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            let key = try await harness.namedKey("temporary", role: .viewer, expiresAt: harness.clock.now.addingTimeInterval(60))
            #expect(try await client.send(.get, "/api/v1/links", key: key).status == .ok)
            harness.clock.advance(by: 60)
            let refused = try await client.send(.get, "/api/v1/links", key: key)
            #expect(refused.status == .unauthorized)
            #expect(try refused.json()["detail"]?.stringValue == "the API key 'temporary' has expired")
            let past = try await client.send(.post, "/api/v1/keys", json: #"{"name": "late", "role": "viewer", "expiresAt": "2020-01-01T00:00:00Z"}"#)
            #expect(past.status == .badRequest)
            #expect(try past.json()["detail"]?.stringValue == "the expiry must be in the future")
        }
    }

    @Test(arguments: StoreKind.available)
    func keysAreShownOnceAndListedWithoutTheKey(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            let made = try await client.send(.post, "/api/v1/keys", json: #"{"name": "ci", "role": "editor"}"#)
            let json = try made.json()
            let key = try #require(json["key"]?.stringValue)
            #expect(key.hasPrefix("syk_") && key.count == 36)
            #expect(json["hint"]?.stringValue == String(key.prefix(8)))
            #expect(made.headers[.cacheControl] == "no-store")
            let listing = try await client.send(.get, "/api/v1/keys")
            #expect(!listing.text.contains(key))
            #expect(try listing.json()["keys"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["ci"])
            let again = try await client.send(.post, "/api/v1/keys", json: #"{"name": "ci", "role": "viewer"}"#)
            #expect(again.status == .conflict)
            #expect(try await client.send(.post, "/api/v1/keys", json: #"{"name": "x y", "role": "viewer"}"#).status == .badRequest)
            let role = try await client.send(.post, "/api/v1/keys", json: #"{"name": "boss", "role": "owner"}"#)
            #expect(try role.json()["detail"]?.stringValue == "'role' must be one of admin, editor, viewer, app")
            #expect(try await client.send(.delete, "/api/v1/keys/nobody").status == .notFound)
        }
    }

    /// Makes a viewer key through the admin API with the bootstrap admin key.
    static func makeKey(_ client: any TestClientProtocol, name: String) async throws -> String {
        let made = try await client.send(.post, "/api/v1/keys", json: #"{"name": "\#(name)", "role": "viewer"}"#)
        guard made.status == .created, let key = try made.json()["key"]?.stringValue else {
            throw HarnessError("expected 201, got \(made.status.code): \(made.text)")
        }
        return key
    }
}
