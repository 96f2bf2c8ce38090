import Foundation
import Hummingbird
import HummingbirdTesting
import Switchyard
@testable import SwitchyardService
import SwitchyardStore
import Testing

/// `explain` lists the app versions a link needs (the stricter of its route's `since` and its own
/// minimum version) and what an older app gets, over the explain endpoint on every store.
@Suite struct ExplainVersionTests {
    @Test(arguments: StoreKind.available)
    func theVersionCasesAreListed(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            // The order route is since iOS 2.3 and Android 230; this link needs iOS 2.3 itself too, and Android 300.
            try await harness.store.insert(SmartLink(code: "versioned", team: "shop", route: "order/:id<int>", routeName: "order",
                                                     routeParameters: ["id": "5"],
                                                     fallbacks: .init(android: "https://play.google.com/store/apps/details?id=com.example.shop",
                                                                      web: "https://shop.example.com/"),
                                                     createdAt: harness.clock.now, minimumVersions: .init(ios: "2.3.0", android: "300")))
            let explained = try await client.send(.get, "/api/v1/links/versioned/explain")
            #expect(explained.status == .ok)
            let versions = try #require(try explained.json()["appVersions"]?.arrayValue)
            #expect(versions.map { $0["platform"] } == ["ios", "android"])
            #expect(versions[0]["requiredVersion"] == "2.3" && versions[0]["source"] == "route-and-link")
            #expect(versions[0]["fallback"] == "https://shop.example.com/")
            #expect(versions[1]["requiredVersion"] == "300" && versions[1]["source"] == "link")
            #expect(versions[1]["fallback"] == "https://play.google.com/store/apps/details?id=com.example.shop")
            #expect(versions[1]["reason"]?.stringValue?.hasPrefix("the link's own minimum version (300); an older app's resolve and claim answer appTooOld") == true)

            let plain = try await client.create(#"{"route": "product", "routeParameters": {"product_id": "1"}}"#)
            let code = try #require(plain["code"]?.stringValue)
            #expect(try await client.send(.get, "/api/v1/links/\(code)/explain").json()["appVersions"] == [])
        }
    }
}
