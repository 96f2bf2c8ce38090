import Foundation
import Hummingbird
import HummingbirdTesting
@_spi(SwitchyardService) import Switchyard
import SwitchyardService
import Testing

/// A link's label over the admin API: set on create, shown, and searched by the list's `q`
/// (labels and codes, ASCII letters without case, page by page with the cursor).
@Suite struct LinkLabelTests {
    @Test(arguments: StoreKind.available)
    func labelsAreShownAndSearched(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            for (index, label) in ["Spring sale", "Summer", "spring boots", "Autumn"].enumerated() {
                harness.clock.advance(by: 1)
                let created = try await client.create(#"{"route": "product", "routeParameters": {"product_id": "\#(index)"}, "#
                    + #""alias": "lbl\#(index)", "label": "\#(label)"}"#)
                #expect(created["label"]?.stringValue == label)
                #expect(created["disabled"] == false && created["forcedRedirect"] == false && created["campaign"] == .null)
            }
            let first = try await client.send(.get, "/api/v1/links?q=SPRING&limit=1").json()
            #expect(first["links"]?[0]?["code"] == "lbl2")
            let cursor = try #require(first["nextCursor"]?.stringValue)
            let second = try await client.send(.get, "/api/v1/links?q=SPRING&limit=1&cursor=\(cursor)").json()
            #expect(second["links"]?[0]?["code"] == "lbl0")
            #expect(second["nextCursor"] == .null)
            let byCode = try await client.send(.get, "/api/v1/links?q=lbl3").json()
            #expect(byCode["links"]?[0]?["label"] == "Autumn")
            let everything = try await client.send(.get, "/api/v1/links?q=").json()
            #expect(everything["links"]?[3] != nil, "an empty q lists every link")

            let long = try await client.send(.get, "/api/v1/links?q=" + String(repeating: "a", count: 257))
            #expect(long.status == .badRequest)
            #expect(try long.json()["detail"] == "'q' is longer than 256 bytes")
            let tooLong = try await client.send(.post, "/api/v1/links",
                                                json: #"{"route": "about/team", "label": "\#(String(repeating: "x", count: 257))"}"#)
            #expect(tooLong.status == .badRequest)
            #expect(try tooLong.json()["detail"] == "'label' is longer than 256 bytes")
        }
    }
}
