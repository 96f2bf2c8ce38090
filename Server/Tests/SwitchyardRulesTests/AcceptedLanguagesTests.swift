@testable import SwitchyardRules
import Testing

/// `Accept-Language` read on its bytes: quality values, wildcards, prefixes, the bounds, and a
/// naive reference reader that must agree on generated headers.
@Suite struct AcceptedLanguagesTests {
    static let browser = "fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5"

    @Test(arguments: [
        // RFC 9110's example: the named languages, and only them
        (browser, "fr", true), (browser, "fr-CH", true), (browser, "fr-FR", false), (browser, "de", true),
        (browser, "en-US", false), (browser, "es", false),
        // order and low qualities do not matter: any quality above 0 accepts
        ("en;q=0.8, fr;q=0.1", "fr", true), ("fr;q=0.001", "fr", true),
        // q=0 refuses, in any spelling
        ("fr;q=0", "fr", false), ("fr;q=0.000", "fr", false), ("fr;q=0.", "fr", false), ("de, fr;q=0", "fr", false),
        ("fr-CA;q=0, fr", "fr-CA", false), ("fr-CA;q=0, fr", "fr", true),
        // a quality that does not read drops its item
        ("fr;q=1.001", "fr", false), ("fr;q=2", "fr", false), ("fr;q=high", "fr", false), ("fr;q=", "fr", false),
        ("fr;q=0.1234", "fr", false), ("fr;q=.5", "fr", false), ("fr;q=-1", "fr", false), ("de;q=x, fr", "fr", true),
        // quality values that read
        ("fr;q=1", "fr", true), ("fr;q=1.000", "fr", true), ("fr;Q=0.5", "fr", true), ("fr ; q = 0.5", "fr", true),
        ("fr;level=1;q=0.5", "fr", true), ("fr;level=1", "fr", true), ("fr;level=1;q=0", "fr", false),
        // case, prefixes and subtags
        ("FR-ca", "fr-CA", true), ("fr-ca", "FR", true), ("fra", "fr", false), ("fr-CA-x-foo", "fr-CA", true),
        ("fr-CAN", "fr-CA", false), ("zh-Hant-TW", "zh-Hant", true), ("zh-Hans", "zh-Hant", false),
        // wildcards and empty headers name no language
        ("*", "fr", false), ("*;q=1", "en", false), ("", "fr", false), (" , ,fr", "fr", true), ("\tfr\t", "fr", true),
    ])
    func qualityValuesAndTags(header: String, tag: String, accepted: Bool) {
        #expect(AcceptedLanguages(header).accepts(tag) == accepted)
    }

    @Test func noHeaderAcceptsNothing() {
        #expect(!AcceptedLanguages(nil).accepts("fr"))
        #expect(AcceptedLanguages(nil).accepted.isEmpty)
    }

    @Test func theAcceptedTagsKeepTheHeadersOrder() {
        #expect(AcceptedLanguages(Self.browser).accepted == ["fr-ch", "fr", "en", "de", "*"])
        #expect(AcceptedLanguages("de;q=0, EN-us;q=0.2, fr").accepted == ["en-us", "fr"])
    }

    @Test func only32ItemsAreRead() {
        let filler = (0..<31).map { _ in "xx" }
        #expect(AcceptedLanguages((filler + ["fr"]).joined(separator: ",")).accepts("fr"), "the 32nd item is read")
        #expect(!AcceptedLanguages((filler + ["en", "fr"]).joined(separator: ",")).accepts("fr"), "the 33rd is not")
        #expect(AcceptedLanguages((filler + ["", " ", "fr"]).joined(separator: ",")).accepts("fr"), "empty items do not count")
    }

    @Test func onlyTheFirstKilobyteIsRead() {
        let padding = "xx;q=0.5," + String(repeating: " ", count: 1024 - 9 - 2)
        #expect(AcceptedLanguages(padding + "fr").accepts("fr"), "fr ends at byte 1,024")
        #expect(!AcceptedLanguages(padding + " fr").accepts("fr"), "f at 1,024, r past it: fr is cut to f")
        #expect(AcceptedLanguages(padding + "fr-CA").accepts("fr"), "cut to fr, still French")
        #expect(!AcceptedLanguages(String(repeating: "x", count: 5000) + ",fr").accepts("fr"))
    }

    /// A reader written for clarity rather than speed: strings, splits and Foundation-free trims.
    static func reference(_ header: String, accepts tag: String) -> Bool {
        let text = String(decoding: header.utf8.prefix(1024), as: UTF8.self).lowercased()
        func trim(_ part: Substring) -> Substring {
            var part = part
            while part.first == " " || part.first == "\t" { part.removeFirst() }
            while part.last == " " || part.last == "\t" { part.removeLast() }
            return part
        }
        func qvalue(_ text: Substring) -> Double? {
            // 0 or 1, then optionally a dot and up to three digits (zeros after a 1).
            guard let first = text.first, first == "0" || first == "1" else { return nil }
            let decimals = text.dropFirst()
            guard decimals.isEmpty || (decimals.first == "." && decimals.count <= 4) else { return nil }
            let digits = decimals.dropFirst()
            guard digits.allSatisfy({ first == "0" ? $0.isASCII && $0.isNumber : $0 == "0" }) else { return nil }
            return Double("\(first)." + digits + "0")
        }
        let items = text.split(separator: ",").map(trim).filter { !$0.isEmpty }.prefix(32)
        let wanted = tag.lowercased()
        for item in items {
            let parts = item.split(separator: ";", omittingEmptySubsequences: false)
            let name = trim(parts[0])
            var quality: Double? = 1
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                if pair.count == 2, trim(pair[0]) == "q" { quality = qvalue(trim(pair[1])) }
                if quality == nil { break }
            }
            guard let quality, quality > 0, !name.isEmpty else { continue }
            if name == wanted || name.hasPrefix(wanted + "-") { return true }
        }
        return false
    }

    @Test func theByteReaderAgreesWithTheReferenceOnGeneratedHeaders() {
        let tags = ["fr", "fr-CA", "FR-ca", "fr-FR", "en", "en-US", "de", "*", "fra", "zh-Hant-TW", "", " fr "]
        let parameters = ["", ";q=0", ";q=0.5", ";q=1", ";q=1.0", ";q=2", ";q=abc", ";Q=0.3", " ; q=0.8", ";level=1", ";q=0.0001",
                          ";q=0.", ";q=", ";q=0.5;q=0", ";level=1;q=0.2"]
        let separators = [",", ", ", " ,\t", ",,"]
        let wanted = ["fr", "fr-CA", "en", "en-us", "de", "zh-Hant", "es", "f"]
        var generator = SeededGenerator(seed: 0x5EED)
        for _ in 0..<800 {
            var header = ""
            for index in 0..<Int.random(in: 0...40, using: &generator) {
                if index > 0 { header += separators.randomElement(using: &generator)! }
                header += tags.randomElement(using: &generator)! + parameters.randomElement(using: &generator)!
            }
            let read = AcceptedLanguages(header)
            for tag in wanted {
                #expect(read.accepts(tag) == Self.reference(header, accepts: tag), "\(header) accepts \(tag)")
            }
        }
    }
}
