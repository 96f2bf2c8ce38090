import CommandTestSupport
import Foundation
@_spi(SwitchyardService) import Switchyard
import SwitchyardStore
import Testing

/// `switchyard import firebase` run as a subprocess.
@Suite struct ImportCommandTests {
    let shop = Switchyard.shopRoutes

    static let export = "\u{FEFF}Short Dynamic Link,Long Dynamic Link\r\n"
        + "https://example.page.link/m9Mm,https://example.page.link/?link=https://shop.example.com/product/42&isi=1234567\r\n"
        + "https://example.page.link/cat1,\"https://example.page.link/?link=https://shop.example.com/category/shoes&st=Shoes,+all\"\r\n"
        + "https://example.page.link/nope,https://example.page.link/?link=https://shop.example.com/product/abc\r\n"

    @Test func importsReportsAndChangesNothingTheSecondTime() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("links.csv", Self.export)
        let database = "sqlite:" + directory.url.appendingPathComponent("links.sqlite").path
        let arguments = ["import", "firebase", file, "--routes", shop, "--database", database]

        let dry = try Switchyard.run(arguments + ["--dry-run"])
        #expect(dry.status == 1, "\(dry)")
        #expect(dry.lines.last == "2 imported, 0 already there, 1 rejected (dry run: nothing written)")

        let first = try Switchyard.run(arguments)
        #expect(first.status == 1, "a rejected row makes the exit status 1: \(first)")
        #expect(first.lines.count == 3, "\(first)")
        #expect(first.lines.first == "example.page.link -> http://127.0.0.1:8080 (3 rows in \(file))")
        #expect(first.lines.dropFirst().first?.hasPrefix("line 4: unknown route: no route in the route table matches 'link' "
            + "(https://shop.example.com/product/abc); the nearest routes are 'product/:id<int>'") == true, "\(first)")
        #expect(first.lines.last == "2 imported, 0 already there, 1 rejected")
        #expect(first.standardError == "", "no progress bar when standard error is not a terminal")

        let second = try Switchyard.run(arguments + ["--json"])
        let json = try JSONValue.parse(second.standardOutput)
        #expect(json["imported"] == 0)
        #expect(json["alreadyThere"] == 2)
        #expect(json["rejected"]?[0]?["line"] == 4)
        #expect(json["rejected"]?[0]?["shortLink"] == "https://example.page.link/nope")
        #expect(json["dryRun"] == false)

        let clean = try directory.write("clean.csv", "long link\nhttps://example.page.link/?link=https://shop.example.com/search\n")
        let ok = try Switchyard.run(["import", "firebase", clean, "--routes", shop, "--database", database])
        #expect(ok.status == 0, "\(ok)")
        #expect(ok.lines == ["1 imported, 0 already there, 0 rejected"])
    }

    @Test func twoTakeoutFilesWithTheChoices() throws {
        let directory = try TemporaryDirectory()
        let header = "Short link,Deep link,Archived?,Link name,Notes\r\n"
        let first = try directory.write("a.csv", header
            + "https://example.page.link/a1,https://shop.example.com/product/1,FALSE,\"One, first\",x\r\n"
            + "https://example.page.link/a2,https://shop.example.com/product/2,TRUE,Two,x\r\n"
            + "https://example.page.link/a3,https://shop.example.com/nowhere/3,FALSE,Three,x\r\n")
        let second = try directory.write("b.csv", header + "https://promo.page.link/a1,https://shop.example.com/product/9,FALSE,Nine,x\r\n")
        let database = "sqlite:" + directory.url.appendingPathComponent("links.sqlite").path
        let run = try Switchyard.run(["import", "firebase", first, second, "--routes", shop, "--database", database,
                                      "--archived", "skip", "--unrouted", "web", "--base-url", "https://go.example.com"])
        #expect(run.status == 1, "the suffix on two domains is rejected: \(run)")
        #expect(run.lines == [
            "example.page.link -> https://go.example.com (3 rows in \(first))",
            "promo.page.link -> https://go.example.com (1 row in \(second))",
            "ignored column 'Notes' (\(first))",
            "ignored column 'Notes' (\(second))",
            "\(second) line 2: suffix on two domains: 'a1' is on example.page.link (\(first) line 2) and on promo.page.link "
                + "(\(second) line 2), which land on one domain of this service: add a domain for each (switchyard domains add) "
                + "or map them apart with --domain-map",
            "2 imported, 0 already there, 1 rejected, 1 archived (skipped), 1 unrouted (imported as web links)",
        ])
        let wrong = try Switchyard.run(["import", "firebase", first, "--routes", shop, "--database", database, "--unrouted", "maybe"])
        #expect(wrong.status != 0)
        #expect(wrong.standardError.contains("maybe"), "\(wrong)")
    }

    /// The header exactly as Google's guide "Export Dynamic Links metadata" prints its 29 fields,
    /// and three rows: the command imports all three, and `explain` opens them as the rows say.
    @Test func theGuidesHeaderImportsFromTheCommandLine() throws {
        let directory = try TemporaryDirectory()
        let header = "Short link,Deep link (link),Android package name (apn),Android fallback link (afl),"
            + "Android minimum package version code (amv),iOS bundle ID (ibi),iOS fallback link (ifl),iOS custom scheme (ius),"
            + "iOS iPad fallback link (ipfl),iOS iPad bundle ID (ipbi),iOS app store ID (isi),iOS minimum version (imv),"
            + "Enable forced redirect? (efr),Desktop fallback link (ofl),Social title (st),Social description (sd),"
            + "Social image link (si),UTM source (utm_source),UTM medium (utm_medium),UTM campaign (utm_campaign),"
            + "UTM term (utm_term),UTM content (utm_content),iTunes Connect at,iTunes Connect ct,iTunes Connect mt,"
            + "iTunes Connect pt,Archived?,Link name,Creation timestamp\r\n"
        // A row: the value of each column by its 1-based number in the guide's list, the rest empty.
        func row(_ values: [Int: String]) -> String {
            (1...29).map { values[$0] ?? "" }.joined(separator: ",") + "\r\n"
        }
        let file = try directory.write("takeout.csv", "\u{FEFF}" + header
            + row([1: "https://example.page.link/t1", 2: "https://shop.example.com/product/42", 3: "com.example.shop",
                   4: "https://shop.example.com/fallback/android", 11: "1234567", 13: "FALSE", 14: "https://shop.example.com/fallback/desktop",
                   15: "Shoes", 18: "mail", 27: "FALSE", 28: "Forty-two", 29: "2023-05-04 10:20:30 UTC"])
            + row([1: "https://example.page.link/t2", 2: "https://shop.example.com/product/7", 7: "https://shop.example.com/fallback/ios",
                   13: "TRUE", 27: "FALSE", 28: "Seven"])
            + row([1: "https://example.page.link/t3", 2: "https://shop.example.com/search", 27: "TRUE", 28: "Search"]))
        let database = "sqlite:" + directory.url.appendingPathComponent("links.sqlite").path
        let run = try Switchyard.run(["import", "firebase", file, "--routes", shop, "--database", database])
        #expect(run.status == 0, "\(run)")
        #expect(run.lines.last == "3 imported, 0 already there, 0 rejected, 1 archived (imported disabled)", "\(run)")
        #expect(!run.standardOutput.contains("ignored column"), "\(run)")

        let base = "http://127.0.0.1:8080"
        let explained = try Switchyard.run(["explain", "\(base)/t1", "--routes", shop, "--database", database, "--base-url", base,
                                            "--json"])
        #expect(explained.status == 0, "\(explained)")
        let json = try JSONValue.parse(explained.standardOutput)
        #expect(json["route"]?["pattern"] == "product/:id<int>", "\(explained)")
        #expect(json["route"]?["parameters"]?["id"] == "42")
        let desktop = json["cases"]?.arrayValue?.first { $0["platform"] == "desktop" }
        #expect(desktop?["location"] == "https://shop.example.com/fallback/desktop", "\(explained)")
    }

    /// On a terminal the import draws a progress bar on standard error, then clears it for the summary.
    /// util-linux's `script` gives the command a pseudo-terminal.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"),
                   "needs util-linux's script(1) to run the command on a pseudo-terminal"))
    func aTerminalShowsAProgressBar() throws {
        let directory = try TemporaryDirectory()
        var export = "long link\n"
        for index in 0..<300 { export += "https://example.page.link/?link=https://shop.example.com/product/\(index)\n" }
        let file = try directory.write("links.txt", export)
        let database = "sqlite:" + directory.url.appendingPathComponent("links.sqlite").path
        let command = [Switchyard.executable.path, "import", "firebase", file, "--routes", shop, "--database", database]
            .map { "'" + $0 + "'" }.joined(separator: " ")
        let run = try Switchyard.run(["-qec", command, "/dev/null"], executable: URL(fileURLWithPath: "/usr/bin/script"))
        #expect(run.status == 0, "\(run)")
        let screen = run.standardOutput
        #expect(screen.contains("] 100% 300 rows"), "the bar reaches the end: \(screen)")
        #expect(screen.contains("[##"), "\(screen)")
        #expect(screen.contains("\r\u{1B}[K"), "the bar is cleared before the summary")
        #expect(screen.hasSuffix("300 imported, 0 already there, 0 rejected\r\n"), "\(screen)")
    }

    @Test(arguments: [
        (["import", "firebase", "/nonexistent/links.csv"], "switchyard: error: cannot read '/nonexistent/links.csv'"),
        (["import", "firebase", "HEADER"], "switchyard: error: line 1: the header names neither a deep-link column"),
    ])
    func filesThatCannotBeImportedFailWithOneLine(arguments: [String], prefix: String) throws {
        let directory = try TemporaryDirectory()
        let header = try directory.write("header.csv", "a,b\n1,2\n")
        let database = "sqlite:" + directory.url.appendingPathComponent("links.sqlite").path
        let run = try Switchyard.run(arguments.map { $0 == "HEADER" ? header : $0 } + ["--routes", shop, "--database", database])
        #expect(run.status == 1, "\(run)")
        #expect(run.standardError.hasPrefix(prefix), "\(run)")
        #expect(run.standardOutput == "")
    }

    @Test(.enabled(if: PostgresEnvironment.url != nil, "\(PostgresEnvironment.skipped)"))
    func importsIntoPostgreSQL() async throws {
        let schema = PostgresSchema(server: PostgresEnvironment.url ?? "", prefix: "import")
        let directory = try TemporaryDirectory()
        let file = try directory.write("links.csv", Self.export)
        let arguments = ["import", "firebase", file, "--routes", shop, "--database", schema.databaseURL]
        do {
            let first = try Switchyard.run(arguments)
            #expect(first.lines.last == "2 imported, 0 already there, 1 rejected", "\(first)")
            let second = try Switchyard.run(arguments)
            #expect(second.lines.last == "0 imported, 2 already there, 1 rejected", "\(second)")
            let store = try schema.open()
            let link = try await store.link(code: "cat1")
            #expect(link?.routeParameters == ["slug": "shoes"])
            #expect(link?.preview.title == "Shoes, all")
            try await store.close()
        } catch {
            try? await schema.drop()
            throw error
        }
        try await schema.drop()
    }
}
