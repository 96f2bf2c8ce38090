import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Switchyard
@testable import SwitchyardService
import SwitchyardStore
import Testing

/// `Idempotency-Key` on `POST /api/v1/links` and `POST /v1/shortLinks`, over a real socket on
/// every store: retries replay the first answer, concurrent requests with one key create one link,
/// another body is 422, and keys live 24 hours.
@Suite struct IdempotencyTests {
    static let body = #"{"route": "product", "routeParameters": {"product_id": "42"}}"#
    static let key = HTTPField.Name("Idempotency-Key")!
    static let replayed = HTTPField.Name("Idempotent-Replayed")!

    static func headers(_ key: String) -> HTTPFields {
        var headers = HTTPFields()
        headers[Self.key] = key
        return headers
    }

    @Test(arguments: StoreKind.available)
    func concurrentRequestsWithOneKeyCreateOneLink(kind: StoreKind) async throws {
        // The nineteen wait in real time for the first: the wait is a liveness bound here, since a
        // whole test run on two cores can hold the first creation for seconds.
        var configuration = Harness.configuration()
        configuration.limits.idempotencyWait = .seconds(180)
        try await Harness.live(kind, configuration: configuration) { client, harness in
            let answers = try await withThrowingTaskGroup(of: TestResponse.self) { group in
                for _ in 0..<20 {
                    group.addTask { try await client.send(.post, "/api/v1/links", json: Self.body, headers: Self.headers("order-7-link")) }
                }
                return try await group.reduce(into: [TestResponse]()) { $0.append($1) }
            }
            #expect(answers.allSatisfy { $0.status == .created }, "\(answers.map(\.status))")
            #expect(Set(answers.map(\.text)).count == 1, "every answer is the first one")
            #expect(Set(answers.map { $0.headers[.location] }).count == 1)
            #expect(answers.filter { $0.headers[Self.replayed] == "true" }.count == 19)
            #expect(answers.filter { $0.headers[Self.replayed] == nil }.count == 1)
            #expect(try await harness.store.list(team: "shop", limit: 100, cursor: nil).links.count == 1)
        }
    }

    @Test(arguments: StoreKind.available)
    func aRetryReplaysAndAnotherBodyIs422(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            let first = try await client.send(.post, "/api/v1/links", json: Self.body, headers: Self.headers("k-1"))
            #expect(first.status == .created)
            #expect(first.headers[Self.replayed] == nil)
            let retry = try await client.send(.post, "/api/v1/links", json: Self.body, headers: Self.headers("k-1"))
            #expect(retry.status == .created)
            #expect(retry.headers[Self.replayed] == "true")
            #expect(retry.text == first.text)
            #expect(retry.headers[.location] == first.headers[.location])
            #expect(retry.headers[.contentType] == first.headers[.contentType])

            let other = try await client.send(.post, "/api/v1/links", json: #"{"route": "about/team"}"#, headers: Self.headers("k-1"))
            #expect(other.status == .unprocessableContent)
            #expect(other.headers[.contentType] == "application/problem+json")
            let problem = try other.json()
            #expect(problem["type"]?.stringValue == "https://switchyard.dev/problems/idempotency-key-reused")
            #expect(problem["detail"]?.stringValue
                    == "the Idempotency-Key 'k-1' was used with another request body; use a new key for a new request")

            // Keys are per caller: another team's key may use the same one.
            let otherTeam = try await client.send(.post, "/api/v1/links", key: Keys.otherTeam, json: Self.body, headers: Self.headers("k-1"))
            #expect(otherTeam.status == .created && otherTeam.headers[Self.replayed] == nil)
            #expect(try otherTeam.json()["code"] != (try first.json()["code"]))

            // Without the header, each request creates.
            _ = try await client.create(Self.body)
            #expect(try await harness.store.list(team: "shop", limit: 100, cursor: nil).links.count == 2)

            // After 24 hours the key is new again.
            harness.clock.advance(by: 24 * 3600)
            let later = try await client.send(.post, "/api/v1/links", json: Self.body, headers: Self.headers("k-1"))
            #expect(later.status == .created && later.headers[Self.replayed] == nil)
            #expect(try later.json()["code"] != (try first.json()["code"]))
        }
    }

    @Test(arguments: StoreKind.available)
    func aFailureIsNotKeptSoTheRetryRuns(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            let refused = try await client.send(.post, "/api/v1/links", json: #"{"route": "product"}"#, headers: Self.headers("k-2"))
            #expect(refused.status == .badRequest)
            #expect(try await harness.store.idempotencyRecord(scope: "links:team:shop", key: "k-2") == nil, "released")
            let fixed = try await client.send(.post, "/api/v1/links", json: Self.body, headers: Self.headers("k-2"))
            #expect(fixed.status == .created && fixed.headers[Self.replayed] == nil)
        }
    }

    @Test func aKeyStillInFlightPastTheWaitIs409() async throws {
        var configuration = Harness.configuration()
        configuration.limits.idempotencyWait = .milliseconds(300)
        try await Harness.live(.memory, configuration: configuration) { client, harness in
            let fingerprint = IdempotencyMiddleware.fingerprint(ByteBuffer(string: Self.body))
            let held = IdempotencyRecord(scope: "links:team:shop", key: "k-3", owner: "another-instance", fingerprint: fingerprint,
                                         createdAt: harness.clock.now)
            _ = try await harness.store.reserveIdempotencyKey(held, expiredBefore: .distantPast, abandonedBefore: .distantPast)
            let busy = try await client.send(.post, "/api/v1/links", json: Self.body, headers: Self.headers("k-3"))
            #expect(busy.status == .conflict)
            #expect(busy.headers[.retryAfter] == "1")
            #expect(try busy.json()["type"]?.stringValue == "https://switchyard.dev/problems/idempotency-key-in-use")
            // Once the other instance answers, the retry replays its answer.
            let answer = IdempotencyRecord.Response(status: 201, headers: ["Content-Type": "application/json"], body: #"{"code":"x"}"#)
            try await harness.store.completeIdempotencyKey(scope: "links:team:shop", key: "k-3", owner: "another-instance", response: answer)
            let replay = try await client.send(.post, "/api/v1/links", json: Self.body, headers: Self.headers("k-3"))
            #expect(replay.status == .created && replay.text == #"{"code":"x"}"# && replay.headers[Self.replayed] == "true")
            // Left in flight for a minute, a key is taken over.
            let stale = IdempotencyRecord(scope: "links:team:shop", key: "k-4", owner: "stopped-instance", fingerprint: fingerprint,
                                          createdAt: harness.clock.now)
            _ = try await harness.store.reserveIdempotencyKey(stale, expiredBefore: .distantPast, abandonedBefore: .distantPast)
            harness.clock.advance(by: 60)
            #expect(try await client.send(.post, "/api/v1/links", json: Self.body, headers: Self.headers("k-4")).status == .created)
        }
    }

    @Test(arguments: ["", String(repeating: "k", count: 256), "two words", "ключ"])
    func aKeyThatIsNotVisibleASCIIIs400(key: String) async throws {
        try await Harness.live(.memory) { client, _ in
            let response = try await client.send(.post, "/api/v1/links", json: Self.body, headers: Self.headers(key))
            #expect(response.status == .badRequest)
            #expect(try response.json()["type"]?.stringValue == "https://switchyard.dev/problems/invalid-idempotency-key")
        }
    }

    @Test(arguments: StoreKind.available)
    func firebaseShortLinksReplayToo(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            let body = #"{"longDynamicLink": "https://example.page.link/?link=https://shop.example.com/product/42"}"#
            let answers = try await withThrowingTaskGroup(of: TestResponse.self) { group in
                for _ in 0..<5 {
                    group.addTask {
                        try await client.send(.post, "/v1/shortLinks?key=\(Keys.admin)", key: nil, json: body, headers: Self.headers("fb-1"))
                    }
                }
                return try await group.reduce(into: [TestResponse]()) { $0.append($1) }
            }
            #expect(answers.allSatisfy { $0.status == .ok })
            #expect(Set(answers.map(\.text)).count == 1)
            #expect(answers.filter { $0.headers[Self.replayed] == "true" }.count == 4)
            #expect(try await harness.store.list(team: "shop", limit: 100, cursor: nil).links.count == 1)
            // The admin API's keys are apart from Firebase's: the same key creates there.
            #expect(try await client.send(.post, "/api/v1/links", json: Self.body, headers: Self.headers("fb-1")).headers[Self.replayed] == nil)
            // Another body: 422 in Firebase's error shape.
            let other = try await client.send(.post, "/v1/shortLinks", json: #"{"longDynamicLink": "https://example.page.link/?link=https://shop.example.com/about/team"}"#,
                                              headers: Self.headers("fb-1"))
            #expect(other.status == .unprocessableContent)
            #expect(try other.json()["error"]?["code"] == .number(422))
        }
    }

    @Test func expiredRecordsAreSweptInBatches() async throws {
        let store = InMemoryLinkStore()
        let now = Date(timeIntervalSince1970: 2_000_000_000)
        for index in 0..<1200 {
            let record = IdempotencyRecord(scope: "links:team:shop", key: "k\(index)", owner: "o", fingerprint: "f",
                                           createdAt: now.addingTimeInterval(index < 1100 ? -25 * 3600 : -3600))
            _ = try await store.reserveIdempotencyKey(record, expiredBefore: .distantPast, abandonedBefore: .distantPast)
        }
        let sweeper = ExpirySweeper(store: store, interval: .seconds(60), logger: Harness.logger, now: { now })
        await sweeper.sweep()
        #expect(try await store.forgetIdempotencyKeys(madeBy: .distantFuture, limit: 10_000) == 100, "the day's records stay")
    }
}
