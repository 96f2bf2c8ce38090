import Testing
@testable import Switchyard
import SwitchyardTestSupport

/// The compiled matcher against the naive reference matcher, on seeded generated tables and URLs.
@Suite struct MatcherOracleTests {
    static let seeds: Range<UInt64> = 0..<400
    static let inputsPerTable = 40

    @Test func compiledMatcherAgreesWithTheReference() throws {
        var compared = 0
        var matched = 0
        var failures = 0
        var withQuery = 0
        for seed in Self.seeds {
            var rng = SplitMixGenerator(seed: seed)
            let configuration = TableGenerator.configuration(&rng)
            guard let table = GeneratedTables.compile(configuration, seed: seed) else { continue }
            let reference = ReferenceMatcher(routes: table.routes, delimiter: configuration.delimiter,
                                             caseSensitive: configuration.caseSensitive)
            for _ in 0..<Self.inputsPerTable {
                let (url, rawPath) = TableGenerator.input(for: table, &rng)
                let expected = reference.match(rawPath: rawPath)
                #expect(!expected.tie, "seed \(seed): two forms tie for '\(url)' in \(table.routes.map(\.text))")
                let link: DeepLink
                do {
                    link = try table.resolve(url)
                } catch {
                    Issue.record("seed \(seed): '\(url)' was rejected: \(error)")
                    failures += 1
                    continue
                }
                compared += 1
                let items = ReferenceQuery.items(ofURL: url)
                #expect(link.queryItems.map(\.name) == items.map(\.name)
                        && link.queryItems.map(\.value) == items.map(\.value),
                        "seed \(seed): the query of '\(url)' decodes to \(link.queryItems), the reference to \(items)")
                #expect(link.queryParameters == ReferenceQuery.parameters(ofURL: url), "seed \(seed): '\(url)'")
                if !items.isEmpty { withQuery += 1 }
                let actual = link.routeIndex.map { ReferenceMatcher.Match(route: $0, parameters: link.routeParameters ?? [:]) }
                if actual != nil { matched += 1 }
                if actual != expected.match {
                    failures += 1
                    Issue.record("""
                        seed \(seed): '\(url)' in \(table.routes.map(\.text)) \
                        (delimiter '\(configuration.delimiter)', caseSensitive \(configuration.caseSensitive)): \
                        compiled \(describe(actual, table)), reference \(describe(expected.match, table))
                        """)
                }
                if failures > 20 { return }
            }
        }
        #expect(compared >= 10_000)
        #expect(withQuery >= compared / 5, "too few generated inputs carry a query")
        #expect(matched >= compared / 3, "too few generated inputs match a route to test precedence")
    }

    @Test func resolutionDoesNotDependOnRegistrationOrder() throws {
        var compared = 0
        for seed in Self.seeds.prefix(200) {
            var rng = SplitMixGenerator(seed: seed)
            let configuration = TableGenerator.configuration(&rng)
            guard let table = GeneratedTables.compile(configuration, seed: seed) else { continue }
            var shuffled = table.configuration
            shuffled.routes.shuffle(using: &rng)
            let other = try #require(try? RouteTable(shuffled), "seed \(seed): the shuffled table does not compile")
            for _ in 0..<30 {
                let (url, _) = TableGenerator.input(for: table, &rng)
                let a = try table.resolve(url)
                let b = try other.resolve(url)
                #expect(a.route == b.route && a.routeParameters == b.routeParameters,
                        "seed \(seed): '\(url)' opens \(a.route ?? "nothing") \(a.routeParameters ?? [:]) in declaration order, \(b.route ?? "nothing") \(b.routeParameters ?? [:]) shuffled")
                compared += 1
            }
        }
        #expect(compared >= 3_000)
    }

    @Test func everyEquivalentPairIsAConflict() {
        for seed in Self.seeds {
            var rng = SplitMixGenerator(seed: seed)
            let delimiter: Character = rng.chance(20) ? ":" : "/"
            let pattern = TableGenerator.pattern(&rng, literals: ["a", "b", "c"])
            let derived = TableGenerator.equivalent(of: pattern, &rng)
            let (a, b) = (pattern.render(delimiter), derived.render(delimiter))
            var routes = [RouteDefinition(a), RouteDefinition(b)]
            // Unrelated routes around the pair must not hide the conflict.
            routes.insert(RouteDefinition("z\(seed)/:x"), at: Int.random(in: 0...2, using: &rng))
            let configuration = RouteTableConfiguration(delimiter: delimiter, routes: routes)
            let first = routes.firstIndex { $0.pattern == a }!
            let second = routes.lastIndex { $0.pattern == b }!
            #expect("seed \(seed): '\(a)' and '\(b)'") {
                _ = try RouteTable(configuration)
            } throws: { error in
                (error as! RouteTableBuildError).issues.contains {
                    $0.code == .conflict && $0.patterns == [a, b] && $0.routeIndices == [first, second]
                }
            }
        }
    }

    /// Regression cases worth pinning from the generated runs.
    @Test(arguments: [
        (["a/:x/b", "a/*/c", "a/{r...}"], "a/1/c", "a/*/c", [String: String]()),
        (["a/:x/b", "a/*/c", "a/{r...}"], "a/1/d", "a/{r...}", ["r": "1/d"]),
        // A static segment wins at its position even though a rest parameter follows it.
        (["a/:x<int>/b", "a/:y/b", "a/b/{r...}"], "a/b/b", "a/b/{r...}", ["r": "b"]),
        (["a/:x<int>/b", "a/:y/b", "a/b/{r...}"], "a/7/b", "a/:x<int>/b", ["x": "7"]),
    ] as [([String], String, String, [String: String])])
    func pinnedPrecedence(patterns: [String], url: String, route: String, parameters: [String: String]) throws {
        let table = try RouteTable(patterns)
        let link = try table.resolve(url)
        let reference = ReferenceMatcher(routes: table.routes, delimiter: "/", caseSensitive: true).match(rawPath: url)
        #expect(link.route == route)
        #expect(link.routeParameters == parameters)
        #expect(reference.match == ReferenceMatcher.Match(route: table.route(route)!.index, parameters: parameters))
    }

    private func describe(_ match: ReferenceMatcher.Match?, _ table: RouteTable) -> String {
        guard let match else { return "no route" }
        return "'\(table.routes[match.route].text)' \(match.parameters)"
    }
}
