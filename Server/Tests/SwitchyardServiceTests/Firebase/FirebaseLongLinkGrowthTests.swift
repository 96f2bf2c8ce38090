import Foundation
import Hummingbird
import HummingbirdTesting
@testable import SwitchyardService
@testable import SwitchyardStore
import Testing

extension LoadTests {
    /// Opening `GET /?link=...` needs no key, so ten thousand distinct junk long links, each with a
    /// long campaign, must not grow the store without limit: the per-day click rows stay one per
    /// route, day and platform, and each raw click's campaign stays under nine capped values.
    @Suite struct FirebaseLongLinkGrowthTests {
        static let opens = 10_000

        /// What the store holds: per-day click rows of long links, and the campaign bytes of raw clicks.
        static func footprint(_ store: any LinkStore) async throws -> (dayRows: Int, campaignBytes: Int, clicks: Int) {
            let dayRows = "SELECT COUNT(*) FROM click_days WHERE code LIKE 'fdl:%'"
            let bytes = "SELECT COALESCE(SUM(LENGTH(campaign)), 0) FROM clicks WHERE code LIKE 'fdl:%'"
            let clicks = "SELECT COUNT(*) FROM clicks WHERE code LIKE 'fdl:%'"
            if let sqlite = store as? SQLiteLinkStore {
                return (try await sqlite.integer(unsafeSQL: dayRows), try await sqlite.integer(unsafeSQL: bytes),
                        try await sqlite.integer(unsafeSQL: clicks))
            }
            let postgres = try #require(store as? PostgresLinkStore)
            let schema = postgres.schema
            func qualified(_ sql: String) -> String {
                sql.replacingOccurrences(of: "FROM click_days", with: "FROM \(schema).click_days")
                    .replacingOccurrences(of: "FROM clicks", with: "FROM \(schema).clicks")
            }
            return (try await postgres.integer(unsafeSQL: qualified(dayRows)), try await postgres.integer(unsafeSQL: qualified(bytes)),
                    try await postgres.integer(unsafeSQL: qualified(clicks)))
        }

        @Test(arguments: StoreKind.available.filter { $0 != .memory })
        func tenThousandJunkLongLinksAddBoundedRows(kind: StoreKind) async throws {
            try await Harness.live(kind) { client, harness in
                let junk = String(repeating: "x", count: 400)
                let agents = [Agents.iPhone, Agents.android, Agents.desktop]
                // A new deep link, title and campaign every time: distinct long links, as junk would be.
                let paths = (0..<Self.opens).map { index in
                    "/?link=https%3A%2F%2Fshop.example.com%2Fproduct%2F\(index)&st=junk\(index)"
                        + "&utm_source=\(junk)\(index)&utm_campaign=\(index)\(junk)"
                }
                let statuses = try await RequestsAtOnce.get(paths, concurrency: 4, to: client) { index in
                    [("User-Agent", agents[index % 3])]
                }
                #expect(statuses.allSatisfy { $0 == 200 || $0 == 302 }, "\(Set(statuses)) answered")
                await harness.recorder.flush()
                let footprint = try await Self.footprint(harness.store)
                #expect(footprint.clicks == Self.opens, "every open is counted")
                // One route, one day, three platforms: three rows, not one per long link.
                #expect(footprint.dayRows == 3)
                // Two campaign values of at most 100 bytes each, with the JSON around them.
                #expect(footprint.campaignBytes <= Self.opens * 260, "\(footprint.campaignBytes) campaign bytes")
                let counts = try await harness.store.clickCounts(code: FirebaseLongLink.clickKey(route: "product/:product_id"))
                #expect(counts.values.reduce(0, +) == Self.opens)
            }
        }

        @Test func campaignValuesAreCutAtACharacter() {
            let campaign = FirebaseLongLinkOpener.campaign(["utm_source": String(repeating: "é", count: 80), "ct": "short"])
            #expect(campaign?["utm_source"]?.utf8.count == 100)
            #expect(campaign?["ct"] == "short")
            #expect(FirebaseLongLinkOpener.campaign([:]) == nil)
        }
    }
}
