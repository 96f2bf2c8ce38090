import Foundation
import Testing
@testable import SwitchyardStore

extension LinkStoreConformance {
    /// A link's label, switched-off state, campaign, minimum versions, forced redirect and iPad and
    /// App Store fallbacks round-trip; the listing's search matches labels and codes (ASCII letters
    /// without case) and pages with its cursor; a switched-off link cannot be redeemed.
    static func labelsAndFirebaseFields(_ database: TestDatabase) async throws {
        let store = try await database.open()
        let base = Date(timeIntervalSince1970: 1_700_000_000)
        let full = SmartLink(
            code: "fb1", team: "acme", route: "r", fallbacks: .init(ios: "https://a.example/i", iPad: "https://a.example/p",
                                                                    appStore: "https://apps.apple.com/app/id9"),
            createdAt: base, label: "Spring Sale, hero", disabled: true, campaign: ["utm_source": "mail"],
            minimumVersions: .init(ios: "3.0", android: "42"), forcedRedirect: true)
        try await store.insert(full)
        #expect(try await store.link(code: "fb1") == full)
        for index in 0..<5 {
            try await store.insert(SmartLink(code: "s\(index)", team: "acme", route: "r", createdAt: base.addingTimeInterval(Double(index)),
                                             label: index % 2 == 0 ? "sale \(index)" : nil))
        }
        try await store.insert(SmartLink(code: "sale9", team: "other", route: "r", createdAt: base, label: "SALE"))
        #expect(try await store.list(team: "acme", limit: 10, cursor: nil, matching: "sale").links.map(\.code) == ["s4", "s2", "s0", "fb1"])
        let first = try await store.list(team: "acme", limit: 2, cursor: nil, matching: "SALE")
        #expect(first.links.map(\.code) == ["s4", "s2"])
        let second = try await store.list(team: "acme", limit: 2, cursor: first.nextCursor, matching: "SALE")
        #expect(second.links.map(\.code) == ["s0", "fb1"])
        #expect(try await store.list(team: "acme", limit: 10, cursor: nil, matching: "S3").links.map(\.code) == ["s3"], "a code matches")
        #expect(try await store.list(team: "acme", limit: 10, cursor: nil, matching: "%").links.isEmpty, "no wildcards")
        #expect(try await store.list(team: "acme", limit: 10, cursor: nil).links.count == 6)
        #expect(try await store.redeem(code: "fb1", install: "i", at: base) == .gone)
        let updated = try await store.update(code: "fb1", team: "acme", changes: LinkChanges(fallbacks: .init(web: "https://a.example/w")))
        #expect(updated?.fallbacks == .init(web: "https://a.example/w", iPad: "https://a.example/p", appStore: "https://apps.apple.com/app/id9"))
    }
}
