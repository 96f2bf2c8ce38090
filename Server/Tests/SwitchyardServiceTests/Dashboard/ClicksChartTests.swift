import Foundation
import Testing
@testable import SwitchyardService

@Suite struct ClicksChartTests {
    static let now = Date(timeIntervalSince1970: 1_900_000_000)  // 2030-03-17 17:46:40 UTC

    @Test func zeroClicksDrawAxesAndNoBars() {
        let chart = ClicksChart(counts: [], endingAt: Self.now)
        #expect(chart.days.count == 30)
        #expect(chart.total == 0)
        let svg = chart.svg
        #expect(svg.components(separatedBy: #"class="axis""#).count - 1 == 2)
        #expect(!svg.contains(#"class="bar""#))
        #expect(svg.contains(">0</text>") && svg.contains(">1</text>"), "y axis from 0 to 1")
        #expect(svg.contains(">03-17</text>") && svg.contains(">03-10</text>") && svg.contains(">02-17</text>"), "x axis: weekly from today")
        #expect(!svg.contains(">02-16</text>") && svg.components(separatedBy: #"class="x-label""#).count - 1 == 5)
        #expect(svg.contains("last 30 days: 0 in all"))
    }

    @Test func daysAreBucketedInUTCAndScaledToARoundMaximum() {
        let today = ClicksChart.startOfDay(Self.now)
        let chart = ClicksChart(counts: [(today, 7), (today.addingTimeInterval(-86_400 * 3), 2),
                                         (today.addingTimeInterval(-86_400 * 40), 9)], endingAt: Self.now)
        #expect(chart.days.last?.count == 7)
        #expect(chart.days[26].count == 2)
        #expect(chart.total == 9, "a day outside the window is left out")
        let svg = chart.svg
        #expect(svg.components(separatedBy: #"class="bar""#).count - 1 == 2)
        #expect(svg.contains(">10</text>") && svg.contains(">5</text>"))
        #expect(ClicksChart.since(Self.now) == today.addingTimeInterval(-86_400 * 29))
    }

    @Test(arguments: [(0, 1), (1, 1), (2, 2), (3, 5), (7, 10), (11, 20), (50, 50), (51, 100), (999, 1000)])
    func niceMaximum(value: Int, expected: Int) {
        #expect(ClicksChart.niceMaximum(value) == expected)
    }
}
