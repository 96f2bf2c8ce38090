import Foundation
@testable import SwitchyardRules
import Testing

/// Instants read and written without `ISO8601DateFormatter`, checked against it.
@Suite struct RuleInstantTests {
    @Test(arguments: [
        ("2026-12-24T00:00:00Z", 1_798_070_400.0), ("2026-12-24t00:00:00z", 1_798_070_400), ("2026-12-24T01:00:00+01:00", 1_798_070_400),
        ("2026-12-23T18:30:00-05:30", 1_798_070_400), ("2026-12-24T00:00:00.250Z", 1_798_070_400.25),
        ("2026-12-24T00:00:00.5+00:00", 1_798_070_400.5), ("1970-01-01T00:00:00Z", 0), ("1969-12-31T23:59:59Z", -1),
        ("2024-02-29T12:00:00Z", 1_709_208_000), ("2000-02-29T00:00:00Z", 951_782_400), ("1900-03-01T00:00:00Z", -2_203_891_200),
    ])
    func instantsThatRead(text: String, seconds: Double) {
        #expect(RuleInstant.parse(text) == Date(timeIntervalSince1970: seconds))
    }

    @Test(arguments: ["tomorrow", "2026-12-24", "2026-12-24T00:00:00", "2026-12-24 00:00:00Z", "2026-13-01T00:00:00Z",
                      "2026-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2026-04-31T00:00:00Z", "2026-12-24T24:00:00Z",
                      "2026-12-24T00:60:00Z", "2026-12-24T00:00:60Z", "2026-12-24T00:00:00.Z", "2026-12-24T00:00:00+0100",
                      "2026-12-24T00:00:00+24:00", "2026-12-24T00:00:00Z ", "+2026-12-24T00:00:00Z", "2026-12-24T00:00:00.1234567891Z",
                      "２０２６-12-24T00:00:00Z"])
    func textsThatDoNot(text: String) {
        #expect(RuleInstant.parse(text) == nil)
    }

    @Test func readingAndWritingAgreeWithFoundationsFormatter() {
        let plain = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<500 {
            // Whole seconds and whole milliseconds between 1900 and 2200.
            let seconds = Int.random(in: -2_208_988_800...7_258_118_400, using: &generator)
            let milliseconds = Bool.random(using: &generator) ? 0 : Int.random(in: 1...999, using: &generator)
            let date = Date(timeIntervalSince1970: Double(seconds) + Double(milliseconds) / 1000)
            let written = RuleInstant.text(date)
            #expect(written == (milliseconds == 0 ? plain : fractional).string(from: date))
            #expect(RuleInstant.parse(written).map { abs($0.timeIntervalSince(date)) < 0.0005 } == true, "\(written)")
            #expect(RuleInstant.parse(written).map(RuleInstant.text) == written)
        }
    }
}
