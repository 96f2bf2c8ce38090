import Foundation
import Hummingbird
import HummingbirdTesting
import Switchyard
@testable import SwitchyardService
import SwitchyardStore
import Testing

/// A Firebase Dynamic Links long link is explained as `GET /?link=` answers it.
@Suite struct ExplainLongLinkTests {
    @Test func aLongLinkIsExplainedAsItIsOpened() async throws {
        let query = "?link=https://shop.example.com/product/42&apn=com.example.shop&isi=1234567&ifl=https://apps.apple.com/app/id1234567"
        try await Harness.live(.memory) { client, harness in
            let explainer = LinkExplainer(service: try makeService(configuration: Harness.configuration(), store: harness.store,
                                                                   logger: Harness.logger))
            let explanation = try await explainer.explain("https://go.example.com/" + query)
            #expect(explanation.kind == "long-link" && explanation.code == nil)
            #expect(explanation.route?.pattern == "product/:product_id" && explanation.route?.parameters == ["product_id": "42"])
            #expect(explanation.warnings.map(\.code) == ["unclaimed-path", "unclaimed-path"], "neither file claims /")
            for entry in explanation.cases {
                #expect(entry.claim == nil && entry.deferred.path != "install-referrer" && entry.deferred.path != "heuristic")
                let opened = try await client.open(query, userAgent: ExplainTests.agent(entry.platform))
                #expect(Int(opened.status.code) == entry.status && opened.headers[.location] == entry.location,
                        "\(entry.platform)/\(entry.app ?? "-")")
            }
        }
        await #expect(throws: LinkExplainer.Failure.self) {
            try await ExplainTests.explainer.explain("https://go.example.com/?link=https://evil.example.net/")
        }
    }
}
