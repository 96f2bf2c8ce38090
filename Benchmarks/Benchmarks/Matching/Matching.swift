import Benchmark
import BenchmarkSupport
import RoutingKit
import Switchyard

// One measured lookup per scaled iteration: every figure below is per lookup.
let benchmarks: @Sendable () -> Void = {
    for size in BenchmarkData.sizes {
        let data = BenchmarkData.load(size)
        let urls = data.urls

        // Switchyard: from the URL string to a DeepLink with decoded parameters.
        let table = Prepared<RouteTable>()
        Benchmark("Switchyard_URL_string_N=\(size)", configuration: Settings.configuration(setup: {
            table.value = Peers.switchyard(data.patterns)
            verify("Switchyard", data) { url in
                let link = try? table.value.resolve(url)
                return (link?.route, link?.routeParameters)
            }
        })) { benchmark in
            // The prepared value and the cursor are locals: the loop times the lookup, not the
            // harness's class accesses (an exclusivity check and a retain each), for every peer alike.
            let tableValue = table.value
            var cursor = Cursor()
            for _ in benchmark.scaledIterations {
                blackHole(try? tableValue.resolve(urls[cursor.next(urls.count)]))
            }
        }

        // The same with a query string and percent-encoded parameters.
        let encoded = data.encodedVariant()
        Benchmark("Switchyard_query+percent_N=\(size)", configuration: Settings.configuration(setup: {
            table.value = Peers.switchyard(data.patterns)
            verify("Switchyard (query, percent-encoded)", data, urls: encoded.urls, parameters: encoded.parameters) { url in
                let link = try? table.value.resolve(url)
                if let link, link.isMatched, link.queryParameters["utm_source"] != "news letter" { return (nil, nil) }
                return (link?.route, link?.routeParameters)
            }
        })) { benchmark in
            // The prepared value and the cursor are locals: the loop times the lookup, not the
            // harness's class accesses (an exclusivity check and a retain each), for every peer alike.
            let tableValue = table.value
            var cursor = Cursor()
            for _ in benchmark.scaledIterations {
                blackHole(try? tableValue.resolve(encoded.urls[cursor.next(encoded.urls.count)]))
            }
        }

        // The same, with the route parameters and the query read (decoded on demand).
        Benchmark("Switchyard_query+percent_read_N=\(size)", configuration: Settings.configuration(setup: {
            table.value = Peers.switchyard(data.patterns)
        })) { benchmark in
            // The prepared value and the cursor are locals: the loop times the lookup, not the
            // harness's class accesses (an exclusivity check and a retain each), for every peer alike.
            let tableValue = table.value
            var cursor = Cursor()
            for _ in benchmark.scaledIterations {
                let link = try? tableValue.resolve(encoded.urls[cursor.next(encoded.urls.count)])
                blackHole(link?.routeParameters)
                blackHole(link?.queryParameters)
            }
        }

        // routing-kit's TrieRouter, handed a path split beforehand.
        let router = Prepared<TrieRouter<String>>()
        let paths = urls.map(Peers.split)
        Benchmark("RoutingKit_pre-split_N=\(size)", configuration: Settings.configuration(setup: {
            router.value = Peers.routingKit(data.patterns)
            verify("RoutingKit (pre-split)", data) { url in
                var parameters = Parameters()
                let route = router.value.route(path: Peers.split(url), parameters: &parameters)
                let values = route.map { BenchmarkData.expectedParameters(url: url, pattern: $0).keys } ?? [:].keys
                return (route, route == nil ? nil
                    : Dictionary(uniqueKeysWithValues: values.map { ($0, parameters.get($0) ?? "") }))
            }
        })) { benchmark in
            // The prepared value and the cursor are locals: the loop times the lookup, not the
            // harness's class accesses (an exclusivity check and a retain each), for every peer alike.
            let routerValue = router.value
            var cursor = Cursor()
            for _ in benchmark.scaledIterations {
                var parameters = Parameters()
                blackHole(routerValue.route(path: paths[cursor.next(paths.count)], parameters: &parameters))
                blackHole(parameters)
            }
        }

        // routing-kit with the split timed too.
        Benchmark("RoutingKit_split_timed_N=\(size)", configuration: Settings.configuration(setup: {
            router.value = Peers.routingKit(data.patterns)
        })) { benchmark in
            // The prepared value and the cursor are locals: the loop times the lookup, not the
            // harness's class accesses (an exclusivity check and a retain each), for every peer alike.
            let routerValue = router.value
            var cursor = Cursor()
            for _ in benchmark.scaledIterations {
                var parameters = Parameters()
                blackHole(routerValue.route(path: Peers.split(urls[cursor.next(urls.count)]), parameters: &parameters))
                blackHole(parameters)
            }
        }

        // The linear scan of the Compass / URLNavigator family: one lookup per sample at 1,000 routes and more.
        let linear = Prepared<LinearMatcher>()
        Benchmark("Linear_scan_N=\(size)", configuration: Settings.configuration(
            scalingFactor: size >= 1_000 ? .one : .kilo, maxDuration: .seconds(size >= 1_000 ? 4 : 2),
            maxIterations: size >= 10_000 ? 150 : 1_000,
            setup: {
                linear.value = LinearMatcher(data.patterns)
                verify("Linear scan", data) { url in
                    let found = linear.value.match(url)
                    return (found?.route, found?.parameters)
                }
            })) { benchmark in
            // The prepared value and the cursor are locals: the loop times the lookup, not the
            // harness's class accesses (an exclusivity check and a retain each), for every peer alike.
            let linearValue = linear.value
            var cursor = Cursor()
            for _ in benchmark.scaledIterations {
                blackHole(linearValue.match(urls[cursor.next(urls.count)]))
            }
        }
    }

    // Allocations per lookup at 10,000 routes: a static route and a route with one parameter.
    let data = BenchmarkData.load(10_000)
    let staticURL = zip(data.urls, data.expected).first { $0.1.map { !$0.contains(":") } ?? false }!.0
    let oneParameterURL = zip(data.urls, data.expected).first { $0.1.map { $0.filter { $0 == ":" }.count == 1 } ?? false }!.0
    let table = Prepared<RouteTable>()
    for (name, url) in [("static_route", staticURL), ("one-parameter_route", oneParameterURL)] {
        Benchmark("Switchyard_\(name)_N=10000", configuration: Settings.configuration(setup: {
            table.value = Peers.switchyard(data.patterns)
            print("\(name): \(url)")
        })) { benchmark in
            let tableValue = table.value
            for _ in benchmark.scaledIterations {
                blackHole(try? tableValue.resolve(url))
            }
        }
    }
}
