import Switchyard
@testable import SwitchyardTesting
import Testing

/// `expectHandle` checks a system callback's answer and the outcome it leads to, duplicates
/// included; `TestNavigatorClock` moves the duplicate window and deadlines when the test says so.
@Suite struct HandleExpectationTests {
    static func navigator(_ clock: TestNavigatorClock, waitsUntilReady: Bool) throws -> Navigator {
        let router = try Router(schemes: ["shop"], hosts: ["shop.example.com"])
        try router.map("product/:id") { _ in }
        return Navigator(routers: [router], waitsUntilReady: waitsUntilReady, clock: clock.clock)
    }

    @Test func aColdLaunchLinkDeliveredTwiceIsHeldOnceThenADuplicate() async throws {
        let clock = TestNavigatorClock()
        let navigator = try Self.navigator(clock, waitsUntilReady: true)
        let url = "https://shop.example.com/product/42"
        await expectHandle(url, source: .universalLink, by: navigator, answers: true, is: .heldUntilReady)
        clock.advance(by: .seconds(5))
        await expectHandle(url, by: navigator, answers: true, is: .duplicate)
        await expectHandle("mall://x", by: navigator, answers: false, is: .rejected)
        #expect(clock.now == .seconds(5))
    }

    @Test func afterTheLinkOpenedAndTheWindowPassedItOpensAgain() async throws {
        let clock = TestNavigatorClock()
        let navigator = try Self.navigator(clock, waitsUntilReady: false)
        await expectHandle("shop://product/1", by: navigator, answers: true, is: .opened)
        await expectHandle("shop://product/1", by: navigator, answers: true, is: .duplicate)
        clock.advance(by: .seconds(2))
        await expectHandle("shop://product/1", by: navigator, answers: true, is: .opened)
    }

    @Test func aWrongAnswerOrOutcomeIsRecorded() async throws {
        let navigator = try Self.navigator(TestNavigatorClock(), waitsUntilReady: true)
        await withKnownIssue {
            await expectHandle("shop://product/1", by: navigator, answers: false, is: .opened)
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                "'shop://product/1': handle answered true, expected false; 'shop://product/1': held until ready shop://product/1 (product/:id), expected opened",
            ]
        }
    }
}
