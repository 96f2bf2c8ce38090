import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import Switchyard
import Synchronization
import Testing

/// The first-launch decisions for deferred deep links, on Linux: once per install, the pasteboard
/// read only when a web URL is likely there, only fresh short links of the service accepted.
/// (Opening an accepted link goes through the link service: `SmartLinkNavigationTests` in Server.)
@Suite struct DeferredLinksTests {
    /// A pasteboard that counts what was asked of it.
    final class FakePasteboard: DeferredLinkPasteboard {
        let text: String?
        let detects: Bool
        private let reads = Mutex(0)
        init(_ text: String?, detects: Bool = true) {
            self.text = text
            self.detects = detects
        }
        var readCount: Int { reads.withLock { $0 } }
        func hasProbableWebURL() async -> Bool { detects }
        func string() async -> String? {
            reads.withLock { $0 += 1 }
            return text
        }
    }

    struct BrokenLedger: DeferredLinkLedger {
        struct Failure: Error {}
        func checkedAt() throws -> Date? { nil }
        func recordCheck(at date: Date) throws { throw Failure() }
        func keptLink() throws -> String? { nil }
        func keepLink(_ link: String?) throws {}
    }

    static let now = Date(timeIntervalSince1970: 1_900_000_000)
    static let client = SmartLinkClient(service: URL(string: "https://go.example.com")!, appKey: "k",
                                        table: try! RouteTable(["product/:id"], hosts: ["shop.example.com"]))

    static func deferred(_ pasteboard: FakePasteboard, ledger: any DeferredLinkLedger = InMemoryDeferredLinkLedger(),
                         maximumAge: TimeInterval = 3600) -> DeferredLinks {
        DeferredLinks(navigator: Navigator(routers: [], waitsUntilReady: false), client: client, pasteboard: pasteboard, ledger: ledger,
                      maximumAge: maximumAge, now: { now })
    }

    static func copied(_ url: String, secondsAgo: Double) -> String {
        "\(url)?\(DeferredLinks.copiedMarker)=\(Int(now.timeIntervalSince1970 - secondsAgo))"
    }

    @Test(arguments: [
        (copied("https://go.example.com/Ab3dE9xQ", secondsAgo: 60), "https://go.example.com/Ab3dE9xQ"),
        (" " + copied("https://GO.example.com/Ab3dE9xQ", secondsAgo: 3600) + "\n", "https://GO.example.com/Ab3dE9xQ"),
    ])
    func aFreshShortLinkOfTheServiceIsAccepted(text: String, expected: String) throws {
        let result = Self.deferred(FakePasteboard(nil)).shortLink(in: text, at: Self.now)
        #expect(try result.get() == expected)
    }

    @Test(arguments: [
        ("hello there", "not a short link of https://go.example.com", .notAShortLink),
        ("https://evil.example.com/Ab3dE9xQ?sy_copied=1900000000", "not a short link of https://go.example.com", .notAShortLink),
        ("http://go.example.com/Ab3dE9xQ?sy_copied=1900000000", "not a short link of https://go.example.com", .notAShortLink),
        ("https://go.example.com/api/v1/links?sy_copied=1900000000", "not a short link of https://go.example.com", .notAShortLink),
        ("https://go.example.com/Ab3dE9xQ", "the short link was not copied by the link's page", .notCopiedByPage),
        ("https://go.example.com/Ab3dE9xQ?sy_copied=soon", "the short link was not copied by the link's page", .notCopiedByPage),
        ("https://go.example.com/Ab3dE9xQ?sy_copied=1&sy_copied=2", "the short link was not copied by the link's page", .notCopiedByPage),
        ("https://go.example.com/Ab3dE9xQ?sy_copied=1899990000", "the short link was copied 10000 s ago, more than 3600 s", .stale),
        ("https://go.example.com/Ab3dE9xQ?sy_copied=1900001000", "the short link was copied -1000 s ago, more than 3600 s", .stale),
    ] as [(String, String, DeferredLinks.Refusal.Code)])
    func anythingElseIsIgnoredWithTheReason(text: String, reason: String, code: DeferredLinks.Refusal.Code) async {
        let pasteboard = FakePasteboard(text)
        let deferred = Self.deferred(pasteboard)
        #expect(throws: DeferredLinks.Refusal(code, message: reason)) { try deferred.shortLink(in: text, at: Self.now).get() }
        guard case .ignored(let why) = await deferred.openOnFirstLaunch() else { Issue.record("not ignored"); return }
        #expect(why == reason)
    }

    @Test func theCheckRunsOncePerInstall() async throws {
        let ledger = InMemoryDeferredLinkLedger()
        let pasteboard = FakePasteboard("nothing useful")
        let deferred = Self.deferred(pasteboard, ledger: ledger)
        guard case .ignored = await deferred.openOnFirstLaunch() else { Issue.record("first launch"); return }
        #expect(try ledger.checkedAt() == Self.now)
        guard case .alreadyChecked(let date) = await deferred.openOnFirstLaunch() else { Issue.record("second launch"); return }
        #expect(date == Self.now)
        #expect(pasteboard.readCount == 1, "the second launch does not even look")
    }

    @Test func thePasteboardIsReadOnlyWhenAWebURLIsLikely() async {
        let pasteboard = FakePasteboard(Self.copied("https://go.example.com/Ab3dE9xQ", secondsAgo: 1), detects: false)
        guard case .nothingFound = await Self.deferred(pasteboard).openOnFirstLaunch() else { Issue.record("opened"); return }
        #expect(pasteboard.readCount == 0)
    }

    @Test func aLedgerThatCannotRecordIsReported() async {
        let pasteboard = FakePasteboard("nothing useful")
        guard case .ledgerFailed = await Self.deferred(pasteboard, ledger: BrokenLedger()).openOnFirstLaunch() else {
            Issue.record("the failed record was not reported"); return
        }
    }

    @Test func withoutAPasteboardNothingIsRead() async {
        let deferred = DeferredLinks(navigator: Navigator(routers: []), client: Self.client, ledger: InMemoryDeferredLinkLedger())
        #expect(deferred.pasteboard == nil)
        guard case .nothingFound = await deferred.openOnFirstLaunch() else { Issue.record("expected nothing found"); return }
    }

    /// A first launch without network: the service is unreachable (a port nothing listens on), so
    /// the answer is not final and the ledger stays empty; the next launch tries again.
    @Test func anOfflineFirstLaunchIsNotRecordedAndTriesAgain() async throws {
        let offline = SmartLinkClient(service: URL(string: "http://127.0.0.1:1")!, appKey: "k",
                                      table: try RouteTable(["product/:id"]))
        let navigator = Navigator(routers: [], waitsUntilReady: false)
        navigator.smartLinks = SmartLinkRouting(client: offline)
        let ledger = InMemoryDeferredLinkLedger()
        let pasteboard = FakePasteboard("http://127.0.0.1:1/Ab3dE9xQ?sy_copied=\(Int(Self.now.timeIntervalSince1970))")
        let deferred = DeferredLinks(navigator: navigator, client: offline, pasteboard: pasteboard, ledger: ledger,
                                     now: { Self.now })
        for launch in 1...2 {
            let outcome = await deferred.openOnFirstLaunch()
            guard case .awaitingService(let error, .unresolvedSmartLink(_, let reported)) = outcome else {
                Issue.record("got \(outcome)"); return
            }
            #expect(error.code == .transport && reported == error)
            #expect(!outcome.isFinal)
            #expect(try ledger.checkedAt() == nil, "launch \(launch): nothing recorded")
            #expect(try ledger.keptLink() == "http://127.0.0.1:1/Ab3dE9xQ", "launch \(launch): the link is kept")
        }
        #expect(pasteboard.readCount == 1, "the second launch tried the kept link, without reading the pasteboard")
        guard case .ignored = await deferred.openPasted("hello") else { Issue.record("expected ignored"); return }
        #expect(try ledger.checkedAt() == nil, "pasted text that is no link leaves the kept link waiting")
        #expect(try ledger.keptLink() != nil)
    }

    @Test func theFileLedgerSurvivesARestartAndIsPrivate() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/deferred"
        #expect(try FileDeferredLinkLedger(path: path).checkedAt() == nil)
        try FileDeferredLinkLedger(path: path).recordCheck(at: Self.now)
        #expect(try FileDeferredLinkLedger(path: path).checkedAt() == Self.now)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try FileDeferredLinkLedger(path: path).keptLink() == nil)
        try FileDeferredLinkLedger(path: path).keepLink("https://go.example.com/Ab3dE9xQ")
        #expect(try FileDeferredLinkLedger(path: path).keptLink() == "https://go.example.com/Ab3dE9xQ")
        let linkAttributes = try FileManager.default.attributesOfItem(atPath: path + ".link")
        #expect((linkAttributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        try FileDeferredLinkLedger(path: path).keepLink(nil)
        #expect(try FileDeferredLinkLedger(path: path).keptLink() == nil)
    }
}

/// The example app's deferred link (Examples/ShopApp: `onFailure: .openDefaultRoute`, a file
/// ledger, `openOnFirstLaunch()` once the root screen is up) on a first launch without network:
/// the accepted short link is kept and tried again until the service answers, and the default
/// route opened meanwhile does not end the check.
@Suite struct DeferredLinkOfflineFirstLaunchTests {
    /// A link service that is offline (no connection) for the hosts listed, and otherwise
    /// resolves every code to the shop's product 42.
    final class FlakyService: URLProtocol {
        static let offline = Mutex<Set<String>>([])
        static let resolves = Mutex<[String: Int]>([:])
        /// Every request, answered or not.
        static let requests = Mutex<[String: Int]>([:])
        override class func canInit(with request: URLRequest) -> Bool { true }
        override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }
        override func stopLoading() {}
        override func startLoading() {
            let url = request.url!, host = url.host!
            let offline = Self.offline.withLock { $0.contains(host) }
            Self.requests.withLock { $0[host, default: 0] += 1 }
            guard !offline else {
                client?.urlProtocol(self, didFailWithError: URLError(.notConnectedToInternet))
                return
            }
            Self.resolves.withLock { $0[host, default: 0] += 1 }
            let body = #"{"code": "Ab3dE9xQ", "url": "https://shop.example.com/product/42", "route": "product/:id<int>", "match": "exact", "metadata": {"coupon": "WELCOME"}}"#
            client?.urlProtocol(self, didReceive: HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: nil)!,
                                cacheStoragePolicy: .notAllowed)
            client?.urlProtocol(self, didLoad: Data(body.utf8))
            client?.urlProtocolDidFinishLoading(self)
        }
    }

    static let now = Date(timeIntervalSince1970: 1_900_000_000)

    /// One launch of the example app: its setup, a pasteboard, the ledger file that survives.
    static func launch(host: String, pasteboard: DeferredLinksTests.FakePasteboard,
                       ledger: any DeferredLinkLedger) throws -> (ExampleShop, DeferredLinks) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [FlakyService.self]
        let shop = try ExampleShop(service: URL(string: "https://\(host)")!, session: URLSession(configuration: configuration))
        return (shop, DeferredLinks(navigator: shop.navigator, client: shop.client, pasteboard: pasteboard, ledger: ledger,
                                    now: { now }))
    }

    static func ledger() throws -> FileDeferredLinkLedger {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("deferred-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return FileDeferredLinkLedger(path: folder + "/switchyard-deferred")
    }

    @Test func theDefaultRouteOpensMeanwhileAndTheNextLaunchOpensTheLink() async throws {
        let host = "go-offline-launch.example.com"
        let ledger = try Self.ledger()
        FlakyService.offline.withLock { _ = $0.insert(host) }
        let copied = "https://\(host)/Ab3dE9xQ?sy_copied=\(Int(Self.now.timeIntervalSince1970))"
        let (first, deferred) = try Self.launch(host: host, pasteboard: .init(copied), ledger: ledger)
        await first.navigator.markReady()
        let outcome = await deferred.openOnFirstLaunch()
        guard case .awaitingService(let error, meanwhile: .openedDefault) = outcome else { Issue.record("got \(outcome)"); return }
        #expect(error.code == .transport)
        #expect(!outcome.isFinal)
        #expect(first.all == ["home https://\(host)/Ab3dE9xQ"], "the home screen opened meanwhile")
        #expect(try ledger.checkedAt() == nil)
        #expect(try ledger.keptLink() == "https://\(host)/Ab3dE9xQ")

        // The next launch: the pasteboard no longer holds the link; the service is back.
        FlakyService.offline.withLock { _ = $0.remove(host) }
        let emptyPasteboard = DeferredLinksTests.FakePasteboard(nil, detects: false)
        let (second, again) = try Self.launch(host: host, pasteboard: emptyPasteboard, ledger: ledger)
        await second.navigator.markReady()
        guard case .opened(.opened(let link)) = await again.openOnFirstLaunch() else { Issue.record("not opened"); return }
        #expect(link.source == .deferred && link.metadata == ["coupon": "WELCOME"])
        #expect(second.all == ["product https://shop.example.com/product/42"])
        #expect(emptyPasteboard.readCount == 0)
        #expect(try ledger.checkedAt() == Self.now)
        #expect(try ledger.keptLink() == nil)
        guard case .alreadyChecked = await again.openOnFirstLaunch() else { Issue.record("checked again"); return }
        #expect(FlakyService.resolves.withLock { $0[host] } == 1)
    }

    @Test func aLinkHeldUntilReadyIsNotFinalAndOpensWhenTheNetworkReturns() async throws {
        let host = "go-offline-held.example.com"
        let ledger = InMemoryDeferredLinkLedger()
        FlakyService.offline.withLock { _ = $0.insert(host) }
        let copied = "https://\(host)/Ab3dE9xQ?sy_copied=\(Int(Self.now.timeIntervalSince1970))"
        let pasteboard = DeferredLinksTests.FakePasteboard(copied)
        let (shop, deferred) = try Self.launch(host: host, pasteboard: pasteboard, ledger: ledger)
        let outcome = await deferred.openOnFirstLaunch()   // before markReady()
        guard case .awaitingService(_, meanwhile: .heldUntilReady) = outcome else { Issue.record("got \(outcome)"); return }
        #expect(!outcome.isFinal)
        #expect(try ledger.checkedAt() == nil)
        await shop.navigator.markReady()
        #expect(await shop.wait(for: 1) == ["home https://\(host)/Ab3dE9xQ"])
        FlakyService.offline.withLock { _ = $0.remove(host) }
        guard case .opened(.opened) = await deferred.openOnFirstLaunch() else { Issue.record("not opened"); return }
        #expect(shop.all == ["home https://\(host)/Ab3dE9xQ", "product https://shop.example.com/product/42"])
        #expect(pasteboard.readCount == 1, "one paste prompt")
        #expect(try ledger.keptLink() == nil && ledger.checkedAt() == Self.now)
    }
}
