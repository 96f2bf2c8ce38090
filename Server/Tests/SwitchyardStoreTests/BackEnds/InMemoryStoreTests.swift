import Foundation
import SwitchyardStore
import Testing

/// The in-memory store's own guarantees, beside the conformance suite.
@Suite struct InMemoryStoreTests {
    @Test func redeemIsAtomicUnderConcurrency() async throws {
        let store = InMemoryLinkStore()
        try await store.insert(SmartLink(code: "race0001", team: "t", route: "about/team", redeemLimit: 7, createdAt: .now))
        let results = try await withThrowingTaskGroup(of: RedeemResult.self) { group in
            for _ in 0..<200 { group.addTask { try await store.redeem(code: "race0001", install: "install-\(UInt64.random(in: 0...UInt64.max))", at: .now) } }
            return try await group.reduce(into: [RedeemResult]()) { $0.append($1) }
        }
        #expect(results.filter { if case .redeemed = $0 { true } else { false } }.count == 7)
        #expect(results.filter { $0 == .exhausted }.count == 193)
    }

    @Test func codesAreNeverReused() async throws {
        let store = InMemoryLinkStore()
        try await store.insert(SmartLink(code: "abc", team: "t", route: "r", createdAt: .now))
        #expect(try await store.delete(code: "abc", team: "t", at: .now))
        await #expect(throws: StoreError.self) {
            try await store.insert(SmartLink(code: "abc", team: "u", route: "r", createdAt: .now))
        }
    }
}
