import Foundation
import SwitchyardRules
@testable import SwitchyardTraffic
import Testing

/// An operator's own file: read, checked with messages naming the entry, and merged.
@Suite struct OperatorPatternsTests {
    static let sources = #"[{"id": "ops", "name": "Our findings", "url": "https://wiki.example.com/bots"}]"#

    static func file(sources: String = sources, userAgents: String = "[]", referrers: String = "[]",
                     addressRanges: String = "[]") -> String {
        #"{"sources": \#(sources), "userAgents": \#(userAgents), "referrers": \#(referrers), "addressRanges": \#(addressRanges)}"#
    }

    @Test func aFileOfTheSameShapeAddsToTheBuiltInList() throws {
        let extra = try BotPatterns(json: Self.file(
            userAgents: #"[{"pattern": "examplescanner/", "kind": "scanner", "source": "ops"}, {"pattern": "curl/", "source": "ops"}]"#,
            referrers: #"[{"host": "scan.example.net", "source": "ops"}]"#,
            addressRanges: #"[{"range": "192.0.2.0/24", "source": "ops", "note": "our office's scanner"}]"#
        ), file: "extra.json")
        let merged = BotPatterns.builtIn.merging(extra)
        #expect(merged.userAgents.count == BotPatterns.builtIn.userAgents.count + 1)  // curl/ is built in
        #expect(merged.userAgents.first { $0.pattern == "curl/" }?.source == "crawler-user-agents")
        #expect(merged.source("ops")?.url == "https://wiki.example.com/bots")

        let classifier = ClickClassifier(patterns: merged)
        let verdict = classifier.classify(method: "GET", userAgent: "ExampleScanner/2.1", referrer: nil, address: nil)
        #expect(verdict == .userAgent(pattern: "examplescanner/", kind: .scanner, source: "ops"))
        #expect(classifier.classify(method: "GET", userAgent: UserAgents.iPhoneSafari, referrer: "https://a.scan.example.net/x",
                                    address: nil)?.description == "referrer 'scan.example.net' (ops)")
        #expect(classifier.classify(method: "GET", userAgent: UserAgents.iPhoneSafari, referrer: nil,
                                    address: IPAddress("192.0.2.77"))?.description == "address range 192.0.2.0/24 (ops)")
        // The built-in list alone does not know them.
        #expect(ClickClassifier().classify(method: "GET", userAgent: "ExampleScanner/2.1", referrer: nil, address: nil) == nil)
    }

    @Test func mergingKeepsTheReceiversEntryOfAnIdBothDeclare() throws {
        let extra = try BotPatterns(json: Self.file(
            sources: #"[{"id": "dub-bots", "name": "Someone else's", "url": "https://example.com"}]"#,
            addressRanges: #"[{"range": "198.235.24.9/24", "source": "dub-bots"}]"#
        ))
        let merged = BotPatterns.builtIn.merging(extra)
        #expect(merged.sources.count == BotPatterns.builtIn.sources.count)
        #expect(merged.source("dub-bots")?.name == BotPatterns.builtIn.source("dub-bots")?.name)
        // 198.235.24.9/24 holds the same addresses as the built-in 198.235.24.0/24.
        #expect(merged.addressRanges.count == BotPatterns.builtIn.addressRanges.count)
    }

    @Test func aFileOnDiskIsReadAndNamedInItsErrors() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "traffic-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = directory.appending(path: "extra-bots.json")
        try Data(Self.file(userAgents: #"[{"pattern": "examplescanner/", "source": "ops"}]"#).utf8).write(to: good)
        #expect(try BotPatterns(contentsOf: good).userAgents.map(\.pattern) == ["examplescanner/"])

        let bad = directory.appending(path: "bad-bots.json")
        try Data(Self.file(userAgents: #"[{"pattern": "ExampleScanner/", "source": "ops"}]"#).utf8).write(to: bad)
        let error = #expect(throws: BotPatternsError.self) { try BotPatterns(contentsOf: bad) }
        #expect(error?.message == "\(bad.path(percentEncoded: false)): userAgents[0].pattern: 'ExampleScanner/' has capital letters; patterns match ignoring case, so write 'examplescanner/'")

        let notJSON = directory.appending(path: "broken.json")
        try Data(#"{"userAgents": [}"#.utf8).write(to: notJSON)
        let parse = #expect(throws: BotPatternsError.self) { try BotPatterns(contentsOf: notJSON) }
        #expect(parse?.code == .notJSON)
        #expect(parse?.message.hasPrefix("\(notJSON.path(percentEncoded: false)): is not JSON: ") == true)

        let none = directory.appending(path: "none.json")
        let missing = #expect(throws: BotPatternsError.self) { try BotPatterns(contentsOf: none) }
        #expect(missing?.code == .unreadableFile)
        #expect(missing?.message.hasPrefix("\(none.path(percentEncoded: false)): cannot be read (") == true)

        let huge = directory.appending(path: "huge.json")
        try Data(repeating: UInt8(ascii: " "), count: BotPatterns.maximumFileSize + 1).write(to: huge)
        let tooLarge = #expect(throws: BotPatternsError.self) { try BotPatterns(contentsOf: huge) }
        #expect(tooLarge?.message == "\(huge.path(percentEncoded: false)): is larger than 4194304 bytes, the most a pattern file holds")
    }

    static let mistakes: [(String, BotPatternsError.Code, String)] = [
        (file(userAgents: #"[{"pattern": "Curl/", "source": "ops"}]"#), .invalidPattern,
         "extra.json: userAgents[0].pattern: 'Curl/' has capital letters; patterns match ignoring case, so write 'curl/'"),
        (file(userAgents: #"[{"pattern": "examplescanner/", "source": "opps"}]"#), .unknownSource,
         #"extra.json: userAgents[0].source: 'opps' is not one of the sources; declare it in "sources" with its name and URL"#),
        (file(userAgents: #"[{"source": "ops"}]"#), .invalidEntry, "extra.json: userAgents[0].pattern: is missing"),
        (file(userAgents: #"[{"pattern": 3, "source": "ops"}]"#), .invalidEntry, "extra.json: userAgents[0].pattern: must be a string, got a number"),
        (file(userAgents: #"[{"pattern": "x-scan/", "source": "ops", "kinds": "scanner"}]"#), .invalidEntry,
         "extra.json: userAgents[0]: has an unknown member 'kinds' (known: kind, note, pattern, source)"),
        (file(userAgents: #"[{"pattern": "x-scan/", "source": "ops", "kind": "robot"}]"#), .invalidEntry,
         "extra.json: userAgents[0].kind: 'robot' is not a kind (known: search, preview, ai, seo, feed, archive, monitor, scanner, tool, headless, prefetch, generic, other)"),
        (#"{"sources": [], "userAgent": []}"#, .invalidEntry,
         "extra.json: has an unknown member 'userAgent' (known: about, addressRanges, referrers, sources, userAgents)"),
        (file(userAgents: #"{"pattern": "x"}"#), .invalidEntry, "extra.json: userAgents: must be an array, got an object"),
        (file(userAgents: #"[{"pattern": "", "source": "ops"}]"#), .invalidPattern, "extra.json: userAgents[0].pattern: is empty"),
        (file(userAgents: #"[{"pattern": " scanner", "source": "ops"}]"#), .invalidPattern,
         "extra.json: userAgents[0].pattern: ' scanner' begins or ends with a space"),
        (file(userAgents: #"[{"pattern": "scänner", "source": "ops"}]"#), .invalidPattern,
         "extra.json: userAgents[0].pattern: 'scänner' has a character outside printable ASCII (user agents and host names are ASCII)"),
        (file(userAgents: #"[{"pattern": "x-scan/", "source": "ops"}, {"pattern": "x-scan/", "source": "ops"}]"#), .invalidPattern,
         "extra.json: userAgents[1].pattern: 'x-scan/' is listed twice (first at userAgents[0])"),
        (file(userAgents: #"[{"pattern": "x-scan/", "source": "ops"}, {"pattern": "mozilla", "source": "ops"}]"#), .invalidPattern,
         "extra.json: userAgents[1].pattern: 'mozilla' matches an ordinary user agent (iPhone Safari: \(UserAgents.iPhoneSafari)); it would count people as bots"),
        (file(userAgents: #"[{"pattern": "okhttp", "source": "ops"}]"#), .invalidPattern,
         "extra.json: userAgents[0].pattern: 'okhttp' matches an ordinary user agent (Switchyard SDK on Android (OkHttp): okhttp/4.12.0); it would count people as bots"),
        (file(userAgents: #"[{"pattern": "cfnetwork", "source": "ops"}]"#), .invalidPattern,
         "extra.json: userAgents[0].pattern: 'cfnetwork' matches an ordinary user agent (Switchyard SDK on iOS (URLSession): Shop/1.2 CFNetwork/1494.0.7 Darwin/23.4.0); it would count people as bots"),
        (file(userAgents: #"[{"pattern": "bot", "source": "ops"}]"#), .invalidPattern,
         "extra.json: userAgents[0].pattern: 'bot' matches an ordinary user agent (Android Chrome on a Cubot phone: \(BotPatterns.ordinaryUserAgents[3].userAgent)); it would count people as bots"),
        (file(referrers: #"[{"host": "https://scan.example.net/", "source": "ops"}]"#), .invalidPattern,
         "extra.json: referrers[0].host: 'https://scan.example.net/' is not a host name (dot-separated labels of lowercase letters, digits and '-', like scan.example.net)"),
        (file(referrers: #"[{"host": "Scan.Example.net", "source": "ops"}]"#), .invalidPattern,
         "extra.json: referrers[0].host: 'Scan.Example.net' has capital letters; patterns match ignoring case, so write 'scan.example.net'"),
        (file(addressRanges: #"[{"range": "10.0.0.0/33", "source": "ops"}]"#), .invalidRange,
         "extra.json: addressRanges[0].range: '10.0.0.0/33' is not an address range: an IPv4 prefix is 0 to 32 bits"),
        (file(addressRanges: #"[{"range": "0.0.0.0/0", "source": "ops"}]"#), .invalidRange,
         "extra.json: addressRanges[0].range: '0.0.0.0/0' is wider than a /8; a range that wide holds people, not only robots"),
        (file(addressRanges: #"[{"range": "2001::/12", "source": "ops"}]"#), .invalidRange,
         "extra.json: addressRanges[0].range: '2001::/12' is wider than a /16; a range that wide holds people, not only robots"),
        (file(addressRanges: #"[{"range": "192.0.2.0/24", "source": "ops"}, {"range": "192.0.2.128/24", "source": "ops"}]"#), .invalidRange,
         "extra.json: addressRanges[1].range: '192.0.2.128/24' is listed twice (first at addressRanges[0])"),
        (file(sources: #"[{"id": "ops", "name": "A", "url": "https://a"}, {"id": "ops", "name": "B", "url": "https://b"}]"#), .invalidSource,
         "extra.json: sources[1].id: 'ops' is declared twice (first at sources[0])"),
        (file(sources: #"[{"id": "Our Ops", "name": "A", "url": "https://a"}]"#), .invalidSource,
         "extra.json: sources[0].id: 'Our Ops' is not a source id (lowercase letters, digits, '-', '_' and '.', up to 100)"),
        (file(sources: #"[{"id": "ops", "name": "A", "url": " "}]"#), .invalidSource, "extra.json: sources[0].url: is empty"),
    ]

    @Test(arguments: mistakes)
    func aMistakeIsNamedWithItsEntry(json: String, code: BotPatternsError.Code, message: String) {
        let error = #expect(throws: BotPatternsError.self) { try BotPatterns(json: json, file: "extra.json") }
        #expect(error?.code == code)
        #expect(error?.message == message)
    }

    @Test func theSizeOfAFileIsBounded() {
        let long = String(repeating: "x", count: 101)
        let tooLong = #expect(throws: BotPatternsError.self) {
            try BotPatterns(json: Self.file(userAgents: #"[{"pattern": "\#(long)", "source": "ops"}]"#), file: "extra.json")
        }
        #expect(tooLong?.message == "extra.json: userAgents[0].pattern: '\(long.prefix(40))...' is 101 characters; a pattern has 100 at most")

        let entries = (0...BotPatterns.maximumPatterns).map { #"{"pattern": "scanner-\#($0)/", "source": "ops"}"# }
        let tooMany = #expect(throws: BotPatternsError.self) {
            try BotPatterns(json: Self.file(userAgents: "[" + entries.joined(separator: ",") + "]"), file: "extra.json")
        }
        #expect(tooMany?.code == .tooManyPatterns)
        #expect(tooMany?.message == "extra.json: userAgents: has 2001 entries; a file holds 2000 patterns at most")

        let split = (0..<1_500).map { #"{"pattern": "scanner-\#($0)/", "source": "ops"}"# }
        let ranges = (0..<501).map { #"{"range": "10.\#($0 / 256).\#($0 % 256).0/24", "source": "ops"}"# }
        let together = #expect(throws: BotPatternsError.self) {
            try BotPatterns(json: Self.file(userAgents: "[" + split.joined(separator: ",") + "]",
                                            addressRanges: "[" + ranges.joined(separator: ",") + "]"), file: "extra.json")
        }
        #expect(together?.message == "extra.json: has 2001 patterns; a file holds 2000 at most")
    }

    @Test func patternsMadeInCodeAreCheckedAlike() throws {
        let error = #expect(throws: BotPatternsError.self) {
            try BotPatterns(sources: [.init(id: "ops", name: "Ops", url: "https://ops.example.com")],
                            userAgents: [.init("Scanner", source: "ops")])
        }
        #expect(error?.message == "userAgents[0].pattern: 'Scanner' has capital letters; patterns match ignoring case, so write 'scanner'")
        let made = try BotPatterns(sources: [.init(id: "ops", name: "Ops", url: "https://ops.example.com")],
                                   userAgents: [.init("scanner/", kind: .scanner, source: "ops")],
                                   addressRanges: [.init(range: "192.0.2.0/24", source: "ops")])
        #expect(made.userAgents.count == 1)
    }
}
