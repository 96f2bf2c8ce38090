import Foundation
@testable import SwitchyardService
import Testing

/// Arbitrary input never crashes the readers: every outcome is a value or a specific error.
@Suite struct FirebaseRobustnessTests {
    /// A small deterministic generator (SplitMix64), so a failure reproduces.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Bytes biased towards the characters the readers care about.
    static func input(_ generator: inout SplitMix, length: Int) -> [UInt8] {
        let interesting = Array("%&=?#,\"\r\n+:/ linkapnjavascript:data:https://shop.example.com/-".utf8) + [0x00, 0xEF, 0xBB, 0xBF, 0xFF, 0xC3]
        return (0..<length).map { _ in
            generator.next() % 4 == 0 ? UInt8(truncatingIfNeeded: generator.next()) : interesting[Int(generator.next() % UInt64(interesting.count))]
        }
    }

    @Test func longLinksExportsAndMultipartBodiesNeverCrash() throws {
        var generator = SplitMix(state: 20_251_124)
        var accepted = 0
        for round in 0..<3000 {
            let bytes = Self.input(&generator, length: Int(generator.next() % 300))
            let text = String(decoding: bytes, as: UTF8.self)
            do {
                _ = try FirebaseLongLink(query: Substring(text))
                accepted += 1
            } catch {
                #expect(!error.message.isEmpty)
            }
            _ = try? FirebaseLongLink(query: Substring("link=https://shop.example.com/" + text))
            var export = FirebaseExport(source: ByteSource(bytes: bytes))
            var items = 0
            while let item = try? export.next() {
                items += 1
                if case .failure(let line, let reason) = item { #expect(line >= 1 && !reason.isEmpty) }
                if items > bytes.count + 2 { Issue.record("round \(round): more records than bytes"); break }
            }
            _ = try? MultipartForm(body: Array("--b\r\n".utf8) + bytes, boundary: "b")
        }
        #expect(accepted < 3000, "most random queries lack a valid link")
    }
}
