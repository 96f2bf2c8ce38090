import Hummingbird
import SwitchyardService
import SwitchyardStore
import SwitchyardTraffic
import Testing

/// swift-service-lifecycle names each service it runs by `"\(service)"`, which for a type without a
/// description is a reflection of every stored property, values held by them included. The route
/// table, the open cache and the bot classifier's automaton (thousands of states) took minutes of
/// both threads to print that way at every start, so what holds them describes itself in a line.
@Suite struct ServiceDescriptionTests {
    @Test func everyServiceTheApplicationRunsPrintsInAFewLines() throws {
        let app = try buildApplication(configuration: Harness.configuration(), store: InMemoryLinkStore(), logger: Harness.logger)
        #expect(app.services.count >= 9)
        for service in app.services {
            let printed = "\(service)"
            #expect(printed.utf8.count < 2_000, "\(type(of: service)) prints \(printed.utf8.count) bytes: \(printed.prefix(300))")
        }
    }

    @Test func classifiersDescribeTheirListsNotTheirStates() {
        let classifier = TrafficClassifier()
        let patterns = BotPatterns.builtIn
        #expect("\(classifier)" == "TrafficClassifier(\(patterns.userAgents.count) user agents, \(patterns.referrers.count) referrers, "
                + "\(patterns.addressRanges.count) address ranges; window 3600.0 seconds)")
        #expect("\(patterns)".hasPrefix("BotPatterns(\(patterns.userAgents.count) user agents"))
    }
}
