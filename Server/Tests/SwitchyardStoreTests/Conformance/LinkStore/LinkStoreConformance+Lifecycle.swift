import Foundation
import Testing
@testable import SwitchyardStore

extension LinkStoreConformance {
    /// Migrating is idempotent: twice on one instance, then from two new instances at once on the
    /// existing database; the data stays and every instance works.
    static func migrations(_ database: TestDatabase) async throws {
        let store = try await database.open()
        try await store.migrate()
        try await store.insert(makeLink("kept", redeemLimit: 1))
        try await store.migrate()

        let second = try await database.open(migrate: false)
        let third = try await database.open(migrate: false)
        async let migrated2: Void = second.migrate()
        async let migrated3: Void = third.migrate()
        _ = try await (migrated2, migrated3)

        #expect(try await third.link(code: "kept") == makeLink("kept", redeemLimit: 1))
        #expect(try await second.redeem(code: "kept", install: UUID().uuidString, at: Instant.at(1)).isRedeemed)
        #expect(try await store.redeem(code: "kept", install: UUID().uuidString, at: Instant.at(2)) == .exhausted)
        try await second.ping()
    }

    /// Two instances migrating a brand-new database at once both succeed.
    static func concurrentFirstMigration(_ database: TestDatabase) async throws {
        let first = try await database.open(migrate: false)
        let second = try await database.open(migrate: false)
        async let one: Void = first.migrate()
        async let two: Void = second.migrate()
        _ = try await (one, two)
        try await first.insert(makeLink("new"))
        #expect(try await second.link(code: "new") != nil)
    }

    /// An acknowledged link is there for the next instance even when the one that wrote it was
    /// dropped without `close()`.
    static func reopen(_ database: TestDatabase) async throws {
        do {
            let writer = try await database.open(tracked: false)
            try await writer.insert(makeLink("durable", redeemLimit: 3))
            #expect(try await writer.redeem(code: "durable", install: UUID().uuidString, at: Instant.at(1)).isRedeemed)
            try await writer.record([Click(code: "durable", at: Instant.at(2), platform: .ios)])
        }
        let reader = try await database.open()
        var expected = makeLink("durable", redeemLimit: 3)
        expected.redeemCount = 1
        #expect(try await reader.link(code: "durable") == expected)
        #expect(try await reader.clickCounts(code: "durable") == [.ios: 1])
    }
}
