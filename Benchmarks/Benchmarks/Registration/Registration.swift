import Benchmark
import BenchmarkSupport
import RoutingKit
import Switchyard

// Building the router from N patterns: the cost an app pays at launch. One build per iteration.
let benchmarks: @Sendable () -> Void = {
    for size in BenchmarkData.sizes {
        let data = BenchmarkData.load(size)
        let patterns = data.patterns
        let iterations = size >= 10_000 ? 60 : 1_000

        Benchmark("Switchyard_register_N=\(size)", configuration: Settings.configuration(
            scalingFactor: .one, maxDuration: .seconds(3), maxIterations: iterations,
            setup: { verify("Switchyard", data) { url in
                let link = try? Peers.switchyard(patterns).resolve(url)
                return (link?.route, link?.routeParameters)
            } })) { _ in
            blackHole(Peers.switchyard(patterns))
        }

        // routing-kit parses the pattern strings (`pathComponents`) and registers them.
        Benchmark("RoutingKit_register_N=\(size)", configuration: Settings.configuration(
            scalingFactor: .one, maxDuration: .seconds(3), maxIterations: iterations)) { _ in
            blackHole(Peers.routingKit(patterns))
        }

        // routing-kit's registration alone, from components parsed beforehand.
        let components = patterns.map(\.pathComponents)
        Benchmark("RoutingKit_register_pre-parsed_N=\(size)", configuration: Settings.configuration(
            scalingFactor: .one, maxDuration: .seconds(3), maxIterations: iterations)) { _ in
            blackHole(Peers.routingKit(patterns, components: components))
        }
    }
}
