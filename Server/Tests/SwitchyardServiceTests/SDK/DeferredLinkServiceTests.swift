import Foundation
import Hummingbird
import HummingbirdTesting
import Switchyard
import Synchronization
import Testing

/// A tap carried through an install, end to end: the page's copy on the pasteboard, or the
/// service's heuristic match where the app opted in.
@Suite struct DeferredLinkServiceTests {
    struct Pasteboard: DeferredLinkPasteboard {
        let text: String?
        func hasProbableWebURL() async -> Bool { text != nil }
        func string() async -> String? { text }
    }

    static func deferred(port: Int, log: SmartLinkNavigationTests.Log, pasteboard: String?,
                         heuristic: DeferredLinks.HeuristicClaim? = nil) throws -> DeferredLinks {
        let (navigator, client, _) = try SmartLinkNavigationTests.app(port: port, log: log)
        return DeferredLinks(navigator: navigator, client: client, pasteboard: Pasteboard(text: pasteboard),
                             ledger: InMemoryDeferredLinkLedger(), heuristicClaim: heuristic)
    }

    @Test(arguments: StoreKind.available)
    func theCopiedShortLinkOpensOnFirstLaunchOnce(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            let port = try #require(client.port)
            let code = try #require(try await client.create(SmartLinkNavigationTests.product)["code"]?.stringValue)
            let log = SmartLinkNavigationTests.Log()
            let copied = "http://127.0.0.1:\(port)/\(code)?\(DeferredLinks.copiedMarker)=\(Int(Date().timeIntervalSince1970) - 30)"
            let deferred = try Self.deferred(port: port, log: log, pasteboard: copied)
            guard case .opened(.opened(let link)) = await deferred.openOnFirstLaunch() else { Issue.record("not opened"); return }
            #expect(link.source == .deferred)
            #expect(link.metadata == ["coupon": "SAVE20"])
            #expect(link.smartLink?.match == .exact, "the copied short link is the code itself")
            #expect(log.all == ["handler product/:product_id", "product 42 deferred SAVE20"])
            guard case .alreadyChecked = await deferred.openOnFirstLaunch() else { Issue.record("opened twice"); return }
            #expect(log.all.count == 2)
        }
    }

    @Test(arguments: StoreKind.available)
    func aHeuristicClaimOpensTheLinkThisDeviceTapped(kind: StoreKind) async throws {
        var configuration = Harness.configuration()
        configuration.deferredWindow = .seconds(3600)
        try await Harness.live(kind, configuration: configuration) { client, _ in
            let port = try #require(client.port)
            // A coupon link demands an exact match by default: this one allows a heuristic one.
            let code = try #require(try await client.create(
                #"{"route": "product", "routeParameters": {"product_id": "42"}, "metadata": {"coupon": "SAVE20"}, "deferredMatch": "any"}"#
            )["code"]?.stringValue)
            _ = try await client.open(code, userAgent: Agents.iPhone, headers: [.acceptLanguage: "en-US,en;q=0.8"])
            let claim = DeferredLinks.HeuristicClaim(platform: "ios", osVersion: "17.4", language: "en-US")

            // Not opted in: the service is never asked, and the open stays claimable.
            let log = SmartLinkNavigationTests.Log()
            guard case .nothingFound = await (try Self.deferred(port: port, log: log, pasteboard: nil)).openOnFirstLaunch() else {
                Issue.record("claimed without opting in"); return
            }
            let outcome = await (try Self.deferred(port: port, log: log, pasteboard: "some text", heuristic: claim)).openOnFirstLaunch()
            guard case .opened(.opened(let link)) = outcome else { Issue.record("got \(outcome)"); return }
            #expect(link.source == .deferred)
            #expect(link.smartLink == .heuristic, "the app can tell a guess from the copied link")
            #expect(link.smartLink?.code == nil && link.metadata == nil)
            #expect(log.all == ["handler product/:product_id", "product 42 deferred -"], "a guess opens the route without the coupon")
            // Consumed: another install finds nothing.
            guard case .nothingFound = await (try Self.deferred(port: port, log: log, pasteboard: nil, heuristic: claim)).openOnFirstLaunch()
            else { Issue.record("claimed twice"); return }
        }
    }
}
