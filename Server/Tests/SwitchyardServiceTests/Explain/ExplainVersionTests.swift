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

    @Test func aLongLinkIsJudgedOnlyWhereTheOpenSendsTheVersion() async throws {
        let explainer = try LinkExplainer(configuration: Harness.configuration(), store: InMemoryLinkStore(), logger: Harness.logger)
        let explained = try await explainer.explain("https://go.example.com/?link=https://shop.example.com/order/5&imv=3.0&ifl=https://apps.apple.com/app/id1")
        #expect(explained.appVersions.map(\.platform) == ["ios", "android"])
        #expect(explained.appVersions[0].requiredVersion == "3.0" && explained.appVersions[0].source == "link")
        #expect(explained.appVersions[0].reason == "the link's own minimum version (3.0); a long link has no code to resolve: only an open that sends "
            + "Switchyard-App-Version is judged, and an older app's is redirected with the fallback https://apps.apple.com/app/id1; "
            + "a browser's open sends no app version, so the page or intent still offers the app")
        #expect(explained.appVersions[1].requiredVersion == "230" && explained.appVersions[1].source == "route")
    }
}
