import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Switchyard
@testable import SwitchyardService
import SwitchyardStore
import Testing

/// An app older than the stricter of a link's route `since` and the link's own minimum version
/// gets the fallback instead of the deep link, over a socket on every store: resolve and claim
/// answer `appTooOld`, redeem refuses and spends nothing, and the open path does the same for a
/// request that says its version. (The harness's `order` route is since iOS 2.3 and Android 230.)
@Suite struct AppVersionTests {
    static func version(_ value: String) -> HTTPFields { [AppVersionGate.header: value] }

    static let order = #"{"route": "order", "routeParameters": {"id": "7"}, "metadata": {"gift": true}, "redeemLimit": 2, "#
        + #""fallbacks": {"ios": "https://apps.apple.com/app/id1", "android": "https://play.google.com/store/apps/details?id=com.example.shop", "#
        + #""web": "https://shop.example.com/"}}"#

    @Test(arguments: StoreKind.available)
    func resolveAnswersAnAppTooOldWithTheFallback(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            let code = try #require(try await client.create(Self.order)["code"]?.stringValue)
            let at = "/api/v1/links/\(code)/resolve"
            for current in ["ios/2.3", "ios/2.10.1", "android/230"] {
                let resolved = try await client.send(.get, at, key: Keys.app, headers: Self.version(current)).json()
                #expect(resolved["appTooOld"] == false && resolved["url"] == "https://shop.example.com/order/7", "\(current)")
                #expect(resolved["requiredVersion"] == .null && resolved["redeemable"] == true)
            }
            let unversioned = try await client.send(.get, at, key: Keys.app).json()
            #expect(unversioned["appTooOld"] == false && unversioned["url"] == "https://shop.example.com/order/7")

            let ios = try await client.send(.get, at, key: Keys.app, headers: Self.version("ios/2.2.9")).json()
            #expect(ios["appTooOld"] == true && ios["requiredVersion"] == "2.3" && ios["fallback"] == "https://apps.apple.com/app/id1")
            #expect(ios["url"] == .null && ios["universalLink"] == .null && ios["schemeURL"] == .null)
            #expect(ios["redeemable"] == false && ios["code"]?.stringValue == code && ios["routeParameters"] == ["id": "7"])
            #expect(ios["remaining"] == 2 && ios["metadata"] == .null, "the redeem state, never the metadata")
            let android = try await client.send(.get, at, key: Keys.app, headers: Self.version("android/229")).json()
            #expect(android["appTooOld"] == true && android["requiredVersion"] == "230")
            #expect(android["fallback"] == "https://play.google.com/store/apps/details?id=com.example.shop")

            let malformed = try await client.send(.get, at, key: Keys.app, headers: Self.version("ios/2.x"))
            #expect(malformed.status == .badRequest)
            #expect(try malformed.json()["detail"]
                == "'Switchyard-App-Version' must be 'ios/' and dotted numbers (ios/2.3.1) or 'android/' and a version code (android/230), got 'ios/2.x'")
        }
    }

    @Test(arguments: StoreKind.available)
    func theStricterOfRouteAndLinkApplies(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            // A link on a route without since that needs iOS 3.1 itself; one on the order route (since 2.3) that needs 2.0.
            try await harness.store.insert(SmartLink(code: "ownMinimum", team: "shop", route: "product/:product_id", routeName: "product",
                                                     routeParameters: ["product_id": "42"], fallbacks: .init(web: "https://shop.example.com/"),
                                                     createdAt: harness.clock.now, minimumVersions: .init(ios: "3.1", android: "310")))
            try await harness.store.insert(SmartLink(code: "routeWins", team: "shop", route: "order/:id<int>", routeName: "order",
                                                     routeParameters: ["id": "1"], createdAt: harness.clock.now,
                                                     minimumVersions: .init(ios: "2.0")))
            let own = try await client.send(.get, "/api/v1/links/ownMinimum/resolve", key: Keys.app, headers: Self.version("ios/3.0")).json()
            #expect(own["appTooOld"] == true && own["requiredVersion"] == "3.1" && own["fallback"] == "https://shop.example.com/")
            let ownAndroid = try await client.send(.get, "/api/v1/links/ownMinimum/resolve", key: Keys.app, headers: Self.version("android/310")).json()
            #expect(ownAndroid["appTooOld"] == false)
            let route = try await client.send(.get, "/api/v1/links/routeWins/resolve", key: Keys.app, headers: Self.version("ios/2.1")).json()
            #expect(route["appTooOld"] == true && route["requiredVersion"] == "2.3" && route["fallback"] == .null)
        }
    }

    @Test(arguments: StoreKind.available)
    func redeemByAnAppTooOldSpendsNothing(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            let code = try #require(try await client.create(Self.order)["code"]?.stringValue)
            let refused = try await client.send(.post, "/api/v1/links/\(code)/redeem", key: Keys.app, json: installBody("install-old"),
                                                headers: Self.version("android/120"))
            #expect(refused.status == .conflict)
            let problem = try refused.json()
            #expect(problem["type"] == "https://switchyard.dev/problems/app-too-old")
            #expect(problem["detail"]?.stringValue == "link '\(code)' cannot be redeemed by this app: this app (android/120) is older than 230, which route 'order' "
                + "(since Android 230) needs; nothing was spent (resolve answers the fallback)")
            #expect(!refused.text.contains("gift"))
            let state = try await client.send(.get, "/api/v1/links/\(code)/resolve", key: Keys.app).json()
            #expect(state["remaining"] == 2, "nothing was spent")
            let updated = try await client.send(.post, "/api/v1/links/\(code)/redeem", key: Keys.app, json: installBody("install-old"),
                                                headers: Self.version("android/231"))
            #expect(updated.status == .ok)
            #expect(try updated.json()["metadata"] == ["gift": true])
        }
    }

    @Test(arguments: StoreKind.available)
    func aClaimByAnAppTooOldIsAnsweredWithTheFallback(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            let code = try #require(try await client.create(Self.order)["code"]?.stringValue)
            let claim = #"{"platform": "ios", "osVersion": "18.1", "code": "\#(code)"}"#
            let old = try await client.send(.post, "/api/v1/deferred/claim", key: Keys.app, json: claim, headers: Self.version("ios/1.9"))
            #expect(old.status == .ok)
            let answer = try old.json()
            #expect(answer["appTooOld"] == true && answer["fallback"] == "https://apps.apple.com/app/id1")
            #expect(answer["metadata"] == .null)
        }
    }

    @Test(arguments: StoreKind.available)
    func theOpenPathAppliesTheVersionOnlyWhereItIsSent(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            let code = try #require(try await client.create(Self.order)["code"]?.stringValue)
            let iPhone: HTTPFields = [.userAgent: LinkExplainer.userAgent("ios")]
            let browser = try await client.send(.get, "/\(code)", key: nil, headers: iPhone)
            #expect(browser.status == .ok, "a browser sends no version: the page offers the app")
            var oldApp = iPhone
            oldApp[AppVersionGate.header] = "ios/2.0"
            let tooOld = try await client.send(.get, "/\(code)", key: nil, headers: oldApp)
            #expect(tooOld.status == .found && tooOld.headers[.location] == "https://apps.apple.com/app/id1")
            var android: HTTPFields = [.userAgent: LinkExplainer.userAgent("android")]
            android[AppVersionGate.header] = "android/100"
            let play = try await client.send(.get, "/\(code)", key: nil, headers: android)
            #expect(play.headers[.location] == "https://play.google.com/store/apps/details?id=com.example.shop&referrer=switchyard_code%3D\(code)")
            // A malformed version on the open path is ignored: browsers are never refused.
            oldApp[AppVersionGate.header] = "nonsense"
            #expect(try await client.send(.get, "/\(code)", key: nil, headers: oldApp).status == .ok)
        }
    }

    @Test(arguments: StoreKind.available)
    func aLongLinksOwnMinimumVersionAppliesOnItsOpen(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            let long = "/?link=https://shop.example.com/order/5&imv=3.0&ifl=https://apps.apple.com/app/id1"
            var headers: HTTPFields = [.userAgent: LinkExplainer.userAgent("ios")]
            #expect(try await client.send(.get, long, key: nil, headers: headers).status == .ok)
            headers[AppVersionGate.header] = "ios/2.9"
            let tooOld = try await client.send(.get, long, key: nil, headers: headers)
            #expect(tooOld.status == .found && tooOld.headers[.location] == "https://apps.apple.com/app/id1",
                    "older than the link's imv (3.0), though newer than the route's since (2.3)")
            headers[AppVersionGate.header] = "ios/3.0"
            #expect(try await client.send(.get, long, key: nil, headers: headers).status == .ok)
        }
    }
}
