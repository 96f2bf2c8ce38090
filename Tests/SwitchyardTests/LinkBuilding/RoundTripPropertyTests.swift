import Testing
@testable import Switchyard
import SwitchyardTestSupport

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
                            let query = origin.scheme == nil && origin.host == nil ? [] : Self.queryItems(&rng)
                            let url = try table.url(for: route.text, parameters: parameters, query: query,
                                                    scheme: origin.scheme, host: origin.host)
                            let link = try table.resolve(url)
                            // Every item comes back, but one with neither name nor value, which writes nothing.
                            let kept = query.filter { !($0.name.isEmpty && $0.value.isEmpty) }
                            #expect(link.queryItems == kept, "seed \(seed): '\(url)' built with \(query)")
                            #expect(link.queryParameters == ReferenceQuery.parameters(ofURL: url), "seed \(seed): '\(url)'")
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
                let input = TableGenerator.input(for: table, &rng).url
                let link = try table.resolve(input)
                let items = ReferenceQuery.items(ofURL: input)
                #expect(link.queryItems.map(\.name) == items.map(\.name)
                        && link.queryItems.map(\.value) == items.map(\.value), "seed \(seed): '\(input)'")
                guard link.isMatched else { continue }
                let origin = rng.pick(Self.origins)
                do {
                    let url = try table.url(for: link, scheme: origin.scheme, host: origin.host)
                    let again = try table.resolve(url)
                    #expect(again.route == link.route && again.routeParameters == link.routeParameters,
                            "seed \(seed): '\(link.url)' rebuilt as '\(url)' opens '\(again.route ?? "nothing")' \(again.routeParameters ?? [:])")
                    // An item with neither name nor value (`?=`) writes nothing, so it does not come back.
                    let kept = link.queryItems.filter { !($0.name.isEmpty && $0.value.isEmpty) }
                    #expect(again.queryItems == kept && again.fragment == link.fragment,
                            "seed \(seed): '\(input)' rebuilt as '\(url)'")
                    #expect(again.queryParameters == QueryItem.firstValues(kept), "seed \(seed): '\(url)'")
                    #expect(ReferenceQuery.parameters(ofURL: url) == again.queryParameters)
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

    /// 0 to 4 query items from the generator's names and values (names repeat; empty ones too).
    static func queryItems(_ rng: inout SplitMixGenerator) -> [QueryItem] {
        let names = TableGenerator.queryNames + [""]
        return (0..<Int.random(in: 0...4, using: &rng)).map { _ in
            QueryItem(name: rng.pick(names), value: rng.pick(TableGenerator.queryValues))
        }
    }
}
