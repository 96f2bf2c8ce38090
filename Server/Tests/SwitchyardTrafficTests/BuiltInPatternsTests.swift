import Foundation
import SwitchyardRules
@testable import SwitchyardTraffic
import Testing

/// The bundled data file: it loads, every entry cites a source it declares, and it covers what
/// the service treats as a preview crawler.
@Suite struct BuiltInPatternsTests {
    let patterns = BotPatterns.builtIn

    /// The compiled-in text is the data file's (scripts/embed-bot-patterns writes one from the other).
    @Test func theCompiledInListIsTheDataFile() throws {
        let file = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "Sources/SwitchyardTraffic/Data/bot-patterns.json")
        #expect(try String(contentsOf: file, encoding: .utf8) == BotPatterns.builtInJSON + "\n",
                "Data/bot-patterns.json changed: run scripts/embed-bot-patterns")
    }

    @Test func theBundledFileLoadsWithinItsBounds() {
        #expect(patterns.userAgents.count > 400)
        #expect(!patterns.referrers.isEmpty)
        #expect(!patterns.addressRanges.isEmpty)
        let total = patterns.userAgents.count + patterns.referrers.count + patterns.addressRanges.count
        #expect(total <= BotPatterns.maximumPatterns)
        #expect(patterns.userAgents.allSatisfy { $0.pattern.utf8.count <= BotPatterns.maximumPatternLength })
    }

    @Test func everyEntryNamesADeclaredSourceWithAURL() {
        let ids = Set(patterns.sources.map(\.id))
        #expect(ids.count == patterns.sources.count)
        for source in patterns.sources {
            #expect(source.url.hasPrefix("https://"), "\(source.id)")
            #expect(!source.name.isEmpty)
        }
        let cited = patterns.userAgents.map(\.source) + patterns.referrers.map(\.source) + patterns.addressRanges.map(\.source)
        for id in cited { #expect(ids.contains(id), "\(id)") }
        // Every source but the licensed list (named, not copied) is cited.
        #expect(ids.subtracting(cited) == ["iab-abc-spiders-bots"])
    }

    @Test func everyUserAgentPatternHasAKind() {
        #expect(patterns.userAgents.allSatisfy { $0.kind != .other })
        let kinds = Set(patterns.userAgents.map(\.kind))
        #expect(kinds == Set(BotPatterns.Kind.allCases).subtracting([.other]))
    }

    @Test func everyAddressRangeSaysWhatItIs() {
        #expect(patterns.addressRanges.allSatisfy { !($0.note ?? "").isEmpty })
    }

    @Test func everyUserAgentPatternIsReportedForItself() {
        // A pattern holding another that ends before it would never be named in a verdict.
        let classifier = ClickClassifierTests.classifier
        for entry in patterns.userAgents {
            let verdict = classifier.classify(method: "GET", userAgent: entry.pattern, referrer: nil, address: nil)
            #expect(verdict == .userAgent(pattern: entry.pattern, kind: entry.kind, source: entry.source))
        }
    }

    @Test(arguments: UserAgents.previewCrawlers)
    func everyPreviewCrawlerOfTheServiceIsABot(marker: String, userAgent: String) {
        let classifier = ClickClassifierTests.classifier
        #expect(classifier.classify(method: "GET", userAgent: userAgent, referrer: nil, address: nil) != nil)
        // The marker itself holds a pattern, but for Pinterest: a bare 'pinterest' would count
        // people in Pinterest's in-app browser; its crawler is matched by 'pinterest.com/bot'.
        if marker != "pinterest" {
            let verdict = classifier.classify(method: "GET", userAgent: marker, referrer: nil, address: nil)
            guard case .userAgent(let pattern, _, _) = verdict else {
                Issue.record("'\(marker)' alone is not matched: \(String(describing: verdict))")
                return
            }
            #expect(marker.contains(pattern))
        }
    }

    @Test func theOrdinaryUserAgentsAreWhatTheyClaim() {
        // The guard's samples include the SDK's clients and the in-app browsers that broad
        // words ('google', 'bing', 'bot', 'pinterest') would catch.
        let names = BotPatterns.ordinaryUserAgents.map(\.name)
        #expect(names.contains("Switchyard SDK on iOS (URLSession)"))
        #expect(names.contains("Switchyard SDK on Android (OkHttp)"))
        let samples = BotPatterns.ordinaryUserAgents.map { $0.userAgent.lowercased() }
        for word in ["google", "bing", "cubot", "pinterest", "okhttp", "cfnetwork", "dalvik"] {
            #expect(samples.contains { $0.contains(word) }, "\(word)")
        }
    }
}
