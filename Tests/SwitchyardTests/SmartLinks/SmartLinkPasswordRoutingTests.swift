import Foundation
import Switchyard
import Testing

/// A password link the navigator opens itself (a universal link, a deferred link): the example
/// app routes failures to its default route (`onFailure: .openDefaultRoute`), yet a link that asks
/// for a password is reported to the app, which asks its user and opens it again with
/// `route(_:password:source:)`. A stand-in transport (``PasswordLinkService``) answers as the
/// service would.
@Suite struct SmartLinkPasswordRoutingTests {
    /// The example app on the stand-in service `https://{host}`, ready.
    static func shop(host: String) async throws -> ExampleShop {
        let shop = try ExampleShop(service: URL(string: "https://\(host)")!, session: PasswordLinkService.session)
        await shop.navigator.markReady()
        return shop
    }

    @Test func aPasswordLinkIsReportedNotSentToTheDefaultRoute() async throws {
        let host = "go-locked.example.com"
        let shop = try await Self.shop(host: host)
        let outcome = await shop.navigator.route("https://\(host)/Vip2025")
        guard case .unresolvedSmartLink(let link, let error) = outcome else { Issue.record("got \(outcome)"); return }
        #expect(error.code == .passwordRequired && error.linkCode == "Vip2025")
        #expect(link.url == "https://\(host)/Vip2025" && link.source == .smartLink && link.smartLink?.code == "Vip2025")
        #expect(!outcome.handled)
        await shop.settle()
        #expect(shop.all.isEmpty, "the home screen did not open in its place")
    }

    @Test func aLinkFromTheSystemReportsItsPasswordToOnOutcome() async throws {
        let host = "go-locked-tap.example.com"
        let shop = try await Self.shop(host: host)
        let outcomes = OutcomeRecorder(shop.navigator)
        #expect(shop.navigator.handle("https://\(host)/Vip2025"), "a short link of the service is taken")
        #expect(await outcomes.wait(for: 1) == ["unresolved smart link https://\(host)/Vip2025: link 'Vip2025' asks for a password"])
        #expect(shop.all.isEmpty)
    }

    @Test func thePasswordTheUserTypesOpensTheLink() async throws {
        let host = "go-unlocked.example.com"
        let shop = try await Self.shop(host: host)
        guard case .unresolvedSmartLink(let locked, _) = await shop.navigator.route("https://\(host)/Vip2025") else {
            Issue.record("not reported"); return
        }
        let outcome = await shop.navigator.route(locked.url, password: PasswordLinkService.password, source: locked.source)
        guard case .opened(let link) = outcome else { Issue.record("got \(outcome)"); return }
        #expect(link.source == .smartLink && link.metadata == ["coupon": "VIP"])
        #expect(link.smartLink == SmartLinkReference(code: "Vip2025", url: "https://\(host)/Vip2025"))
        #expect(shop.all == ["product https://shop.example.com/product/42"])
        #expect(PasswordLinkService.requests(to: host) == ["GET Vip2025 none", "GET Vip2025 open sesame"])
    }

    @Test func aWrongPasswordIsReportedSoTheAppAsksAgain() async throws {
        let host = "go-wrong.example.com"
        let shop = try await Self.shop(host: host)
        let outcome = await shop.navigator.route("https://\(host)/Vip2025", password: "guess")
        guard case .unresolvedSmartLink(_, let error) = outcome else { Issue.record("got \(outcome)"); return }
        #expect(error.code == .wrongPassword)
        await shop.settle()
        #expect(shop.all.isEmpty)
    }

    @Test func aPasswordGivenWithALinkOfTheAppIsIgnored() async throws {
        let shop = try await Self.shop(host: "go-plain.example.com")
        guard case .opened = await shop.navigator.route("https://shop.example.com/product/42", password: "unused") else {
            Issue.record("not opened"); return
        }
        #expect(PasswordLinkService.requests(to: "go-plain.example.com").isEmpty)
    }

    @Test func aDeferredPasswordLinkIsAFinalAnswerTheAppOpensWithThePassword() async throws {
        let host = "go-locked-deferred.example.com"
        let shop = try await Self.shop(host: host)
        let now = Date(timeIntervalSince1970: 1_900_000_000)
        let deferred = DeferredLinks(navigator: shop.navigator, client: shop.client, ledger: InMemoryDeferredLinkLedger(),
                                     now: { now })
        let outcome = await deferred.openPasted("https://\(host)/Vip2025?sy_copied=\(Int(now.timeIntervalSince1970))")
        guard case .opened(.unresolvedSmartLink(let link, let error)) = outcome else { Issue.record("got \(outcome)"); return }
        #expect(error.code == .passwordRequired && link.source == .deferred)
        #expect(outcome.isFinal)
        await shop.settle()
        #expect(shop.all.isEmpty, "the home screen did not open in its place")
        guard case .opened(let opened) = await shop.navigator.route(link.url, password: PasswordLinkService.password,
                                                                    source: link.source) else {
            Issue.record("not opened"); return
        }
        #expect(opened.source == .deferred && opened.metadata == ["coupon": "VIP"])
    }
}
