import SwitchyardRules
@testable import SwitchyardTraffic
import Testing

/// The fast matchers against naive ones, on generated tables and texts.
@Suite struct MatchingTests {
    /// A small deterministic generator (SplitMix64), so a failure can be replayed.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// The pattern ending earliest in `text` (ignoring ASCII case), the longest of those ending
    /// at the same place, the first listed of equal ones.
    static func naiveFirstMatch(_ patterns: [[UInt8]], in text: [UInt8]) -> Int? {
        let lowered = text.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 | 0x20 : $0 }
        for end in lowered.indices.map({ $0 + 1 }) {
            let endingHere = patterns.indices.filter { index in
                let pattern = patterns[index]
                return pattern.count <= end && Array(lowered[(end - pattern.count)..<end]) == pattern
            }
            if let longest = endingHere.max(by: { (patterns[$0].count, $1) < (patterns[$1].count, $0) }) { return longest }
        }
        return nil
    }

    @Test(arguments: 0..<40)
    func theAutomatonAgreesWithANaiveSearch(seed: UInt64) {
        var random = Generator(state: seed)
        let alphabet = Array("ab-/ ".utf8)
        let patterns = (0..<Int.random(in: 1...12, using: &random)).map { _ in
            (0..<Int.random(in: 1...4, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
        }
        let automaton = SubstringAutomaton(patterns)
        #expect(automaton.stateCount <= 1 + patterns.reduce(0) { $0 + $1.count })
        let textAlphabet = Array("abAB-/ x".utf8)
        for _ in 0..<50 {
            let text = (0..<Int.random(in: 0...20, using: &random)).map { _ in textAlphabet.randomElement(using: &random)! }
            #expect(automaton.firstMatch(in: text) == Self.naiveFirstMatch(patterns, in: text),
                    "patterns \(patterns.map { String(decoding: $0, as: UTF8.self) }), text '\(String(decoding: text, as: UTF8.self))'")
        }
    }

    @Test func theEarliestEndingPatternWinsThenTheLongest() {
        let automaton = SubstringAutomaton(["bot/", "robot/", "ot", "curl/"].map { Array($0.utf8) })
        #expect(automaton.firstMatch(in: "UptimeRobot/2.0") == 2)       // 'ot' ends first
        #expect(SubstringAutomaton(["bot/", "robot/"].map { Array($0.utf8) }).firstMatch(in: "UptimeRobot/2.0") == 1)
        #expect(automaton.firstMatch(in: "CURL/8") == 3)
        #expect(automaton.firstMatch(in: "") == nil)
        #expect(SubstringAutomaton([]).firstMatch(in: "anything") == nil)
    }

    @Test func theBuiltInAutomatonIsSmall() {
        let automaton = SubstringAutomaton(BotPatterns.builtIn.userAgents.map { Array($0.pattern.utf8) })
        // A few thousand states over a few dozen byte columns: well under a megabyte of table.
        #expect(automaton.stateCount < 6_000)
    }

    /// The widest listed range holding the address (the first listed of equal ones).
    static func naiveRange(_ ranges: [AddressRange], holding address: IPAddress) -> Int? {
        ranges.indices.filter { ranges[$0].contains(address) }
            .min { (ranges[$0].prefixLength, $0) < (ranges[$1].prefixLength, $1) }
    }

    @Test(arguments: 0..<20)
    func theRangeSetAgreesWithANaiveSearch(seed: UInt64) throws {
        var random = Generator(state: seed)
        let ranges = try (0..<Int.random(in: 1...30, using: &random)).map { _ in
            if Bool.random(using: &random) {
                try AddressRange(parsing: "10.\(Int.random(in: 0...3, using: &random)).\(Int.random(in: 0...255, using: &random)).\(Int.random(in: 0...255, using: &random))/\(Int.random(in: 12...32, using: &random))")
            } else {
                try AddressRange(parsing: "2001:db8:\(String(Int.random(in: 0...3, using: &random), radix: 16))::\(String(Int.random(in: 0...0xFFFF, using: &random), radix: 16))/\(Int.random(in: 28...128, using: &random))")
            }
        }
        let set = AddressRangeSet(ranges)
        for _ in 0..<200 {
            let text = Bool.random(using: &random)
                ? "10.\(Int.random(in: 0...3, using: &random)).\(Int.random(in: 0...255, using: &random)).\(Int.random(in: 0...255, using: &random))"
                : "2001:db8:\(String(Int.random(in: 0...3, using: &random), radix: 16))::\(String(Int.random(in: 0...0xFFFF, using: &random), radix: 16))"
            let address = try #require(IPAddress(text))
            #expect(set.firstMatch(address) == Self.naiveRange(ranges, holding: address), "\(ranges) \(text)")
        }
    }

    @Test(arguments: [
        ("https://Scan.Example.NET:8443/path?q=1", "scan.example.net"),
        ("https://user:secret@scan.example.net/", "scan.example.net"),
        ("http://scan.example.net.", "scan.example.net"),
        ("scan.example.net/path", "scan.example.net"),
        ("https://scan.example.net#fragment", "scan.example.net"),
        ("https://[2001:db8::1]/", nil),
        ("scan.example.net/x?u=https://other.example.org", "scan.example.net"),
        ("android-app://com.slack/", "com.slack"),
        ("https:///path", nil),
    ])
    func theReferrersHostIsRead(referrer: String, host: String?) {
        #expect(ReferrerHosts.host(of: referrer) == host)
    }
}
