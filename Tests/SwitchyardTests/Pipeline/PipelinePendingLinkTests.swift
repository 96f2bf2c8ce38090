import Foundation
import Switchyard
import Testing

@Suite struct PipelinePendingLinkTests {
    /// A router whose `orders/:id` route is gated on `session`.
    private func gatedRouter(_ log: PipelineLog, _ session: GateSession, store: (any PendingLinkStore)? = nil) throws -> Router {
        let router = try Router(schemes: ["shop"])
        try router.map("orders/:id") { link in
            await log.record("order \(link.routeParameters?["id"] ?? "-") \(link.source)")
        }
        try router.appendFilter(GateFilter { await session.isLoggedIn })
        router.pendingLinkStore = store
        return router
    }

    private func temporaryFile() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("pending-link.json").path
    }

    @Test func thePendingLinkOpensAtMostOnce() async throws {
        let log = PipelineLog()
        let session = GateSession()
        let router = try gatedRouter(log, session)
        #expect(await router.route("shop://orders/1").handled)
        await session.logIn()
        #expect(await router.openPendingLink()?.handled == true)
        #expect(await router.openPendingLink() == nil)
        
        #expect(await log.entries == ["order 1 url"])
    }

    @Test func aNewerHeldLinkReplacesThePendingOne() async throws {
        let log = PipelineLog()
        let session = GateSession()
        let router = try gatedRouter(log, session)
        await router.route("shop://orders/1")
        await router.route("shop://orders/2", source: .push)
        #expect(router.pendingLink?.url == "shop://orders/2")
        await session.logIn()
        await router.openPendingLink()
        #expect(await log.entries == ["order 2 push"])
    }

    @Test func reopeningRunsTheFiltersAgain() async throws {
        let log = PipelineLog()
        let router = try gatedRouter(log, GateSession())
        await router.route("shop://orders/1")
        let outcome = await router.openPendingLink()
        guard case .heldByGate = outcome else {
            Issue.record("expected held again, got \(String(describing: outcome))"); return
        }
        #expect(router.pendingLink?.url == "shop://orders/1")
        #expect(await log.entries.isEmpty)
    }

    @Test func concurrentOpenersOpenThePendingLinkOnce() async throws {
        let log = PipelineLog()
        let session = GateSession()
        let router = try gatedRouter(log, session)
        await router.route("shop://orders/1")
        await session.logIn()
        let opened = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<20 { group.addTask { await router.openPendingLink()?.handled ?? false } }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(opened == 1)
        #expect(await log.entries == ["order 1 url"])
    }

    @Test func discardingDropsThePendingLinkAndItsRecord() async throws {
        let path = try temporaryFile()
        let router = try gatedRouter(PipelineLog(), GateSession(), store: FilePendingLinkStore(path: path))
        await router.route("shop://orders/1")
        #expect(FileManager.default.fileExists(atPath: path))
        router.discardPendingLink()
        #expect(router.pendingLink == nil)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aPersistedPendingLinkSurvivesANewRouter() async throws {
        let path = try temporaryFile()
        let store = FilePendingLinkStore(path: path)
        let first = try gatedRouter(PipelineLog(), GateSession(), store: store)
        #expect(await first.route("shop://orders/7?ref=mail", source: .push, metadata: ["coupon": "SAVE10"]).handled)
        let record = try #require(try store.load())
        #expect(record.url == "shop://orders/7?ref=mail" && record.source == .push)
        #expect(record.metadata == ["coupon": "SAVE10"])
        #expect(abs(record.expiresAt.timeIntervalSince(record.createdAt) - 3600) <= 1)

        // The app is killed on the login screen; the next launch builds a new router.
        let log = PipelineLog()
        let session = GateSession()
        let second = try gatedRouter(log, session, store: store)
        let restored = try #require(await second.restorePendingLink())
        #expect(restored.routeParameters == ["id": "7"] && restored.source == .push)
        #expect(restored.metadata == ["coupon": "SAVE10"])
        await session.logIn()
        #expect(await second.openPendingLink()?.handled == true)
        #expect(await log.entries == ["order 7 push"])
        #expect(try store.load() == nil)
        #expect(try await gatedRouter(PipelineLog(), session, store: store).restorePendingLink() == nil)
    }

    @Test func anExpiredPendingLinkIsClearedNotRestored() async throws {
        let path = try temporaryFile()
        let store = FilePendingLinkStore(path: path)
        let first = try gatedRouter(PipelineLog(), GateSession(), store: store)
        first.pendingLinkLifetime = .zero
        await first.route("shop://orders/7")
        #expect(try store.load() != nil)

        let second = try gatedRouter(PipelineLog(), GateSession(), store: store)
        #expect(await second.restorePendingLink() == nil)
        #expect(second.pendingLink == nil)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test(arguments: [
        ("shop://orders/1", -10.0, false),
        ("shop://orders/1", 600.0, true),
        ("other://orders/1", 600.0, false),
    ])
    func restoreKeepsOnlyAFreshResolvableRecord(url: String, expiresIn: Double, restored: Bool) async throws {
        let store = FilePendingLinkStore(path: try temporaryFile())
        let now = Date()
        try store.save(PendingLinkRecord(url: url, source: .url, createdAt: now,
                                         expiresAt: now.addingTimeInterval(expiresIn)))
        let router = try gatedRouter(PipelineLog(), GateSession(), store: store)
        #expect((await router.restorePendingLink() != nil) == restored)
        #expect((try store.load() != nil) == restored)
    }

    @Test func aCorruptFileIsCleared() async throws {
        let path = try temporaryFile()
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: path))
        let store = FilePendingLinkStore(path: path)
        #expect(throws: (any Error).self) { try store.load() }
        #expect(try await gatedRouter(PipelineLog(), GateSession(), store: store).restorePendingLink() == nil)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func theFileIsJSONWithTheDocumentedKeys() async throws {
        let path = try temporaryFile()
        let store = FilePendingLinkStore(path: path)
        let date = Date(timeIntervalSince1970: 1_735_725_600)
        try store.save(PendingLinkRecord(url: "shop://orders/7", source: .push, metadata: ["n": 1], createdAt: date,
                                         expiresAt: date.addingTimeInterval(3600)))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == #"{"createdAt":"2025-01-01T10:00:00Z","expiresAt":"2025-01-01T11:00:00Z","metadata":{"n":1},"#
            + #""source":"push","url":"shop://orders/7"}"#)
        try store.save(PendingLinkRecord(url: "x", source: .url, createdAt: date, expiresAt: date))
        #expect(try String(contentsOfFile: path, encoding: .utf8)
            == #"{"createdAt":"2025-01-01T10:00:00Z","expiresAt":"2025-01-01T10:00:00Z","source":"url","url":"x"}"#)
        try store.clear()
        try store.clear()
        #expect(try store.load() == nil)
    }

    /// A store whose every call throws.
    private struct FailingStore: PendingLinkStore {
        struct Full: Error, CustomStringConvertible { var description: String { "disk full" } }
        func save(_ record: PendingLinkRecord) throws { throw Full() }
        func load() throws -> PendingLinkRecord? { throw Full() }
        func clear() throws { throw Full() }
    }

    /// The store failures a router reported.
    private final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private var errors: [PendingLinkPersistenceError] = []
        func append(_ error: PendingLinkPersistenceError) { lock.withLock { errors.append(error) } }
        var messages: [String] { lock.withLock { errors.map(\.message) } }
        var codes: [PendingLinkPersistenceError.Code] { lock.withLock { errors.map(\.code) } }
    }

    @Test func aStoreThatFailsIsReportedAndTheLinkStaysPending() async throws {
        let log = PipelineLog()
        let session = GateSession()
        let router = try gatedRouter(log, session, store: FailingStore())
        let failures = Failures()
        router.pendingLinkStoreFailed = { failures.append($0) }
        guard case .heldByGate = await router.route("shop://orders/7") else { Issue.record("not held"); return }
        #expect(failures.messages == ["could not save the pending link 'shop://orders/7': disk full"])
        #expect(router.pendingLink?.url == "shop://orders/7")
        await session.logIn()
        #expect(await router.openPendingLink()?.handled == true)
        #expect(failures.codes == [.saveFailed, .clearFailed])
        #expect(failures.messages.last == "could not clear the pending link 'shop://orders/7': disk full")
        #expect(await router.restorePendingLink() == nil)
        #expect(failures.codes == [.saveFailed, .clearFailed, .loadFailed, .clearFailed])
        #expect(failures.messages[2] == "could not load the pending link: disk full")
        #expect(await log.entries == ["order 7 url"])
    }
}
