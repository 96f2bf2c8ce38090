import Testing
@testable import Switchyard
import SwitchyardTestSupport

/// A percent-encoded pattern literal is checked with the SDK's own UTF-8 validator, because the
/// standard library's `String(validating:as:)` is iOS 18 / macOS 15 only. Where that initializer
/// exists (always on Linux, where CI runs), it is the oracle.
@Suite struct PatternUTF8Tests {
    /// Byte classes that exercise every branch of a UTF-8 validator.
    private static let byteRanges: [ClosedRange<UInt8>] = [
        0x41...0x5A,  // ASCII letters
        0x80...0xBF,  // continuation bytes
        0xC0...0xC1,  // overlong two-byte leads
        0xC2...0xDF,  // two-byte leads
        0xE0...0xE0, 0xE1...0xEC, 0xED...0xED, 0xEE...0xEF,  // three-byte leads (E0 and ED restrict the next byte)
        0xF0...0xF0, 0xF1...0xF3, 0xF4...0xF4,  // four-byte leads (F0 and F4 restrict the next byte)
        0xF5...0xFF,  // never valid
    ]

    /// A scalar from one of UTF-8's one- to four-byte ranges.
    private static func randomScalar(using generator: inout SplitMixGenerator) -> String {
        let ranges: [ClosedRange<UInt32>] = [0x41...0x5A, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFF, 0x10000...0x10FFFF]
        let value = UInt32.random(in: generator.pick(ranges), using: &generator)
        return String(Character(Unicode.Scalar(value)!))
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func decodedLiteralsAgreeWithTheStandardLibrary(seed: UInt64) throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        var generator = SplitMixGenerator(seed: seed)
        var accepted = 0
        var rejected = 0
        for _ in 0..<3_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                if generator.chance(70) {
                    bytes += Self.randomScalar(using: &generator).utf8
                } else {
                    bytes.append(UInt8.random(in: generator.pick(Self.byteRanges), using: &generator))
                }
            }
            let encoded = bytes.map { "%" + String($0, radix: 16, uppercase: true) }.joined()
            let text = "a/" + encoded
            if let expected = String(validating: bytes, as: UTF8.self) {
                let pattern = try RoutePattern(text)
                #expect(pattern.forms.first?.map(\.kind) == [.literal("a"), .literal(expected)], "\(text)")
                accepted += 1
            } else {
                do {
                    _ = try RoutePattern(text)
                    Issue.record("'\(text)' parsed, but its decoded bytes are not UTF-8")
                } catch {
                    #expect(error.code == .invalidPercentEncoding)
                    #expect(error.description == "percent-encoding is not UTF-8 at 3 in '\(text)'")
                }
                rejected += 1
            }
        }
        // Both outcomes are exercised, so the comparison means something.
        #expect(accepted > 300)
        #expect(rejected > 300)
    }
}
