import Testing
@_spi(SwitchyardService) @testable import Switchyard
import SwitchyardTestSupport

/// The shortcuts taken for speed agree with the slow, obvious code they replace.
@Suite struct FastPathTests {
    // MARK: Registration: plain patterns skip the parser

    @Test func plainLiteralMaskIsTheParserRule() {
        for byte in UInt8.min...UInt8.max {
            let rule = byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "%") && !PatternParser.isReservedByte(byte)
            #expect(FormTokens.isPlainLiteralByte(byte) == rule, "byte \(byte)")
        }
    }

    static let accepted = [
        "/", "a", "about/team", "//a//b//", "product/:id", ":a/:b/c", "a:b/c", "x-y_z.~$&'+,;=@/:p_1",
        "Library/Region/:Order_ID",
    ]
    static let declined = [
        "", "a/%41", "a/{b}", "a(/b)", "a/*", "a/:id<int>", "a{S}", "a/:", "a/:1x", "a/:x/:x", "a/:x-y", "café/x",
        "a/b c", "a/b!", "a/?q", "a/#f", "a/:x{S}",
    ]

    @Test(arguments: accepted, [true, false])
    func acceptedPatternsTokenizeLikeTheParser(_ text: String, caseSensitive: Bool) throws {
        let fast = FormTokens()
        var copy = text
        let simple = copy.withUTF8 { fast.loadSimple($0, delimiter: UInt8(ascii: "/"), fold: !caseSensitive) }
        #expect(simple)
        let pattern = try RoutePattern(text)
        try #require(pattern.forms.count == 1)
        let slow = FormTokens()
        slow.load(pattern.forms[0][...], fold: !caseSensitive, constraintIndex: [:])
        #expect(fast.currentBytes == slow.currentBytes)
        #expect(fast.current.map(\.kind) == slow.current.map(\.kind))
        #expect(fast.current.map(\.hash) == slow.current.map(\.hash))
        // The matcher looks a segment up by ByteHash.hash of its bytes: the one-pass hashes agree.
        for token in fast.current where token.kind == .literal {
            let stored = UnsafeBufferPointer(start: fast.bytes + Int(token.start), count: Int(token.length))
            #expect(token.hash == ByteHash.hash(stored))
        }
        #expect((0..<fast.count).map(fast.name(at:)) == (0..<slow.count).map(slow.name(at:)))
    }

    @Test(arguments: declined)
    func otherPatternsAreLeftToTheParser(_ text: String) {
        let fast = FormTokens()
        var copy = text
        #expect(!copy.withUTF8 { fast.loadSimple($0, delimiter: UInt8(ascii: "/"), fold: false) })
    }

    @Test func randomPlainPatternsTokenizeLikeTheParser() throws {
        var rng = SplitMixGenerator(seed: 5)
        let alphabet = Array("ab:/_-.1%{}*(<".utf8)
        var accepted = 0
        for _ in 0..<3_000 {
            let text = String(decoding: (0..<Int.random(in: 1...12, using: &rng)).map { _ in rng.pick(alphabet) },
                              as: UTF8.self)
            let fast = FormTokens()
            var copy = text
            guard copy.withUTF8({ fast.loadSimple($0, delimiter: UInt8(ascii: "/"), fold: false) }) else { continue }
            accepted += 1
            let pattern = try #require(try? RoutePattern(text), "'\(text)' taken by the fast path but not parsed")
            try #require(pattern.forms.count == 1)
            let slow = FormTokens()
            slow.load(pattern.forms[0][...], fold: false, constraintIndex: [:])
            #expect(fast.currentBytes == slow.currentBytes && (0..<fast.count).map(fast.name(at:)) == (0..<slow.count).map(slow.name(at:))
                    && fast.current.map(\.kind) == slow.current.map(\.kind), "'\(text)'")
        }
        #expect(accepted > 150)
    }

    @Test func routesParseTheirPatternOnFirstUse() throws {
        let table = try RouteTable(["product/:id", "about/team", "user/:id(/:tab)", "list{L}/:item{D}"], schemes: ["shop"])
        for route in table.routes {
            #expect(route.pattern == (try RoutePattern(route.text)))
            #expect(route.pattern.text == route.text)
        }
        #expect(table.route("about/team")?.index == 1)
        #expect(table.route("user/:id(/:tab)")?.pattern.forms.count == 2)
        #expect(table.route("no/such") == nil)
        #expect(table.routes[0] == table.routes[0] && table.routes[0] != table.routes[1])
    }

    @Test func conflictsAreFoundAcrossBothPathsAndCases() {
        let cases: [([String], Bool, String)] = [
            (["About/Team", "about/TEAM"], false, "conflict: 'About/Team' and 'about/TEAM' match the same URLs"),
            (["a/:x/b", "a/*/B(/c)"], false, "conflict: 'a/:x/b' and 'a/*/B(/c)' match the same URLs"),
            (["x/y", "x/%79"], true, "conflict: 'x/y' and 'x/%79' match the same URLs"),
        ]
        for (patterns, caseSensitive, message) in cases {
            #expect(throws: RouteTableBuildError.self) { try RouteTable(patterns, caseSensitive: caseSensitive) }
            do {
                _ = try RouteTable(patterns, caseSensitive: caseSensitive)
            } catch {
                #expect(error.issues.map(\.message) == [message])
            }
        }
        #expect((try? RouteTable(["About/Team", "about/TEAM"])) != nil)
    }

    // MARK: Lookup: eight bytes at a time

    /// What the scanner's word test flags: the bytes it must look at (controls, space, DEL, `%`,
    /// `?`, `#`) and the three it passes over for a cheaper test (`!`, `"`, `$`).
    static func isSpecial(_ byte: UInt8) -> Bool {
        byte < 0x26 || byte == 0x7F || byte == UInt8(ascii: "?")
    }

    @Test func wordTestFindsEverySpecialByteAtEveryPosition() {
        for byte in UInt8.min...UInt8.max {
            for position in 0..<8 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 8)
                bytes[position] = byte
                let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                let flagged = URLScanner.specialBytes(word)
                #expect((flagged != 0) == Self.isSpecial(byte), "byte \(byte) at \(position)")
                if flagged != 0 { #expect(flagged.trailingZeroBitCount >> 3 == position, "byte \(byte) at \(position)") }
            }
        }
    }

    @Test func hexDigitReadsEveryByteAsTheRadixParserDoes() {
        for byte in UInt8.min...UInt8.max {
            let expected = UInt8(String(UnicodeScalar(byte)), radix: 16)
            #expect(PercentDecoding.hexDigit(byte) == (expected ?? 0xFF), "byte \(byte)")
            #expect(PercentDecoding.hexValue(byte) == expected, "byte \(byte)")
        }
    }

    @Test func wordTestAgreesWithTheByteTestOnRandomWords() {
        var rng = SplitMixGenerator(seed: 11)
        let interesting: [UInt8] = [0x00, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x3E, 0x3F, 0x40, 0x7E, 0x7F,
                                    0x80, 0xA0, 0xA3, 0xFF, UInt8(ascii: "a"), UInt8(ascii: "/")]
        for _ in 0..<20_000 {
            let bytes = (0..<8).map { _ in rng.chance(50) ? rng.pick(interesting) : UInt8.random(in: 0...255, using: &rng) }
            let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
            let flagged = URLScanner.specialBytes(word)
            // Flags a word exactly when it holds a special byte, and its lowest flag is the first one.
            #expect((flagged != 0) == bytes.contains(where: Self.isSpecial), "\(bytes)")
            if flagged != 0 { #expect(flagged.trailingZeroBitCount >> 3 == bytes.firstIndex(where: Self.isSpecial), "\(bytes)") }
        }
    }

    @Test func splitFindsEveryDelimiterAndEscapeInLongPaths() throws {
        let table = try RouteTable(["{rest...}"], schemes: ["shop"])
        var rng = SplitMixGenerator(seed: 3)
        let pieces = ["a", "bc", "defghij", "klmnopqrstu", "%41", "x%2Fy", "%C3%A9", "", "0123456789abcdef"]
        for _ in 0..<2_000 {
            let segments = (0..<Int.random(in: 1...6, using: &rng)).map { _ in rng.pick(pieces) }
            let path = segments.joined(separator: "/")
            let expected = segments.filter { !$0.isEmpty }.map { segment in
                Array(segment.utf8).withUnsafeBufferPointer { PercentDecoding.decode($0, plusIsSpace: false) }
            }
            let link = try table.resolve("shop://" + path)
            if expected.isEmpty {
                #expect(link.routeParameters == nil, "'\(path)'")
            } else {
                #expect(link.routeParameters == ["rest": expected.joined(separator: "/")], "'\(path)'")
            }
            // The route path leaves out leading and trailing slashes.
            var trimmed = Substring(path.drop { $0 == "/" })
            while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
            #expect(link.path == String(trimmed))
        }
    }

    // MARK: Lookup: the link keeps its input once

    @Test func resolvedLinkEqualsTheSameLinkMadeByHand() throws {
        let table = try RouteTable(["product/:id", "a/:x/:y/:z", "about/team"], schemes: ["shop"],
                                   hosts: ["shop.example.com"])
        let link = try table.resolve("HTTPS://Shop.Example.com/product/4%202?ref=mail#top")
        var made = DeepLink(url: "HTTPS://Shop.Example.com/product/4%202?ref=mail#top", scheme: "https",
                            host: "shop.example.com", path: "product/4%202", route: "product/:id",
                            routeParameters: ["id": "4 2"], queryItems: [QueryItem(name: "ref", value: "mail")],
                            fragment: "top", source: .universalLink)
        made.routeIndex = 0
        made.matchedForm = (0, 2)
        #expect(link == made)
        #expect(link.hashValue == made.hashValue)
        #expect(try link.string("id") == "4 2")
        #expect(try link.string("ref") == "mail")

        let three = try table.resolve("shop://a/1/2/3")
        #expect(three.routeParameters == ["x": "1", "y": "2", "z": "3"])
        #expect(try three.int("z") == 3)
        #expect(try table.resolve("shop://about/team").routeParameters == [:])
        #expect(try table.resolve("shop://nothing/here").routeParameters == nil)
    }

    @Test func settingTheURLKeepsTheOtherParts() throws {
        let table = try RouteTable(["product/:id"], schemes: ["shop"])
        var link = try table.resolve("SHOP://product/42")
        link.url = "something else entirely"
        #expect(link.scheme == "shop")
        #expect(link.path == "product/42")
        #expect(link.host == nil)
        link.path = "p"
        link.routeParameters = ["id": "7"]
        #expect(link.path == "p" && link.routeParameters == ["id": "7"])
        #expect(try link.int("id") == 7)
    }

    // MARK: The one open-addressing table

    @Test func slotTableFindsFillsGrowsAndRemovesInReverse() {
        // Every key hashes to one of three slots, so entries collide and probe past each other.
        let keys = (0..<1200).map { $0 * 7 }
        func hash(_ key: Int) -> Int { key % 3 }
        var table = SlotTable(minimumCapacity: 0)
        #expect(table.slots.count == 1024)
        for (entry, key) in keys.enumerated() {
            let found = table.find(hash: hash(key)) { keys[Int($0)] == key }
            #expect(found.entry == nil)
            table.fill(found.position, with: Int32(entry)) { hash(keys[Int($0)]) }
        }
        #expect(table.count == keys.count && table.slots.count == 4096)
        for (entry, key) in keys.enumerated() {
            #expect(table.find(hash: hash(key)) { keys[Int($0)] == key }.entry == Int32(entry))
        }
        for entry in stride(from: keys.count - 1, through: 500, by: -1) {
            table.removeLast(Int32(entry), hash: hash(keys[entry]))
        }
        #expect(table.count == 500)
        for (entry, key) in keys.enumerated() {
            let found = table.find(hash: hash(key)) { keys[Int($0)] == key }.entry
            #expect(found == (entry < 500 ? Int32(entry) : nil))
        }
    }
}
