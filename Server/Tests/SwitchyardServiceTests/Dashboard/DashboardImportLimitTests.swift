import Foundation
import Hummingbird
import HummingbirdTesting
@_spi(SwitchyardService) import Switchyard
@testable import SwitchyardService
import Testing

/// The dashboard's import goes through the team's create limit, one token per new link, and sends
/// one `link.created` event per link written, over a real socket to a real receiver.
@Suite struct DashboardImportLimitTests {
    /// Five links, `imp1` to `imp5`.
    static let export = "Short link,Long link\r\n" + (1...5).map { index in
        "https://example.page.link/imp\(index),https://example.page.link/?link=https://shop.example.com/product/\(index)\r\n"
    }.joined()

    @Test(arguments: StoreKind.available)
    func anImportUnderATightCreateRateStopsAtTheRateAndReportsEachLink(kind: StoreKind) async throws {
        let receiver = try WebhookReceiver()
        defer { receiver.stop() }
        var configuration = WebhookTests.configuration()
        // The test moves the service's clock 60 s and then 30 s while deliveries may be in flight:
        // a delivery's lease (twice the timeout and a second) must outlast both jumps, or the
        // dispatcher claims an unanswered delivery again and the receiver gets its event twice; and
        // a retry would wait on a clock that no longer moves. A run here waited out its 3 minutes so.
        configuration.webhooks.timeout = .seconds(60)
        // Three tokens, one every 30 s: the webhook's creation spends one, the import two.
        configuration.limits.createRate = RateLimit(3, perSeconds: 90)
        try await Harness.live(kind, configuration: configuration) { client, harness in
            _ = try await WebhookTests.subscribe(client, receiver, events: #"["link.created"]"#)
            let browser = DashboardClient(client)
            let csrf = try await browser.signIn()
            let page = try await DashboardImportTests().upload(browser, parts: [("csrf", nil, csrf), ("file", "links.csv", Self.export)])
            #expect(page.status == .ok)
            #expect(page.text.contains("2 imported, 0 already there, 3 rejected"), "\(page.text)")
            #expect(page.text.contains("over the team&#39;s create rate: import the file again in 30 s to import the rest")
                || page.text.contains("over the team's create rate: import the file again in 30 s to import the rest"))
            var stored: [String] = []
            for index in 1...5 where try await harness.store.link(code: "imp\(index)") != nil { stored.append("imp\(index)") }
            #expect(stored == ["imp1", "imp2"])
            // The import spent the team's budget: the API is refused too.
            #expect(try await client.send(.post, "/api/v1/links", json: #"{"route": "about/team"}"#).status == .tooManyRequests)
            try await eventually("a link.created event per imported link") {
                Set(try receiver.verifiedEvents().compactMap { $0["data"]?["code"]?.stringValue }) == ["imp1", "imp2"]
            }
            #expect(try receiver.verifiedEvents().allSatisfy { $0["type"] == "link.created" })

            // A minute later the same file finishes the job: the links already there cost nothing.
            harness.clock.advance(by: 60)
            let again = try await DashboardImportTests().upload(browser, parts: [("csrf", nil, csrf), ("file", "links.csv", Self.export)])
            #expect(again.text.contains("2 imported, 2 already there, 1 rejected"), "\(again.text)")
            harness.clock.advance(by: 30)
            let last = try await DashboardImportTests().upload(browser, parts: [("csrf", nil, csrf), ("file", "links.csv", Self.export)])
            #expect(last.text.contains("1 imported, 4 already there, 0 rejected"), "\(last.text)")
            try await eventually("one event per link, each once") {
                try receiver.verifiedEvents().compactMap { $0["data"]?["code"]?.stringValue }.sorted()
                    == ["imp1", "imp2", "imp3", "imp4", "imp5"]
            }
        }
    }
}
