import CommandTestSupport
import Foundation
@_spi(SwitchyardService) import Switchyard
import SwitchyardStore
import Testing

/// `switchyard domains` and a two-domain Firebase project moved with `switchyard import firebase`,
/// run as subprocesses on one SQLite file.
@Suite struct DomainsCommandTests {
    let shop = Switchyard.shopRoutes

    /// Two Firebase exports, one per domain, with the same suffix `a1` opening two products.
    static func exports(in directory: TemporaryDirectory) throws -> (String, String) {
        let header = "\u{FEFF}Short Dynamic Link,Long Dynamic Link\r\n"
        let first = try directory.write("example.csv", header
            + "https://example.page.link/a1,https://example.page.link/?link=https://shop.example.com/product/1\r\n"
            + "https://example.page.link/b2,https://example.page.link/?link=https://shop.example.com/product/2\r\n")
        let second = try directory.write("promo.csv", header
            + "https://promo.example.com/a1,https://promo.example.com/?link=https://shop.example.com/product/9\r\n")
        return (first, second)
    }

    @Test func aTwoDomainFirebaseProjectMovesInOneCommand() async throws {
        let directory = try TemporaryDirectory()
        let (first, second) = try Self.exports(in: directory)
        let path = directory.url.appendingPathComponent("links.sqlite").path
        let database = "sqlite:" + path
        for host in ["links.example.com", "promo.example.com"] {
            let added = try Switchyard.run(["domains", "add", host, "--database", database] + (host.hasPrefix("links") ? ["--default"] : []))
            #expect(added.status == 0, "\(added)")
        }
        let listed = try Switchyard.run(["domains", "list", "--database", database])
        #expect(listed.lines == ["links.example.com\tdefault\tdefault", "promo.example.com\tdefault"])

        // promo.example.com was a custom domain in Firebase: its file lands on the domain of the same host.
        let arguments = ["import", "firebase", first, second, "--routes", shop, "--database", database,
                         "--domain-map", "example.page.link=links.example.com", "--base-url", "https://go.example.com"]
        let moved = try Switchyard.run(arguments)
        #expect(moved.status == 0, "\(moved)")
        #expect(moved.lines == [
            "example.page.link -> https://links.example.com (2 rows in \(first))",
            "promo.example.com -> https://promo.example.com (1 row in \(second))",
            "3 imported, 0 already there, 0 rejected",
        ])
        let again = try Switchyard.run(arguments)
        #expect(again.lines.last == "0 imported, 3 already there, 0 rejected", "the same suffix on two domains is two links")

        let store = try SQLiteLinkStore(path: path)
        let onLinks = try await store.link(code: "links.example.com/a1")
        let onPromo = try await store.link(code: "promo.example.com/a1")
        try await store.close()
        #expect(onLinks?.routeParameters["id"] == "1")
        #expect(onPromo?.routeParameters["id"] == "9")

        let unknownTarget = try Switchyard.run(["import", "firebase", first, "--routes", shop, "--database", database,
                                                "--domain-map", "example.page.link=elsewhere.example.com"])
        #expect(unknownTarget.status == 1)
        #expect(unknownTarget.standardError == "switchyard: error: --domain-map example.page.link=elsewhere.example.com: "
            + "'elsewhere.example.com' is not a domain of team default (switchyard domains add elsewhere.example.com --team default)\n")
    }

    @Test func domainsAreRefusedClearlyAndRemovedOnlyWhenUnused() throws {
        let directory = try TemporaryDirectory()
        let database = "sqlite:" + directory.url.appendingPathComponent("links.sqlite").path
        let team = try Switchyard.run(["teams", "create", "blog", "--database", database])
        #expect(team.status == 0, "\(team)")
        #expect(try Switchyard.run(["domains", "add", "Promo.Example.com", "--database", database]).status == 0)
        let taken = try Switchyard.run(["domains", "add", "promo.example.com", "--team", "blog", "--database", database])
        #expect(taken.status == 1)
        #expect(taken.standardError == "switchyard: error: the domain 'promo.example.com' is already on this service (team default)\n")
        let malformed = try Switchyard.run(["domains", "add", "https://promo.example.com/", "--database", database])
        #expect(malformed.standardError
            == "switchyard: error: domain 'https://promo.example.com/' is a host name only (links.example.com): no scheme, port or path\n")
        let noTeam = try Switchyard.run(["domains", "add", "x.example.com", "--team", "nobody", "--database", database])
        #expect(noTeam.standardError == "switchyard: error: no team 'nobody'; create it first with: switchyard teams create nobody\n")
        let badRedirect = try Switchyard.run(["domains", "update", "promo.example.com", "--not-found-redirect", "ftp://x", "--database", database])
        #expect(badRedirect.standardError == "switchyard: error: --not-found-redirect 'ftp://x' is not an absolute http or https URL\n")
        let updated = try Switchyard.run(["domains", "update", "promo.example.com", "--not-found-redirect", "https://example.com/",
                                          "--database", database])
        #expect(updated.status == 0, "\(updated)")
        #expect(try Switchyard.run(["domains", "list", "--database", database]).lines
                == ["promo.example.com\tdefault\tnot-found=https://example.com/"])

        let (_, second) = try Self.exports(in: directory)
        #expect(try Switchyard.run(["import", "firebase", second, "--routes", shop, "--database", database]).status == 0)
        let inUse = try Switchyard.run(["domains", "remove", "promo.example.com", "--database", database])
        #expect(inUse.status == 1)
        #expect(inUse.standardError == "switchyard: error: 1 live link use 'promo.example.com'; remove with --force to disable them\n")
        let forced = try Switchyard.run(["domains", "remove", "promo.example.com", "--force", "--database", database])
        #expect(forced.lines == ["domain 'promo.example.com' removed; 1 link disabled"])
        #expect(try Switchyard.run(["domains", "list", "--database", database]).lines == [])
    }
}
