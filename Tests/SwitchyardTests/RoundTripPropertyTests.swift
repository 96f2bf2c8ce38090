import Testing
@testable import Switchyard

/// `resolve(url(for: ...))` gives back the route and parameters asked for — or `url(for:)` says
/// the URL is shadowed — on seeded generated tables, with internal paths, a scheme and a host.
@Suite struct RoundTripPropertyTests {
    static let seeds: Range<UInt64> = 1_000..<1_300
    static let origins: [(scheme: String?, host: String?)] = [(nil, nil), ("shop", nil), (nil, TableGenerator.host)]

    @Test func builtURLsResolveBackOrAreShadowed() {
        var built = 0
        var shadowed = 0
        for seed in Self.seeds {
            var rng = SplitMixGenerator(seed: seed)
            guard let table = GeneratedTables.compile(TableGenerator.configuration(&rng), seed: seed) else { continue }
            for route in table.routes {
                for form in route.pattern.forms {
                    let parameters = Self.parameters(for: form, delimiter: table.configuration.delimiter, &rng)
                    for origin in Self.origins {
                        do {
                            let url = try table.url(for: route.text, parameters: parameters, scheme: origin.scheme,
                                                    host: origin.host)
                            let link = try table.resolve(url)
                            var expected = parameters
                            expected["*"] = nil
                            #expect(link.routeIndex == route.index && link.routeParameters == expected,
                                    "seed \(seed): '\(url)' built for '\(route.text)' \(parameters) opens '\(link.route ?? "nothing")' \(link.routeParameters ?? [:])")
                            built += 1
                        } catch let error as LinkBuildError where error.code == .shadowed {
                            #expect(error.openedRoute != route.text || error.message.contains(" with "),
                                    "seed \(seed): \(error)")
                            shadowed += 1
                        } catch {
                            Issue.record("seed \(seed): '\(route.text)' with \(parameters): \(error)")
                        }
                    }
                }
            }
        }
        #expect(built >= 3_000)
        #expect(built >= 3 * shadowed, "too many shadowed URLs (\(shadowed)) for the property to say much")
    }

    @Test func resolvedLinksRebuildToThemselves() throws {
        var rebuilt = 0
        var shadowed = 0
        for seed in Self.seeds {
            var rng = SplitMixGenerator(seed: seed)
            guard let table = GeneratedTables.compile(TableGenerator.configuration(&rng), seed: seed) else { continue }
            for _ in 0..<20 {
                let link = try table.resolve(TableGenerator.input(for: table, &rng).url)
                guard link.isMatched else { continue }
                let origin = rng.pick(Self.origins)
                do {
                    let url = try table.url(for: link, scheme: origin.scheme, host: origin.host)
                    let again = try table.resolve(url)
                    #expect(again.route == link.route && again.routeParameters == link.routeParameters,
                            "seed \(seed): '\(link.url)' rebuilt as '\(url)' opens '\(again.route ?? "nothing")' \(again.routeParameters ?? [:])")
                    #expect(again.queryItems == link.queryItems && again.fragment == link.fragment)
                    rebuilt += 1
                } catch let error as LinkBuildError where error.code == .shadowed {
                    // Only a rest value holding an escaped delimiter re-splits into other segments.
                    shadowed += 1
                } catch {
                    Issue.record("seed \(seed): rebuilding '\(link.url)': \(error)")
                }
            }
        }
        #expect(rebuilt >= 3_000)
        #expect(rebuilt >= 20 * shadowed)
    }

    /// Values for every key a form takes; constrained ones satisfy their constraint.
    static func parameters(for form: [PatternSegment], delimiter: Character,
                           _ rng: inout SplitMixGenerator) -> [String: String] {
        var parameters: [String: String] = [:]
        for segment in form {
            switch segment.kind {
            case .literal: break
            case .parameter(let name):
                parameters[name] = switch segment.constraint {
                case "int": rng.pick(TableGenerator.integers)
                case "uuid": rng.pick(TableGenerator.uuids)
                default: rng.pick(TableGenerator.roundTripValues)
                }
            case .wildcard:
                parameters["*"] = rng.pick(TableGenerator.roundTripValues)
            case .rest(let name):
                let pieces = (0..<Int.random(in: 1...3, using: &rng)).map { _ in rng.pick(TableGenerator.roundTripValues) }
                parameters[name] = pieces.joined(separator: String(delimiter))
            }
        }
        return parameters
    }
}
