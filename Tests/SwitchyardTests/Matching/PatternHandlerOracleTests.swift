import Testing
@testable import Switchyard
import SwitchyardTestSupport

/// The one pattern-handler table against what each handler matched when it had a route table of its
/// own (one ``RouteTable`` per handler pattern, resolved for every link), on seeded generated
/// patterns and URLs.
@Suite struct PatternHandlerOracleTests {
    static let seeds: Range<UInt64> = 0..<300
    static let inputsPerTable = 30

    /// The handlers a link reaches when every handler pattern is resolved in its own table: nil for
    /// a pattern such a table refuses.
    static func perHandler(_ patterns: [String], settings: RouteTableConfiguration) -> [RouteTable?] {
        patterns.map { pattern in
            var single = settings
            single.routes = [RouteDefinition(pattern)]
            return try? RouteTable(single)
        }
    }

    @Test func oneTableFiresTheHandlersThatTheirOwnTablesWouldMatch() throws {
        var compared = 0
        var fired = 0
        var overlapping = 0
        var failures = 0
        for seed in Self.seeds {
            var rng = SplitMixGenerator(seed: seed)
            let configuration = TableGenerator.configuration(&rng)
            guard let inputs = GeneratedTables.compile(configuration, seed: seed) else { continue }
            // Handler patterns may repeat, exactly or in an equivalent spelling, and may end in `*`.
            var generated = configuration.routes.map(\.pattern)
            let literals = configuration.caseSensitive ? ["a", "b", "c", "ab"] : ["a", "b", "A", "ab", "Ab"]
            for _ in 0..<3 {
                let pattern = TableGenerator.pattern(&rng, literals: literals)
                generated.append(pattern.render(configuration.delimiter))
                generated.append(TableGenerator.equivalent(of: pattern, &rng).render(configuration.delimiter))
            }
            generated.append(rng.pick(generated))
            generated.shuffle(using: &rng)
            let patterns = generated.map { Router.handlerPattern($0, delimiter: configuration.delimiter) }
            var settings = configuration
            settings.routes = []
            let tables = Self.perHandler(patterns, settings: settings)

            var builder = PatternHandlerTableBuilder(readingAs: try RouteTableBuilder(settings))
            var kept: [Int] = []
            for (index, pattern) in patterns.enumerated() {
                do {
                    try builder.add(pattern) { _ in }
                    kept.append(index)
                    #expect(tables[index] != nil, "seed \(seed): '\(pattern)' is accepted, its own table refuses it")
                } catch {
                    #expect(tables[index] == nil, "seed \(seed): '\(pattern)' is refused (\(error)), its own table accepts it")
                }
            }
            let table = builder.build()
            for _ in 0..<Self.inputsPerTable {
                let (url, _) = TableGenerator.input(for: inputs, &rng)
                let expected = kept.indices.filter { (try? tables[kept[$0]]?.resolve(url))?.isMatched == true }
                let actual = table.indices(matching: url)
                compared += 1
                fired += actual.isEmpty ? 0 : 1
                overlapping += actual.count > 1 ? 1 : 0
                if actual != expected {
                    failures += 1
                    Issue.record("""
                        seed \(seed): '\(url)' with handlers \(kept.map { patterns[$0] }) \
                        (delimiter '\(configuration.delimiter)', caseSensitive \(configuration.caseSensitive)): \
                        one table fires \(actual), their own tables \(expected)
                        """)
                }
                if failures > 20 { return }
            }
        }
        #expect(compared >= 8_000)
        #expect(fired >= compared / 3, "too few generated inputs match a handler")
        #expect(overlapping >= compared / 10, "too few generated inputs match several handlers")
    }

    /// The walk explores every branch, so an input that several forms of the trie match reaches each.
    @Test(arguments: [
        (["a/b/c", "a/:x/c", "a/*/c", "a/{r...}", "{r...}", "a/:x<int>/c", "a/b/:y"], "a/7/c", [1, 2, 3, 4, 5]),
        (["a/b/c", "a/:x/c", "a/*/c", "a/{r...}", "{r...}", "a/:x<int>/c", "a/b/:y"], "a/b/c", [0, 1, 2, 3, 4, 6]),
        (["a/b/c", "a/:x/c", "a/*/c", "a/{r...}", "{r...}", "a/:x<int>/c", "a/b/:y"], "a", [4]),
        // Two forms of one pattern match `x/a`: its handler is found once.
        (["/", ":x", "x(/a)(/:p)"], "x/a", [2]),
        (["/", ":x", "x(/a)(/:p)"], "x", [1, 2]),
        (["/", ":x", "x(/a)(/:p)"], "/", [0]),
        (["a", "A"], "a", [0]),
    ] as [([String], String, [Int])])
    func everyMatchingFormIsFound(patterns: [String], input: String, expected: [Int]) throws {
        var builder = PatternHandlerTableBuilder(readingAs: try RouteTableBuilder(.init()))
        for pattern in patterns { try builder.add(pattern) { _ in } }
        #expect(builder.build().indices(matching: input) == expected)
    }
}
