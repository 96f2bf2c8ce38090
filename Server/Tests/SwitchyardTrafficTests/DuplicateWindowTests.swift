import Foundation
import SwitchyardTraffic
import Testing

/// The duplicate window: the same link, address and user agent within an hour count once.
@Suite struct DuplicateWindowTests {
    let start = Date(timeIntervalSinceReferenceDate: 800_000_000)

    @Test func aRepeatWithinTheWindowIsADuplicateAndTheWindowIsNotExtended() {
        let window = DuplicateWindow()
        let ua = UserAgents.iPhoneSafari
        #expect(!window.isDuplicate(link: "sale", address: "198.51.100.1", userAgent: ua, at: start))
        #expect(window.isDuplicate(link: "sale", address: "198.51.100.1", userAgent: ua, at: start + 20))
        #expect(window.isDuplicate(link: "sale", address: "198.51.100.1", userAgent: ua, at: start + 3_599))
        // An hour after the counted click (not after the last duplicate) it counts again.
        #expect(!window.isDuplicate(link: "sale", address: "198.51.100.1", userAgent: ua, at: start + 3_600))
        #expect(window.isDuplicate(link: "sale", address: "198.51.100.1", userAgent: ua, at: start + 3_660))
    }

    @Test func anotherLinkAddressOrUserAgentIsNotADuplicate() {
        let window = DuplicateWindow()
        #expect(!window.isDuplicate(link: "sale", address: "198.51.100.1", userAgent: "a", at: start))
        #expect(!window.isDuplicate(link: "other", address: "198.51.100.1", userAgent: "a", at: start + 1))
        #expect(!window.isDuplicate(link: "sale", address: "198.51.100.2", userAgent: "a", at: start + 2))
        #expect(!window.isDuplicate(link: "sale", address: "198.51.100.1", userAgent: "b", at: start + 3))
        #expect(!window.isDuplicate(link: "sale", address: "198.51.100.1", userAgent: nil, at: start + 4))
        // Strings are hashed with their lengths: moving a character from one to the next is another click.
        #expect(!window.isDuplicate(link: "salea", address: "98.51.100.1", userAgent: "a", at: start + 5))
        #expect(window.count == 6)
    }

    @Test func theWindowIsConfigurable() {
        let window = DuplicateWindow(window: .seconds(60))
        #expect(!window.isDuplicate(link: "sale", address: "a", userAgent: "u", at: start))
        #expect(window.isDuplicate(link: "sale", address: "a", userAgent: "u", at: start + 59.5))
        #expect(!window.isDuplicate(link: "sale", address: "a", userAgent: "u", at: start + 60))
    }

    @Test func expiredClicksAreForgottenAsClicksArrive() {
        let window = DuplicateWindow(window: .seconds(60))
        for index in 0..<10 {
            _ = window.isDuplicate(link: "sale", address: "a\(index)", userAgent: "u", at: start + Double(index))
        }
        #expect(window.count == 10)
        _ = window.isDuplicate(link: "sale", address: "late", userAgent: "u", at: start + 65)
        #expect(window.count == 5)  // clicks at 5...9 s are within the minute of 65 s, and the new one
        _ = window.isDuplicate(link: "sale", address: "later", userAgent: "u", at: start + 1_000)
        #expect(window.count == 1)
    }

    @Test func theOldestIsEvictedPastTheMaximum() {
        let window = DuplicateWindow(maximumEntries: 3)
        for index in 0..<4 {
            #expect(!window.isDuplicate(link: "sale", address: "a\(index)", userAgent: "u", at: start + Double(index)))
        }
        #expect(window.count == 3)
        // a0 was forgotten, so it counts again (evicting a1); a3 is still remembered.
        #expect(!window.isDuplicate(link: "sale", address: "a0", userAgent: "u", at: start + 10))
        #expect(window.isDuplicate(link: "sale", address: "a3", userAgent: "u", at: start + 11))
        #expect(!window.isDuplicate(link: "sale", address: "a1", userAgent: "u", at: start + 12))
        #expect(window.count == 3)
    }

    @Test func memoryStaysBoundedUnderManyClicksInAnyTimeOrder() {
        let window = DuplicateWindow(window: .seconds(600), maximumEntries: 100)
        var generator = MatchingTests.Generator(state: 7)
        for index in 0..<20_000 {
            // Mostly forward in time, sometimes a late arrival from up to 20 minutes back.
            let jitter = Double(Int.random(in: -1_200...0, using: &generator))
            let time = start + Double(index) + (index % 7 == 0 ? jitter : 0)
            _ = window.isDuplicate(link: "l\(index % 13)", address: "a\(Int.random(in: 0..<500, using: &generator))",
                                   userAgent: "u", at: time)
            if index % 997 == 0 { #expect(window.count <= 100) }
        }
        #expect(window.count <= 100)
    }

    @Test func windowsAreSafeToShareAcrossTasks() async {
        let window = DuplicateWindow()
        let start = start
        let counted = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask { !window.isDuplicate(link: "sale", address: "a", userAgent: "u", at: start) }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(counted == 1)
    }
}
