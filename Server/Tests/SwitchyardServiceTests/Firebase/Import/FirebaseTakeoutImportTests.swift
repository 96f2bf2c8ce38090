import Foundation
import Hummingbird
import HummingbirdTesting
@_spi(SwitchyardService) import Switchyard
@testable import SwitchyardService
@testable import SwitchyardStore
import Testing

/// Google's Takeout export of two domains, every field filled and every documented edge (quotes,
/// commas and line ends inside fields, empty optional fields, an archived row, an unrouted deep
/// link, a suffix on both domains), imported, then opened over a socket as a desktop, an iPhone
/// without the app and with it (the app's resolve), an iPad, an Android phone and a crawler, on
/// every store (PostgreSQL when `SWITCHYARD_POSTGRES_URL` is set).
@Suite struct FirebaseTakeoutImportTests {
    /// example.page.link: lines 2–3 (the description holds a line end), 4, 5, 6, 7, 8.
    static let exampleDomain: TakeoutExport = {
        var forced = TakeoutExport.minimal(suffix: "forced1", deepLink: "https://shop.example.com/product/7")
        forced.fields["iOS fallback link"] = "https://www.example.org/ios-forced"
        forced.fields["Enable forced redirect?"] = "TRUE"
        forced.fields["Android package name"] = "com.example.shop"
        forced.fields["Link name"] = "Forced seven"
        var archived = TakeoutExport.minimal(suffix: "arch1", deepLink: "https://shop.example.com/about/team")
        archived.fields["Archived?"] = "TRUE"
        archived.fields["Link name"] = "Old team page"
        var foreignApp = TakeoutExport.minimal(suffix: "other1", deepLink: "https://shop.example.com/product/8")
        foreignApp.fields["iOS bundle ID"] = "com.other.app"
        foreignApp.fields["iOS custom scheme"] = "othershop"
        return TakeoutExport(rows: [
            TakeoutExport.full(suffix: "full1"),
            forced,
            archived,
            TakeoutExport.minimal(suffix: "typo1", deepLink: "https://shop.example.com/prodcut/9"),
            TakeoutExport.minimal(suffix: "min1", deepLink: "https://shop.example.com/about/team"),
            foreignApp,
        ])
    }()

    /// other.page.link: line 2, and line 3 reusing example.page.link's `full1`; a column no export has.
    static let otherDomain: TakeoutExport = {
        var order = TakeoutExport.minimal(suffix: "b1", deepLink: "https://shop.example.com/order/5", domain: "other.page.link")
        order.fields["Link name"] = "Order five"
        order.fields["Notes"] = "kept out"
        return TakeoutExport(rows: [order, TakeoutExport.full(suffix: "full1", domain: "other.page.link")], extra: ["Notes"])
    }()

    func importer(_ harness: Harness) throws -> FirebaseImporter {
        try FirebaseImporter(configuration: Harness.configuration(), store: harness.store, team: "shop", batchSize: 3,
                             now: { [clock = harness.clock] in clock.now })
    }

    @Test(arguments: StoreKind.available)
    func aTakeoutExportImportsAndOpensAsEachRowSays(kind: StoreKind) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("takeout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appendingPathComponent("a-example.csv").path
        let second = directory.appendingPathComponent("b-other.csv").path
        try Self.exampleDomain.text.write(toFile: first, atomically: true, encoding: .utf8)
        try Self.otherDomain.text.write(toFile: second, atomically: true, encoding: .utf8)

        try await Harness.live(kind) { client, harness in
            let dry = try await importer(harness).run(paths: [first, second], options: .init(dryRun: true))
            #expect(dry.summary == "6 imported, 0 already there, 2 rejected, 1 archived (imported disabled) (dry run: nothing written)")
            #expect(try await harness.store.link(code: "full1") == nil)

            let report = try await importer(harness).run(paths: [first, second])
            #expect(report.summary == "6 imported, 0 already there, 2 rejected, 1 archived (imported disabled)")
            #expect(report.rejected.map(\.description).count == 2)
            let unrouted = try #require(report.rejected.first)
            #expect(unrouted.file == first && unrouted.line == 6)
            #expect(unrouted.reason.hasPrefix("unknown route: no route in the route table matches 'link' "
                + "(https://shop.example.com/prodcut/9); the nearest routes are 'product/:product_id', "), "\(unrouted.reason)")
            #expect(unrouted.reason.hasSuffix("(--unrouted web imports it as a web link)"))
            #expect(report.rejected.last?.reason == "suffix on two domains: 'full1' is on example.page.link (\(first) line 2) "
                + "and on other.page.link (\(second) line 3), which land on one domain of this service: "
                + "add a domain for each (switchyard domains add) or map them apart with --domain-map")
            #expect(report.unknownColumns == ["'Notes' (\(second))"])
            #expect(report.notices.map(\.message) == [
                "'ibi' is 'com.other.app'; the route table's iOS bundle IDs are 'com.example.shop'",
                "'ius' is 'othershop'; the route table's schemes are 'shop'",
            ])
            #expect(report.notices.first?.line == 8)
            #expect(report.domains == [
                .init(domain: "example.page.link", file: first, baseURL: "https://go.example.com", rows: 6),
                .init(domain: "other.page.link", file: second, baseURL: "https://go.example.com", rows: 2),
            ])

            // Every stored field of the full row.
            let full = try #require(try await harness.store.link(code: "full1"))
            #expect(full.route == "product/:product_id" && full.routeParameters == ["product_id": "42"])
            #expect(full.queryParameters == ["ref": "takeout"])
            #expect(full.fallbacks == SmartLink.Fallbacks(
                ios: "https://www.example.org/ios", android: "https://www.example.org/android", web: "https://www.example.org/desktop",
                iPad: "https://www.example.org/ipad", appStore: "https://apps.apple.com/app/id1234567"))
            #expect(full.preview == SmartLink.Preview(title: "Red shoes, \"limited\"", description: "Line one,\nline two",
                                                      image: "https://cdn.example.org/s.png"))
            #expect(full.minimumVersions == SmartLink.MinimumVersions(ios: "2.1", android: "120"))
            #expect(full.campaign == ["utm_source": "newsletter", "utm_medium": "email", "utm_campaign": "spring", "utm_term": "shoes",
                                      "utm_content": "hero", "at": "1010l", "ct": "promo", "mt": "8", "pt": "123456"])
            #expect(full.label == "Spring shoes, hero" && !full.disabled && !full.forcedRedirect)
            #expect(full.createdAt == Date(timeIntervalSince1970: 1_683_195_630))

            // A desktop goes to the desktop fallback; a crawler gets the social preview.
            let desktop = try await client.open("full1", userAgent: Agents.desktop)
            #expect(desktop.status == .found && desktop.headers[.location] == "https://www.example.org/desktop")
            let crawler = try await client.open("full1", userAgent: Agents.crawlers[0]).text
            #expect(crawler.contains(#"<meta property="og:title" content="Red shoes, &quot;limited&quot;">"#), "\(crawler)")
            #expect(crawler.contains(#"<meta property="og:image" content="https://cdn.example.org/s.png">"#))
            #expect(crawler.contains("Line one,\nline two"))

            // An iPhone without the app: the page opens the deep link, offers the App Store (isi) and the ifl.
            let iPhone = try await client.open("full1", userAgent: Agents.iPhone)
            #expect(iPhone.status == .ok)
            #expect(iPhone.text.contains(#"id="open" href="https://shop.example.com/product/42?ref=takeout">Open in the app</a>"#), "\(iPhone.text)")
            #expect(iPhone.text.contains(#"id="get" href="https://apps.apple.com/app/id1234567">Get the app</a>"#))
            #expect(iPhone.text.contains(#"id="web" href="https://www.example.org/ios">Continue on the web</a>"#))
            // An iPad that says so gets its own fallback.
            let iPad = try await client.open("full1", userAgent: Agents.iPhone.replacingOccurrences(of: "iPhone; CPU iPhone OS", with: "iPad; CPU OS"))
            #expect(iPad.text.contains(#"id="web" href="https://www.example.org/ipad">Continue on the web</a>"#), "\(iPad.text)")
            // An iPhone with the app: iOS opens the app for the short link, and the app resolves it.
            let resolved = try await client.send(.get, "/api/v1/links/full1/resolve", key: Keys.app).json()
            #expect(resolved["route"] == "product/:product_id")
            #expect(resolved["routeParameters"]?["product_id"] == "42")
            #expect(resolved["queryParameters"]?["ref"] == "takeout")
            // Android: the intent, falling back to afl.
            let android = try await client.open("full1", userAgent: Agents.android)
            #expect(android.headers[.location]?.hasPrefix("intent://product/42?ref=takeout#Intent;scheme=shop;package=com.example.shop;"
                + "S.browser_fallback_url=https%3A%2F%2Fwww.example.org%2Fandroid;end") == true, "\(android.headers)")

            // efr: the iPhone goes straight to its fallback. Archived: 410. The minimal row: the deep link on the web.
            let forced = try await client.open("forced1", userAgent: Agents.iPhone)
            #expect(forced.status == .found && forced.headers[.location] == "https://www.example.org/ios-forced")
            #expect(try await client.open("arch1", userAgent: Agents.desktop).status == .gone)
            #expect(try await client.open("min1", userAgent: Agents.desktop).headers[.location] == "https://shop.example.com/about/team")
            #expect(try await client.open("b1", userAgent: Agents.desktop).headers[.location] == "https://shop.example.com/order/5")

            // The API shows the label and the Firebase fields, and searches labels.
            let shown = try await client.send(.get, "/api/v1/links/full1").json()
            #expect(shown["label"] == "Spring shoes, hero")
            #expect(shown["campaign"]?["utm_campaign"] == "spring")
            #expect(shown["minimumVersions"]?["ios"] == "2.1" && shown["minimumVersions"]?["android"] == "120")
            #expect(shown["fallbacks"]?["ipad"] == "https://www.example.org/ipad")
            #expect(shown["createdAt"] == "2023-05-04T10:20:30.000Z")
            #expect(try await client.send(.get, "/api/v1/links/arch1").json()["disabled"] == true)
            let found = try await client.send(.get, "/api/v1/links?q=SPRING").json()
            #expect(found["links"]?.arrayValue?.compactMap { $0["code"]?.stringValue } == ["full1"])

            // Again with --unrouted web: only the unrouted row is new, and it sends every platform to its deep link.
            let again = try await importer(harness).run(paths: [first, second], options: .init(unrouted: .web))
            #expect(again.summary == "1 imported, 6 already there, 1 rejected, 1 archived (imported disabled), "
                + "1 unrouted (imported as web links)")
            for agent in [Agents.desktop, Agents.iPhone, Agents.android] {
                let web = try await client.open("typo1", userAgent: agent)
                #expect(web.status == .found && web.headers[.location] == "https://shop.example.com/prodcut/9", "\(agent)")
            }
            let before = try await harness.store.list(team: "shop", limit: 100, cursor: nil).links
            let third = try await importer(harness).run(paths: [first, second], options: .init(unrouted: .web))
            #expect(third.imported == 0 && third.alreadyThere == 7)
            #expect(try await harness.store.list(team: "shop", limit: 100, cursor: nil).links == before)
        }
    }

    @Test func archivedRowsCanBeSkipped() async throws {
        try await Harness.live(.memory) { _, harness in
            let report = try await importer(harness).run(text: Self.exampleDomain.text, options: .init(archived: .skip))
            #expect(report.summary == "4 imported, 0 already there, 1 rejected, 1 archived (skipped)")
            #expect(try await harness.store.link(code: "arch1") == nil)
        }
    }

    @Test(arguments: [
        ("2023-05-04T10:20:30Z", 1_683_195_630.0), ("2023-05-04 10:20:30 UTC", 1_683_195_630), ("2023-05-04T12:20:30+02:00", 1_683_195_630),
        ("2023-05-04T10:20:30.250Z", 1_683_195_630.25), ("1683195630", 1_683_195_630), ("1683195630000", 1_683_195_630),
        ("2024-02-29 00:00:00", 1_709_164_800),
    ])
    func creationTimestamps(text: String, seconds: Double) {
        #expect(FirebaseTimestamp.date(text)?.timeIntervalSince1970 == seconds)
    }

    @Test(arguments: ["2023-02-29 10:00:00", "yesterday", "2023-05-04T25:00:00Z", "2023-05-04T10:20:30+2"])
    func creationTimestampsThatAreRefused(text: String) {
        #expect(FirebaseTimestamp.date(text) == nil)
    }

    /// The guide's labels, English and Japanese, each read as the same column as its bare label.
    @Test func theGuidesLabelsAreTheirParameters() throws {
        for labels in [TakeoutExport.guideLabels, TakeoutExport.japaneseLabels] {
            #expect(labels.count == 29)
            for (label, bare) in zip(labels, TakeoutExport.header) {
                let column = FirebaseExportColumn.named(label)
                #expect(column != nil && column == FirebaseExportColumn.named(bare), "\(label)")
            }
        }
        // Whatever words stand before the parameter: another language, an unknown wording, spaces.
        #expect(FirebaseExportColumn.named("Lien profond (link)") == .parameter("link"))
        #expect(FirebaseExportColumn.named("ディープリンク(link)") == .parameter("link"))
        #expect(FirebaseExportColumn.named("ディープリンク(link") == .parameter("link"))
        #expect(FirebaseExportColumn.named("  UTM source ( utm_source )  ") == .parameter("utm_source"))
        // A parenthesized word that is no parameter is not one, and a parameter inside a label is not at its end.
        #expect(FirebaseExportColumn.named("Notes (internal)") == nil)
        #expect(FirebaseExportColumn.named("(link) notes") == nil)
        #expect(FirebaseExportColumn.named("Short link (sl)") == nil)
    }

    /// Three rows under the guide's header (English in its order, English shuffled, Japanese with
    /// full-width parentheses, and the bare labels as before), imported and opened over a socket.
    @Test(arguments: StoreKind.available, ["guide", "guide shuffled", "japanese", "bare"])
    func threeRowsUnderEachHeaderImportAndOpen(kind: StoreKind, labeling: String) async throws {
        var forced = TakeoutExport.minimal(suffix: "g2", deepLink: "https://shop.example.com/product/7")
        forced.fields["iOS fallback link"] = "https://www.example.org/ios-forced"
        forced.fields["Enable forced redirect?"] = "TRUE"
        var export = TakeoutExport(rows: [
            TakeoutExport.full(suffix: "g1"), forced,
            TakeoutExport.minimal(suffix: "g3", deepLink: "https://shop.example.com/about/team"),
        ])
        switch labeling {
        case "guide shuffled":
            // Every 7th column, wrapping (7 and 29 are coprime): each column once, none in its place but the first.
            export.order = TakeoutExport.header.indices.map { $0 * 7 % TakeoutExport.header.count }
            #expect(export.order != Array(TakeoutExport.header.indices))
        case "japanese": export.labels = TakeoutExport.japaneseLabels
        case "bare": export.labels = TakeoutExport.header
        default: break
        }
        let text = export.text
        try await Harness.live(kind) { client, harness in
            let report = try await importer(harness).run(text: text)
            #expect(report.summary == "3 imported, 0 already there, 0 rejected", "\(labeling)")
            #expect(report.unknownColumns.isEmpty, "\(report.unknownColumns)")
            let full = try #require(try await harness.store.link(code: "g1"))
            #expect(full.route == "product/:product_id" && full.routeParameters == ["product_id": "42"])
            #expect(full.fallbacks.web == "https://www.example.org/desktop" && full.fallbacks.android == "https://www.example.org/android")
            #expect(full.campaign?["utm_source"] == "newsletter" && full.campaign?["at"] == "1010l")
            #expect(full.label == "Spring shoes, hero")
            #expect(full.createdAt == Date(timeIntervalSince1970: 1_683_195_630))
            #expect(try await client.open("g1", userAgent: Agents.desktop).headers[.location] == "https://www.example.org/desktop")
            let android = try await client.open("g1", userAgent: Agents.android)
            #expect(android.headers[.location]?.hasPrefix("intent://product/42?ref=takeout#Intent;scheme=shop;package=com.example.shop;") == true)
            let resolved = try await client.send(.get, "/api/v1/links/g1/resolve", key: Keys.app).json()
            #expect(resolved["routeParameters"]?["product_id"] == "42")
            let iPhone = try await client.open("g2", userAgent: Agents.iPhone)
            #expect(iPhone.status == .found && iPhone.headers[.location] == "https://www.example.org/ios-forced")
            #expect(try await client.open("g3", userAgent: Agents.desktop).headers[.location] == "https://shop.example.com/about/team")
        }
    }

    @Test func headersAreReadAsTheGuideAndTheParameterNamesWriteThem() throws {
        for header in TakeoutExport.header { #expect(FirebaseExportColumn.named(header) != nil, "\(header)") }
        for name in FirebaseLongLink.knownParameters { #expect(FirebaseExportColumn.named(name) == .parameter(name), "\(name)") }
        #expect(FirebaseExportColumn.named("Enable forced redirect?") == .parameter("efr"))
        #expect(FirebaseExportColumn.named("iOS app store ID") == .parameter("isi"))
        #expect(FirebaseExportColumn.named("Notes") == nil)
    }
}
