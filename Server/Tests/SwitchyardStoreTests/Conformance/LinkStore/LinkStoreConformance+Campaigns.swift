import Foundation
import GRDB
import PostgresNIO
import Testing
@testable import SwitchyardStore

extension LinkStoreConformance {
    /// A click's campaign parameters are kept with it (JSON, keys sorted); a click without any
    /// keeps none. Counting is unchanged.
    static func clickCampaigns(_ database: TestDatabase) async throws {
        let store = try await database.open()
        try await store.record([
            Click(code: "fdl:0123", at: Instant.at(0), platform: .ios, campaign: ["utm_source": "mail", "utm_campaign": "spring"]),
            Click(code: "fdl:0123", at: Instant.at(1), platform: .android),
            Click(code: "fdl:0123", at: Instant.at(2), platform: .desktop, campaign: ["ct": "promo \"q\""]),
        ])
        #expect(try await store.clickCounts(code: "fdl:0123") == [.ios: 1, .android: 1, .desktop: 1])
        #expect(try await storedCampaigns(store, code: "fdl:0123") == [
            #"{"utm_campaign":"spring","utm_source":"mail"}"#, nil, #"{"ct":"promo \"q\""}"#,
        ])
    }

    /// The raw `campaign` column of a code's clicks, oldest first.
    static func storedCampaigns(_ store: any LinkStore, code: String) async throws -> [String?] {
        if let memory = store as? InMemoryLinkStore {
            return await memory.recordedClicks(code: code).map { $0.campaign.map(StoredJSON.text) }
        }
        if let sqlite = store as? SQLiteLinkStore {
            return try await sqlite.read { db in
                try String?.fetchAll(db, sql: "SELECT campaign FROM clicks WHERE code = ? ORDER BY at", arguments: [code])
            }
        }
        let postgres = try #require(store as? PostgresLinkStore)
        return try await postgres.rows("SELECT campaign FROM clicks WHERE code = \(code) ORDER BY at")
            .map { try $0.decode(String?.self) }
    }
}
