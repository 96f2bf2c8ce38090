import CommandTestSupport
import Foundation
import Logging
import Switchyard
import SwitchyardService
@testable import SwitchyardTool
import Testing

/// What `switchyard serve` and `switchyard import` read from the command line and the environment:
/// typed at the edge, with the specific errors the command line prints.
@Suite struct ServeSettingsTests {
    @Test func keysComeFromTheEnvironmentOrAreGenerated() throws {
        let given = ServeSettings(environment: ["SWITCHYARD_API_KEY": "admin", "SWITCHYARD_APP_KEY": "app"])
        #expect(given.adminKey == "admin")
        #expect(given.appKey == "app")
        #expect(given.generatedKeysNotice.isEmpty)
        #expect(given.database == .sqlite(path: "switchyard.sqlite"))
        #expect(given.configuration(routes: RouteTableConfiguration()).baseURL == "http://127.0.0.1:8080")
        let generated = ServeSettings(environment: [:])
        #expect(generated.adminKey.count == 35)
        #expect(generated.adminKey != generated.appKey)
        #expect(generated.generatedKeysNotice.count == 2)
        #expect(generated.generatedKeysNotice[0] == "SWITCHYARD_API_KEY was not set; generated for this run: \(generated.adminKey)")
    }

    @Test func keysShorterThan16CharactersAreRefusedNamingTheirVariable() throws {
        let message = "SWITCHYARD_APP_KEY is 3 characters long; keys must be at least 16 (generate one with: openssl rand -hex 24, "
            + "or leave it unset to get a random one)"
        #expect(throws: ServeSettings.KeyTooShort(message: message)) {
            try ServeSettings(environment: ["SWITCHYARD_API_KEY": String(repeating: "k", count: 16), "SWITCHYARD_APP_KEY": "app"])
                .validateKeys()
        }
        try ServeSettings(environment: [:]).validateKeys()
    }

    /// The README's first command (the quick start) sets a key `serve` accepts.
    @Test func theReadmesQuickStartKeyIsLongEnough() throws {
        let readme = URL(fileURLWithPath: Switchyard.shopRoutes).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let command = try #require(text.split(separator: "\n").first { $0.contains("switchyard serve") && $0.contains("SWITCHYARD_API_KEY=") })
        let key = try #require(command.split(separator: " ").first { $0.hasPrefix("SWITCHYARD_API_KEY=") }?.dropFirst("SWITCHYARD_API_KEY=".count))
        try ServeSettings(environment: ["SWITCHYARD_API_KEY": String(key)]).validateKeys()
    }

    @Test(arguments: [("sqlite:/tmp/x.sqlite", DatabaseLocation.sqlite(path: "/tmp/x.sqlite")),
                      ("links.db", .sqlite(path: "links.db")),
                      ("postgres://u:p@localhost/db", .postgres(url: "postgres://u:p@localhost/db"))])
    func databaseLocations(text: String, location: DatabaseLocation) throws {
        #expect(try DatabaseLocation(text) == location)
        #expect(DatabaseLocation(argument: text) == location)
    }

    @Test func badDatabaseLocationsSayWhy() {
        #expect(throws: DatabaseLocation.Error(message: "--database must be sqlite:PATH or a postgres:// URL, got 'mysql://x'")) {
            try DatabaseLocation("mysql://x")
        }
        #expect(DatabaseLocation(argument: "mysql://x") == nil)
        #expect(DatabaseLocation.postgres(url: "postgres://user:secret@db:5432/links").description == "postgres://user:***@db:5432/links")
    }

    @Test func ratesAreCountPerPeriodOrOff() throws {
        #expect(try RateArgument(parsing: "off").rate == nil)
        #expect(try RateArgument(parsing: "7/m").rate == RateLimit(7, perSeconds: 60))
        #expect(RateArgument(argument: "many") == nil)
        #expect(RateArgument(rate: RateLimit(6000, perSeconds: 60)).defaultValueDescription == "6000/minute")
        do {
            _ = try RateArgument(parsing: "5/fortnight")
            Issue.record("5/fortnight was read as a rate")
        } catch {
            #expect(error.message == "a rate's period is second, minute or hour, got 'fortnight' in '5/fortnight'")
        }
    }

    @Test func theDeferredWindowIsADurationOrOff() {
        #expect(DurationArgument(argument: "off")?.duration == nil)
        #expect(DurationArgument(argument: "2h")?.duration == .seconds(7200))
        #expect(DurationArgument(argument: "30m")?.duration == .seconds(1800))
        #expect(DurationArgument(argument: "1d")?.duration == .seconds(86_400))
        #expect(DurationArgument(argument: "soon") == nil)
        #expect(DurationArgument(argument: "-5m") == nil)
    }

    /// `--database-timeout` reaches the store: `serve` opens it with the settings' timeout (5 s
    /// unless given), and `off` is refused, since a request cannot wait on the database forever.
    @Test func thePasswordGuessRatesReachTheService() throws {
        let defaults = try ServeCommand.parse([])
        #expect(defaults.passwordGuessRate.rate == RateLimit(10, perSeconds: 60))
        #expect(defaults.linkPasswordGuessRate.rate == RateLimit(60, perSeconds: 3600))
        let given = try ServeCommand.parse(["--password-guess-rate", "3/minute", "--link-password-guess-rate", "off"])
        var settings = ServeSettings(environment: [:])
        settings.passwordGuessRate = given.passwordGuessRate.rate
        settings.linkPasswordGuessRate = given.linkPasswordGuessRate.rate
        let limits = settings.configuration(routes: RouteTableConfiguration()).limits
        #expect(limits.passwordGuessRate == RateLimit(3, perSeconds: 60))
        #expect(limits.passwordLinkGuessRate == nil)
    }

    @Test func theDatabaseTimeoutReachesTheStore() async throws {
        #expect(try ServeCommand.parse([]).databaseTimeout.duration == .seconds(5))
        #expect(try ServeCommand.parse(["--database-timeout", "2m"]).databaseTimeout.duration == .seconds(120))
        var settings = ServeSettings(routesPath: Switchyard.shopRoutes,
                                     environment: ["SWITCHYARD_API_KEY": "timeout-admin-key-01", "SWITCHYARD_APP_KEY": "timeout-app-key-0001"])
        settings.databaseTimeout = .seconds(42)
        struct Opened: Error, Equatable { let timeout: Duration }
        await #expect(throws: Opened(timeout: .seconds(42))) {
            try await serve(settings, logger: Logger(label: "test"), print: { _ in }, openStore: { _, timeout in throw Opened(timeout: timeout) })
        }
        let refused = try Switchyard.run(["serve", "--routes", Switchyard.shopRoutes, "--database", "sqlite:/nonexistent/x.sqlite",
                                          "--database-timeout", "off"])
        #expect(refused.status == 64, "\(refused)")
        #expect(refused.standardError.contains("--database-timeout needs a duration, as 5s"), "\(refused)")
    }

    @Test func theWebhookDurationsAreRead() throws {
        let parsed = try ServeCommand.parse(["--webhook-timeout", "3m", "--webhook-retry-delay", "4m", "--webhook-retry-window", "5h"])
        #expect(parsed.webhookTimeout.duration == .seconds(180))
        #expect(parsed.webhookRetryDelay.duration == .seconds(240))
        #expect(parsed.webhookRetryWindow.duration == .seconds(5 * 3600))
    }

    /// The webhook durations have no `off` either: it is refused by name, not replaced by the default.
    @Test(arguments: [("--webhook-timeout", "as 10s"), ("--webhook-retry-delay", "as 10s"), ("--webhook-retry-window", "as 24h")])
    func aWebhookDurationRefusesOff(option: String, example: String) throws {
        let refused = try Switchyard.run(["serve", "--routes", Switchyard.shopRoutes, "--database", "sqlite:/nonexistent/x.sqlite",
                                          option, "off"])
        #expect(refused.status == 64, "\(refused)")
        #expect(refused.standardError.contains("\(option) needs a duration, \(example)"), "\(refused)")
    }

    @Test func aGeoIPFileThatIsNoDatabaseStopsTheStartBySaying() throws {
        let folder = try TemporaryDirectory()
        let text = folder.url.appendingPathComponent("country.mmdb")
        try Data("not a database".utf8).write(to: text)
        let refused = try Switchyard.run(["serve", "--routes", Switchyard.shopRoutes, "--database", "sqlite:/nonexistent/x.sqlite",
                                          "--geoip", text.path])
        #expect(refused.status == 64, "\(refused)")
        #expect(refused.standardError.contains("--geoip: '\(text.path)' is not a MaxMind database: "), "\(refused)")
        let missing = try Switchyard.run(["serve", "--routes", Switchyard.shopRoutes, "--database", "sqlite:/nonexistent/x.sqlite",
                                          "--geoip", "/nonexistent/country.mmdb"])
        #expect(missing.standardError.contains("--geoip: '/nonexistent/country.mmdb' cannot be read: No such file or directory"), "\(missing)")
    }
}
