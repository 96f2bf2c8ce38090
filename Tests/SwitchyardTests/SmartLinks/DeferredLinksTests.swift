import Foundation
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
            guard case .opened(.unresolvedSmartLink(_, let error)) = outcome else { Issue.record("got \(outcome)"); return }
            #expect(error.code == .transport)
            #expect(!outcome.isFinal)
            #expect(try ledger.checkedAt() == nil, "launch \(launch): nothing recorded")
        }
        #expect(pasteboard.readCount == 2, "the second launch looked again")
        guard case .ignored = await deferred.openPasted("hello") else { Issue.record("expected ignored"); return }
        #expect(try ledger.checkedAt() == Self.now, "a final answer is recorded")
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
    }
}
