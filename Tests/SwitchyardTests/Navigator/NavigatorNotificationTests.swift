import Foundation
import Switchyard
import Synchronization
import Testing

/// Tapped notifications: which actions route, where the link is found, and the payload handed on.
@Suite struct NavigatorNotificationTests {
    final class Seen: Sendable {
        private let links = Mutex<[DeepLink]>([])
        func add(_ link: DeepLink) { links.withLock { $0.append(link) } }
        var all: [DeepLink] { links.withLock { $0 } }
        func wait(for count: Int) async -> [DeepLink] {
            for _ in 0..<10_000 where all.count < count { await Task.yield() }
            return all
        }
    }

    static func navigator(_ seen: Seen) throws -> Navigator {
        let router = try Router(schemes: ["shop"])
        try router.map("orders/:id") { seen.add($0) }
        return Navigator(routers: [router], waitsUntilReady: false)
    }

    @Test func onlyTheDefaultActionRoutesUnlessTheAppSaysOtherwise() async throws {
        let seen = Seen()
        let navigator = try Self.navigator(seen)
        let outcomes = OutcomeRecorder(navigator)
        let payload: [AnyHashable: Any] = ["url": "shop://orders/1"]
        #expect(!navigator.handle(pushPayload: payload, actionIdentifier: "MARK_AS_READ"))
        #expect(!navigator.handle(pushPayload: payload, actionIdentifier: "com.apple.UNNotificationDismissActionIdentifier"))
        #expect(!navigator.handle(LaunchLinks(notificationPayload: payload, notificationAction: "MARK_AS_READ")))
        #expect(outcomes.all.isEmpty, "an action that does not route is not a link")
        #expect(navigator.handle(pushPayload: payload, actionIdentifier: Navigator.defaultNotificationAction))
        navigator.notificationActions.insert("VIEW_ORDER")
        #expect(navigator.handle(pushPayload: ["url": "shop://orders/2"], actionIdentifier: "VIEW_ORDER"))
        #expect(await seen.wait(for: 2).map(\.url) == ["shop://orders/1", "shop://orders/2"])
    }

    @Test(arguments: [
        (#"{"aps": {"url": "shop://orders/1"}}"#, "shop://orders/1"),
        (#"{"aps": {"alert": "x", "deeplink": "shop://orders/2"}}"#, "shop://orders/2"),
        (#"{"deeplink": "shop://orders/3"}"#, "shop://orders/3"),
        (#"{"deep_link": "shop://orders/4"}"#, "shop://orders/4"),
        (#"{"link": "shop://orders/5"}"#, "shop://orders/5"),
        (#"{"data": {"deeplink": "shop://orders/6"}}"#, "shop://orders/6"),
        (#"{"data": {"link": "shop://orders/7"}, "link": ""}"#, "shop://orders/7"),
        (#"{"url": "shop://orders/8", "link": "shop://orders/9"}"#, "shop://orders/8"),
        (#"{"data": "not an object"}"#, nil),
    ] as [(String, String?)])
    func theBuiltInKeysAreReadInTheirDocumentedOrder(json: String, expected: String?) throws {
        let payload = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [AnyHashable: Any])
        #expect(Navigator.link(inPushPayload: payload) == expected)
        #expect(Navigator.link(inPushPayloadJSON: Data(json.utf8)) == expected, "the JSON form reads the same keys")
    }

    @Test func thePayloadIsHandedToTheDestinationAsMetadata() async throws {
        let seen = Seen()
        let navigator = try Self.navigator(seen)
        #expect(navigator.handle(pushPayload: [
            "aps": ["alert": "Your order shipped", "url": "shop://orders/7"], "campaign": "spring", "total": 12,
        ]))
        let link = try #require(await seen.wait(for: 1).first)
        #expect(link.source == .push)
        #expect(link.metadata?["campaign"] == "spring")
        #expect(link.metadata?["total"] == 12)
        #expect(link.metadata?["aps"]?["alert"] == "Your order shipped")
    }

    @Test func aPayloadMapperFindsALinkOfItsOwnShape() async throws {
        let seen = Seen()
        let navigator = try Self.navigator(seen)
        navigator.pushLink = { payload, _ in (payload["order_id"] as? String).map { "shop://orders/\($0)" } }
        #expect(navigator.handle(pushPayload: ["order_id": "42"]))
        #expect(!navigator.handle(pushPayload: ["url": "shop://orders/1"]), "the mapper replaces the built-in keys")
        #expect(await seen.wait(for: 1).map(\.url) == ["shop://orders/42"])
    }

    @Test func theMapperSeesTheActionSoAnActionChoosesItsLink() async throws {
        let seen = Seen()
        let navigator = try Self.navigator(seen)
        let actions = Mutex<[String]>([])
        navigator.notificationActions.insert("TRACK")
        navigator.pushLink = { payload, action in
            actions.withLock { $0.append(action) }
            let order = payload["order_id"] as? String ?? ""
            return action == "TRACK" ? "shop://orders/\(order)-tracking" : "shop://orders/\(order)"
        }
        #expect(navigator.handle(pushPayload: ["order_id": "42"], actionIdentifier: "TRACK"))
        #expect(navigator.handle(pushPayload: ["order_id": "43"]))
        #expect(await seen.wait(for: 2).map(\.url) == ["shop://orders/42-tracking", "shop://orders/43"])
        #expect(actions.withLock { $0 } == ["TRACK", Navigator.defaultNotificationAction])
    }
}
