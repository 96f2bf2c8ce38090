import Switchyard
import SwitchyardStore
import Testing
@testable import SwitchyardService

@Suite struct UserAgentTests {
    @Test(arguments: Agents.crawlers)
    func crawlers(agent: String) { #expect(UserAgent.platform(agent) == .crawler) }

    /// Each marker, found in one pass over the header: in any letter case, amid other text, at
    /// either end; one letter short of a marker is no crawler.
    @Test(arguments: UserAgent.crawlerMarkers)
    func everyCrawlerMarker(marker: String) {
        #expect(UserAgent.platform("Mozilla/5.0 (compatible; \(marker.uppercased())/2.1)") == .crawler)
        #expect(UserAgent.platform(marker) == .crawler)
        #expect(UserAgent.platform("iPhone " + marker) == .crawler, "the crawler wins over the phone it claims")
        #expect(UserAgent.platform("Mozilla/5.0 (" + String(marker.dropLast()) + ")") == .desktop)
    }

    @Test func platforms() {
        #expect(UserAgent.platform(Agents.iPhone) == .ios)
        #expect(UserAgent.platform("Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)") == .ios)
        #expect(UserAgent.platform(Agents.android) == .android)
        #expect(UserAgent.platform(Agents.desktop) == .desktop)
        #expect(UserAgent.platform("Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/124") == .desktop)
        #expect(UserAgent.platform("curl/8.4.0") == .other)
        #expect(UserAgent.platform(nil) == .other)
        #expect(UserAgent.platform("") == .other)
    }

    /// Pinterest's crawler is a crawler; its in-app browser is a person (the marker was once
    /// `pinterest`, which sent people tapping a link inside Pinterest to the preview page).
    @Test func pinterestsCrawlerIsOneAndItsInAppBrowserIsNot() {
        #expect(UserAgent.platform("Mozilla/5.0 (compatible; Pinterestbot/1.0; +http://www.pinterest.com/bot.html)") == .crawler)
        let inApp = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [Pinterest/iOS]"
        #expect(UserAgent.platform(inApp) == .ios)
        let android = "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UD1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0 Mobile Safari/537.36 [Pinterest/Android]"
        #expect(UserAgent.platform(android) == .android)
    }

    @Test func markersMatchInAnyLetterCaseAnywhereInTheHeader() {
        #expect(UserAgent.platform("MOZILLA/5.0 (IPHONE; CPU IPHONE OS 17_4 LIKE MAC OS X)") == .ios)
        #expect(UserAgent.platform("Ünïcödé — Android ✓") == .android)
        #expect(UserAgent.platform("Mozilla/5.0 (X11; CrOS x86_64 14541.0.0)") == .desktop)
        #expect(UserAgent.platform("something cros") == .desktop, "a marker at the very end")
        #expect(UserAgent.platform("cro") == .other, "shorter than every marker")
        #expect(UserAgent.platform("ipo") == .other)
        #expect(UserAgent.platform("Quora Link Preview/1.0") == .crawler, "a marker with spaces")
        #expect(UserAgent.platform("Slack-ImgProxy (+https://api.slack.com/robots)") == .crawler)
        #expect(UserAgent.platform("iPhone\u{0}Twitterbot") == .crawler, "bytes past a NUL are searched too")
    }

    /// The byte matcher against the standard library's lowercasing and substring search, for every
    /// marker in headers that hold it (at the start, the middle, the end, in other letter cases)
    /// and headers that hold all but its last letter.
    @Test func theByteMatcherAgreesWithStringSearch() {
        let markers = UserAgent.crawlerMarkers + ["android", "iphone", "ipad", "ipod", "windows nt", "macintosh", "x11",
                                                  "cros", "safari/", "version/", "chrome/", "crios/"]
        let agents = [Agents.iPhone, Agents.android, Agents.desktop, Agents.macSafari] + Agents.crawlers
        for marker in markers {
            let upper = marker.uppercased()
            let cut = String(marker.dropLast())
            for header in [marker, upper, "x" + upper, upper + "x", "a (" + marker + ") b", cut, "a" + cut + "b", cut.uppercased()] + agents {
                let expected = header.lowercased().contains(marker)
                #expect(UserAgent.Lowercased(header).contains(Array(marker.utf8)) == expected, "\(marker) in \(header)")
            }
        }
    }
}
