import Foundation
import Switchyard
import Testing
@testable import SwitchyardStore

/// The one column table both back ends store links through (issue 52): each column once, a link
/// written and read back through it unchanged, and the migrations it writes for columns added later.
@Suite struct LinkColumnsTests {
    /// A link with every field set to something other than its default.
    static let full = SmartLink(
        code: "full1", team: "shop", content: LinkContent(
            route: "product/:id", routeName: "product", routeParameters: ["id": "42"], queryParameters: ["ref": "mail"],
            metadata: ["coupon": "SPRING", "nested": ["a": [1, true, .null]]], redeemLimit: 3,
            fallbacks: .init(ios: "https://a.example/i", android: "https://a.example/a", web: "https://a.example/w",
                             iPad: "https://a.example/p", appStore: "https://apps.apple.com/app/id1"),
            preview: .init(title: "T", description: "D", image: "https://a.example/i.png"),
            expiresAt: Date(timeIntervalSince1970: 1_900_000_000), expiredURL: "https://a.example/over", deferredMatch: .any,
            label: "Spring", disabled: true, campaign: ["utm_source": "mail"], minimumVersions: .init(ios: "2.1", android: "120"),
            forcedRedirect: true, installProof: .attested, installProofFor: [.redeem, .resolve]),
        redeemCount: 2, createdAt: Date(timeIntervalSince1970: 1_800_000_000), deletedAt: Date(timeIntervalSince1970: 1_850_000_000),
        createdByApp: true)

    @Test func eachColumnIsNamedOnce() {
        let names = LinkColumns.all.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(LinkColumns.names == names.joined(separator: ", "))
    }

    @Test func aLinkReadBackFromItsColumnValuesIsTheSame() throws {
        let values = LinkColumns.all.map { $0.read(Self.full) }
        let read = try LinkColumns.link { _, index in values[index] }
        #expect(read == Self.full)
    }

    @Test func aValueOfTheWrongKindIsCorruptDataNamingTheColumn() {
        var values = LinkColumns.all.map { $0.read(Self.full) }
        let index = LinkColumns.all.firstIndex { $0.name == "redeem_limit" }!
        values[index] = .text("three")
        #expect {
            _ = try LinkColumns.link { _, index in values[index] }
        } throws: { error in
            guard let error = error as? StoreError else { return false }
            return error.code == .corrupt && error.message.contains("redeem_limit") && error.message.contains("full1")
        }
    }

    @Test func columnsAddedLaterAreMigratedOnBothBackEnds() throws {
        let sqlite = try #require(SQLiteLinkStore.migrations.first { $0.version == 21 })
        #expect(sqlite.statements == ["ALTER TABLE links ADD COLUMN expired_url TEXT"])
        let postgres = try #require(PostgresLinkStore.migrations.first { $0.version == 21 })
        #expect(postgres.statements == ["ALTER TABLE links ADD COLUMN expired_url text"])
        for versions in [SQLiteLinkStore.migrations.map(\.version), PostgresLinkStore.migrations.map(\.version)] {
            #expect(versions == versions.sorted() && Set(versions).count == versions.count, "versions rise: \(versions)")
        }
        let flag = LinkColumns.migrations(types: { _ in "boolean" }, false: "false")
        #expect(flag.allSatisfy { $0.version > 20 })
    }
}
