import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Switchyard
@testable import SwitchyardService
import Testing

/// The dashboard's form creates through the API's path, so it spends the same team budget.
@Suite struct DashboardRateLimitTests {
    @Test func theFormSharesTheTeamsCreateRate() async throws {
        let configuration = RateLimitTests.configuration(create: RateLimit(2, perSeconds: 60))
        try await Harness.live(.memory, configuration: configuration) { client, _ in
            let browser = DashboardClient(client)
            let csrf = try await browser.signIn()
            _ = try await client.create(RateLimitTests.team)
            let first = try await browser.post("/dashboard/new", form: [("csrf", csrf), ("route", "about/team")])
            #expect(first.status == .seeOther)
            let refused = try await browser.post("/dashboard/new", form: [("csrf", csrf), ("route", "about/team")])
            #expect(refused.status == .tooManyRequests)
            #expect(refused.text.contains("too many links created with this key; retry in 30 s"))
            #expect(try await client.send(.post, "/api/v1/links", json: RateLimitTests.team).status == .tooManyRequests)
        }
    }
}
