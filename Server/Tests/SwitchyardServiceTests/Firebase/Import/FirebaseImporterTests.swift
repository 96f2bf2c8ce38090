import Foundation
import Hummingbird
import HummingbirdTesting
@_spi(SwitchyardService) import Switchyard
@testable import SwitchyardService
@testable import SwitchyardStore
import Testing

/// Importing a Firebase export, then opening every imported suffix as each platform would, on
/// every store (PostgreSQL when `SWITCHYARD_POSTGRES_URL` is set).
@Suite struct FirebaseImporterTests {
    /// A console-style export: BOM, CRLF, quoted fields, an extra column, good rows and bad ones.
    static let export = "\u{FEFF}" + [
        #""Link name","Short Dynamic Link","Long Dynamic Link""#,
        #"Shoes,https://example.page.link/m9Mm,"https://example.page.link/?link=https%3A%2F%2Fshop.example.com%2Fproduct%2F42&apn=com.example.shop&isi=1234567&st=Red+shoes&si=https%3A%2F%2Fcdn.example.org%2Fs.png""#,
        #"Team,https://example.page.link/team,https://example.page.link/?link=https://shop.example.com/about/team&ofl=https://www.example.org/team"#,
        #""Order, seven",https://example.page.link/Ord-7,"https://example.page.link/?link=https://shop.example.com/order/7&apn=com.example.shop&afl=https://shop.example.com/android""#,
        #"Old,https://example.page.link/gone1,https://example.page.link/?link=https://shop.example.com/no/such/page"#,
        #"Phish,https://example.page.link/evil1,https://example.page.link/?link=https://evil.example.net/login"#,
        #"Again,https://example.page.link/m9Mm,https://example.page.link/?link=https://shop.example.com/product/43"#,
        #"Team,https://example.page.link/team,https://example.page.link/?link=https://shop.example.com/about/team&ofl=https://www.example.org/team"#,
        #"Bad short,not a url,https://example.page.link/?link=https://shop.example.com/about/team"#,
        #"No link,https://example.page.link/nolink,https://example.page.link/?apn=com.example.shop"#,
        #"Script,https://example.page.link/js1,https://example.page.link/?link=javascript:alert(1)"#,
        #"Broken "quote,https://example.page.link/q1,https://example.page.link/?link=https://shop.example.com/about/team"#,
        #"Taken,https://example.page.link/taken1,https://example.page.link/?link=https://shop.example.com/about/team"#,
        #"Short row,https://example.page.link/x1"#,
    ].joined(separator: "\r\n") + "\r\n"

    static let expectedRejections: [(line: Int, reason: String)] = [
        (5, "unknown route: no route in the route table matches 'link' (https://shop.example.com/no/such/page); the nearest routes "
            + "are 'docs/{path...}', 'user/:id(/:tab)', 'product/:product_id' (--unrouted web imports it as a web link)"),
        (6, "foreign host: 'link' (https://evil.example.net/login) is not on a host of this service's route table (shop.example.com)"),
        (7, "duplicate suffix: 'm9Mm' is already used by line 2 for another link"),
        (9, "malformed short link: the short link 'not a url' is not an absolute http or https URL"),
        (10, "malformed long link: the long link has no 'link' parameter (the deep link)"),
        (11, "malformed long link: 'link' carries a javascript: URL, which is never followed"),
        (12, "malformed CSV: a quote inside an unquoted field (quote the field and write the quote as \"\")"),
        (13, "duplicate suffix: 'taken1' is already a link with other content"),
        (14, "malformed CSV: the row has 2 fields; the header has 3"),
    ]

    func importer(_ harness: Harness) throws -> FirebaseImporter {
        try FirebaseImporter(configuration: Harness.configuration(), store: harness.store, team: "shop",
                             batchSize: 4, now: { [clock = harness.clock] in clock.now })
    }

    @Test(arguments: StoreKind.available)
    func importOpenEverywhereImportAgain(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            _ = try await client.create(#"{"route": "product", "routeParameters": {"product_id": "1"}, "alias": "taken1"}"#)
            let first = try await importer(harness).run(text: Self.export)
            #expect(first.summary == "3 imported, 1 already there, 9 rejected")
            #expect(first.rejected.map(\.line) == Self.expectedRejections.map(\.line))
            for (rejection, expected) in zip(first.rejected, Self.expectedRejections) {
                #expect(rejection.reason == expected.reason)
            }

            let shoes = try #require(try await harness.store.link(code: "m9Mm"))
            #expect(shoes.team == "shop")
            #expect(shoes.routeParameters == ["product_id": "42"])
            #expect(shoes.preview.title == "Red shoes")

            // iOS, Android, desktop, crawler.
            let ios = try await client.open("m9Mm", userAgent: Agents.iPhone)
            #expect(ios.status == .ok)
            #expect(ios.text.contains(#"id="get" href="https://apps.apple.com/app/id1234567">Get the app</a>"#))
            let android = try await client.open("Ord-7", userAgent: Agents.android)
            #expect(android.status == .found)
            #expect(android.headers[.location]?.hasPrefix("intent://order/7#Intent;scheme=shop;package=com.example.shop;"
                + "S.browser_fallback_url=https%3A%2F%2Fshop.example.com%2Fandroid;end") == true)
            let desktop = try await client.open("team", userAgent: Agents.desktop)
            #expect(desktop.status == .found)
            #expect(desktop.headers[.location] == "https://www.example.org/team")
            let crawler = try await client.open("m9Mm", userAgent: Agents.crawlers[0])
            #expect(crawler.text.contains(#"<meta property="og:image" content="https://cdn.example.org/s.png">"#))
            #expect(crawler.text.contains(#"<meta property="og:url" content="https://go.example.com/m9Mm">"#))

            // The same file again changes nothing.
            let before = try await harness.store.list(team: "shop", limit: 100, cursor: nil).links
            harness.clock.advance(by: 3600)
            let second = try await importer(harness).run(text: Self.export)
            #expect(second.summary == "0 imported, 4 already there, 9 rejected")
            #expect(second.rejected == first.rejected)
            let after = try await harness.store.list(team: "shop", limit: 100, cursor: nil).links
            #expect(after == before)
        }
    }

    @Test(arguments: StoreKind.available)
    func twoThousandRowsAndADryRun(kind: StoreKind) async throws {
        try await Harness.live(kind) { _, harness in
            var text = "short link,long link\n"
            for i in 0..<2000 {
                text += "https://example.page.link/p\(i),https://example.page.link/?link=https://shop.example.com/product/\(i)&isi=1\n"
            }
            let importer = try FirebaseImporter(configuration: Harness.configuration(), store: harness.store, team: "shop",
                                                now: { [clock = harness.clock] in clock.now })
            let dry = try await importer.run(text: text, dryRun: true)
            #expect(dry.summary == "2000 imported, 0 already there, 0 rejected (dry run: nothing written)")
            #expect(try await harness.store.link(code: "p0") == nil)
            let report = try await importer.run(text: text)
            #expect(report.summary == "2000 imported, 0 already there, 0 rejected")
            #expect(try await harness.store.link(code: "p1999")?.routeParameters == ["product_id": "1999"])
            let again = try await importer.run(text: text, dryRun: true)
            #expect(again.summary == "0 imported, 2000 already there, 0 rejected (dry run: nothing written)")
        }
    }

    @Test func aPlainListGetsStableCodes() async throws {
        try await Harness.live(.memory) { client, harness in
            let text = """
                https://example.page.link/?link=https://shop.example.com/product/1&apn=com.example.shop

                https://example.page.link/?link=https://shop.example.com/product/2&st=Shoes,+red
                https://example.page.link/?link=https://shop.example.com/docs/a/b
                """
            let importer = try importer(harness)
            let first = try await importer.run(text: text)
            #expect(first.summary == "3 imported, 0 already there, 0 rejected")
            let code = FirebaseExport.derivedCode(longLink: "https://example.page.link/?link=https://shop.example.com/docs/a/b")
            #expect(code.count == 12)
            #expect(try await harness.store.link(code: code)?.routeParameters == ["path": "a/b"])
            #expect(try await client.open(code, userAgent: Agents.desktop).headers[.location] == "https://shop.example.com/docs/a/b")
            let second = try await importer.run(text: text)
            #expect(second.summary == "0 imported, 3 already there, 0 rejected")
        }
    }

    @Test(arguments: [
        ("name,created\nx,1\n", "line 1: the header names neither a deep-link column (\"Deep link\" or \"link\", as in Google's "
            + "Takeout export) nor a long-link column (\"Long link\", \"longDynamicLink\" and the like); the columns are 'name', 'created'"),
        ("Short link,Deep link,link\n", "line 1: the columns 'Deep link' and 'link' are the same field"),
        ("\"unclosed,header\n", "line 1: a quoted field is never closed (missing '\"')"),
    ])
    func filesThatAreNotExportsAreRefusedWhole(text: String, message: String) async throws {
        let importer = try FirebaseImporter(configuration: Harness.configuration(), store: InMemoryLinkStore())
        await #expect {
            _ = try await importer.run(text: text)
        } throws: { error in
            (error as? FirebaseImporter.FileError)?.message == message
        }
    }

    @Test func headerSpellingsAreRecognized() throws {
        for (short, long) in [("Short link", "Long link"), ("shortLink", "longLink"), ("SHORT_DYNAMIC_LINK", "long_dynamic_link"),
                              ("short url", "LONG-URL")] {
            var export = FirebaseExport(source: ByteSource(text: "\(short),\(long)\nhttps://a.page.link/x,https://a.page.link/?link=y\n"))
            #expect(try export.next() == .row(.init(line: 2, shortLink: "https://a.page.link/x", longLink: "https://a.page.link/?link=y")))
        }
    }

    @Test func theReportAsJSON() throws {
        var report = FirebaseImporter.Report()
        report.imported = 2
        report.rejected = [.init(line: 3, shortLink: "https://a.page.link/x", reason: "unknown route: no")]
        let json = try JSONValue.parse(report.json)
        #expect(json["imported"]?.doubleValue == 2)
        #expect(json["alreadyThere"]?.doubleValue == 0)
        #expect(json["rejected"]?[0]?["line"]?.doubleValue == 3)
        #expect(json["rejected"]?[0]?["reason"]?.stringValue == "unknown route: no")
        #expect(json["dryRun"] == .bool(false))
        #expect(report.json == #"{"alreadyThere":0,"archived":0,"archivedSkipped":false,"domains":[],"dryRun":false,"imported":2,"#
            + #""notices":[],"rejected":[{"line":3,"reason":"unknown route: no","shortLink":"https://a.page.link/x"}],"#
            + #""unknownColumns":[],"unroutedAsWeb":0}"#)
        report.rejected[0].shortLink = nil
        #expect(try JSONValue.parse(report.json)["rejected"]?[0]?["shortLink"] == .null)
    }

    @Test func theInMemoryStoresBulkInsertKeepsTheContract() async throws {
        // The same contract as LinkStoreConformance.bulkInsert, for the store that lives here.
        let store = InMemoryLinkStore()
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        try await store.insert(SmartLink(code: "old", team: "t", route: "r", createdAt: date))
        _ = try await store.delete(code: "old", team: "t", at: date)
        let links = ["a", "b", "old", "a", "c"].enumerated().map { index, code in
            SmartLink(code: code, team: "t", route: "r\(index)", createdAt: date)
        }
        #expect(try await store.insert(contentsOf: links) == ["old", "a"])
        #expect(try await store.link(code: "a")?.route == "r0", "the first of a repeated code is written")
        #expect(try await store.link(code: "c")?.route == "r4")
        #expect(try await store.insert(contentsOf: []) == [])
        await store.setAvailable(false)
        await #expect(throws: StoreError.self) { try await store.insert(contentsOf: [SmartLink(code: "d", team: "t", route: "r", createdAt: date)]) }
    }
}
