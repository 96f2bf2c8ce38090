import Testing
@testable import SwitchyardStore

/// Decoded rules and A/B tests kept by their stored text: the same text decodes once, a text
/// that fails is never kept, and the texts kept stay within the byte bound.
@Suite struct DecodedTextsTests {
    struct Refused: Error, Equatable {}

    @Test func aTextIsDecodedOnceAndGivesTheSameValue() {
        let texts = DecodedTexts<Int>(byteLimit: 1 << 10)
        var decoded = 0
        let count = { (text: String) -> Int in decoded += 1; return text.count }
        #expect(texts.value("abc", decode: count) == 3)
        #expect(texts.value("abc", decode: count) == 3)
        #expect(texts.value("abcd", decode: count) == 4)
        #expect(decoded == 2, "the second read of \"abc\" was the kept value")
    }

    @Test func aTextThatDoesNotDecodeIsRefusedEveryTime() {
        let texts = DecodedTexts<Int>(byteLimit: 1 << 10)
        var tries = 0
        for _ in 0..<2 {
            #expect(throws: Refused()) { try texts.value("{", decode: { (_: String) throws(Refused) -> Int in tries += 1; throw Refused() }) }
        }
        #expect(tries == 2)
        #expect(texts.count == 0)
    }

    @Test func theTextsKeptStayWithinTheBound() {
        let texts = DecodedTexts<Int>(byteLimit: 1024)
        // 64-byte texts: 16 fit; the 17th forgets them all and starts again.
        for index in 0..<40 {
            let text = String(repeating: "x", count: 60) + String(format: "%04d", index)
            #expect(texts.value(text, decode: { $0.count }) == 64)
            #expect(texts.count <= 16)
        }
        #expect(texts.count == 40 % 16)
        // A text over a sixteenth of the bound is decoded each time and never kept.
        var decoded = 0
        let long = String(repeating: "y", count: 65)
        for _ in 0..<2 { _ = texts.value(long, decode: { decoded += 1; return $0.count }) }
        #expect(decoded == 2)
    }
}
