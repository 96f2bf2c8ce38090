import Foundation
import Hummingbird
import HummingbirdTesting
@_spi(SwitchyardService) import Switchyard
@testable import SwitchyardService
@testable import SwitchyardStore
import Testing

/// Two Takeout files of one Firebase project with the same suffix on both domains, imported onto
/// two link domains of the service in one run, then opened over a socket on each host, on every
/// store (issue 53).
@Suite struct FirebaseDomainImportTests {
    @Test(arguments: StoreKind.available)
    func theSameSuffixOnTwoDomainsImportsAsTwoLinks(kind: StoreKind) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("takeout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var onPageLink = TakeoutExport.minimal(suffix: "spring", deepLink: "https://shop.example.com/product/1")
        onPageLink.fields["Desktop fallback link"] = "https://www.example.org/one"
        var onCustom = TakeoutExport.minimal(suffix: "spring", deepLink: "https://shop.example.com/product/2", domain: "promo.shop.example")
        onCustom.fields["Desktop fallback link"] = "https://www.example.org/two"
        let first = directory.appendingPathComponent("example.page.link.csv").path
        let second = directory.appendingPathComponent("promo.shop.example.csv").path
        try TakeoutExport(rows: [onPageLink]).text.write(toFile: first, atomically: true, encoding: .utf8)
        try TakeoutExport(rows: [onCustom]).text.write(toFile: second, atomically: true, encoding: .utf8)

        try await Harness.live(kind) { client, harness in
            for host in ["links.shop.example", "promo.shop.example"] {
                #expect(try await client.send(.post, "/api/v1/domains", json: #"{"host": "\#(host)"}"#).status == .created)
            }
            let importer = try FirebaseImporter(configuration: Harness.configuration(), store: harness.store, team: "shop",
                                                now: { [clock = harness.clock] in clock.now })
            let options = FirebaseImporter.Options(domainMap: ["example.page.link": "links.shop.example"])
            let report = try await importer.run(paths: [first, second], options: options)
            #expect(report.summary == "2 imported, 0 already there, 0 rejected")
            #expect(report.domains == [
                .init(domain: "example.page.link", file: first, baseURL: "https://links.shop.example", rows: 1),
                .init(domain: "promo.shop.example", file: second, baseURL: "https://promo.shop.example", rows: 1),
            ])
            for (host, page) in [("links.shop.example", "one"), ("promo.shop.example", "two")] {
                let opened = try await client.open("spring", host: host, userAgent: Agents.desktop)
                #expect(opened.headers[.location] == "https://www.example.org/\(page)", "\(host)")
            }
            let again = try await importer.run(paths: [first, second], options: options)
            #expect(again.summary == "0 imported, 2 already there, 0 rejected")
        }
    }
}
