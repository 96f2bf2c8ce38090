import CommandTestSupport
import Foundation
@_spi(SwitchyardService) import Switchyard
import SwitchyardStore
import Testing

/// `switchyard privacy export|erase --install ID` as subprocesses on one SQLite file (issue 55):
/// every team's records of the install written as JSON, then erased with the counts kept and an
/// audit entry that names the install's hash, not the identifier.
@Suite struct PrivacyCommandTests {
    static let install = "6F1C2A7E-3B0D-4C55-9B1E-2D8F7A6C5B40"

    @Test func anInstallIsExportedThenErased() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("links.sqlite").path
        let store = try SQLiteLinkStore(path: path)
        try await store.migrate()
        for (code, team) in [("shop0001", "shop"), ("blog0001", "blog")] {
            try await store.insert(SmartLink(code: code, team: team, route: "about/team", redeemLimit: 3, createdAt: Date(timeIntervalSince1970: 1_800_000_000)))
            _ = try await store.redeem(code: code, install: Self.install, at: Date(timeIntervalSince1970: 1_800_000_100))
        }
        try await store.close()
        let database = "sqlite:" + path

        let exported = try Switchyard.run(["privacy", "export", "--install", Self.install, "--database", database])
        #expect(exported.status == 0, "\(exported)")
        let records = try JSONValue.parse(exported.standardOutput)
        #expect(records["redemptions"]?.arrayValue?.compactMap { $0["code"]?.stringValue }.sorted() == ["blog0001", "shop0001"],
                "the command line sees every team's")
        #expect(records["redemptions"]?[0]?["redeemedAt"] == "2027-01-15T08:01:40.000Z")

        let erased = try Switchyard.run(["privacy", "erase", "--install", Self.install, "--database", database])
        #expect(erased.status == 0, "\(erased)")
        #expect(try JSONValue.parse(erased.standardOutput)["redemptionsAnonymized"] == 2)
        let after = try Switchyard.run(["privacy", "export", "--install", Self.install, "--database", database])
        #expect(try JSONValue.parse(after.standardOutput)["redemptions"]?.arrayValue?.isEmpty == true)

        let reopened = try SQLiteLinkStore(path: path)
        #expect(try await reopened.link(code: "shop0001")?.redeemCount == 1, "the count stays")
        let audit = try await reopened.audit(AuditQuery(team: "default"))
        try await reopened.close()
        #expect(audit.map(\.action) == ["install.exported", "install.erased", "install.exported"])
        #expect(audit.allSatisfy { $0.target.hasPrefix("install sha256:") && !$0.target.contains(Self.install) })
        #expect(audit.first { $0.action == "install.erased" }?.detail.hasPrefix("2 redemptions anonymized") == true)

        let bad = try Switchyard.run(["privacy", "erase", "--install", "not an install", "--database", database])
        #expect(bad.status == 1)
        #expect(bad.standardError == "switchyard: error: 'not an install' is not an install identifier: 8 to 128 of A-Z a-z 0-9 . _ -\n")
    }
}
