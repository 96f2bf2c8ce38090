import Foundation
import Testing
@testable import SwitchyardService

@Suite struct DashboardUnitTests {
    @Test func formBodiesDecodePlusAndPercentEscapes() {
        let form = FormBody(parsing: "a=1+2&b=%3Cx%3E%20y&c&d=%E2%9C%93&a=second&e=%ZZ")
        #expect(form["a"] == "1 2")
        #expect(form["b"] == "<x> y")
        #expect(form["c"] == "")
        #expect(form["d"] == "✓")
        #expect(form["e"] == "%ZZ")
        #expect(form["missing"] == nil)
        #expect(FormBody(parsing: "x=+%20+").trimmed("x") == nil)
    }

    @Test func sessionsExpireWhenIdleAndEvictTheOldest() {
        let sessions = DashboardSessions(idleTimeout: 100, capacity: 2)
        let start = Date(timeIntervalSince1970: 1_000)
        let (first, session) = sessions.create(team: "shop", now: start)
        #expect(session.csrf.count == 64 && first.count == 64 && first != session.csrf)
        #expect(sessions.session(first, now: start.addingTimeInterval(90))?.team == "shop")
        #expect(sessions.session(first, now: start.addingTimeInterval(180))?.team == "shop", "use pushes expiry back")
        #expect(sessions.session(first, now: start.addingTimeInterval(281)) == nil)
        let (a, _) = sessions.create(team: "a", now: start)
        let (b, _) = sessions.create(team: "b", now: start.addingTimeInterval(1))
        let (c, _) = sessions.create(team: "c", now: start.addingTimeInterval(2))
        #expect(sessions.session(a, now: start.addingTimeInterval(3)) == nil, "evicted")
        #expect(sessions.session(b, now: start.addingTimeInterval(3))?.team == "b")
        #expect(sessions.session(c, now: start.addingTimeInterval(3))?.team == "c")
        sessions.remove(c)
        #expect(sessions.session(c, now: start.addingTimeInterval(3)) == nil)
        #expect(sessions.session(nil, now: start) == nil && sessions.session("", now: start) == nil)
    }

    @Test func tokensCompareExactly() {
        #expect(DashboardSessions.tokensMatch("abc", "abc"))
        #expect(!DashboardSessions.tokensMatch("abc", "abd"))
        #expect(!DashboardSessions.tokensMatch("", ""))
        #expect(!DashboardSessions.tokensMatch(nil, "abc"))
    }

    @Test(arguments: [("2030-01-31T12:00", "2030-01-31T12:00:00Z"), ("2030-01-31T12:00:30", "2030-01-31T12:00:30Z"),
                      ("2030-01-31T12:00:00Z", "2030-01-31T12:00:00Z"), ("soon", "soon")])
    func expiryInputIsReadAsUTC(input: String, expected: String) {
        #expect(Dashboard.utcDateTime(input) == expected)
    }
}
