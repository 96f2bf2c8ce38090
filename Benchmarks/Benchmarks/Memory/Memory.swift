import Benchmark
import BenchmarkSupport
import RoutingKit
import Switchyard

// Memory for 10,000 routes: allocations while building, and how much resident memory a built
// router holds. Each iteration builds one router and keeps it until the next iteration.
let benchmarks: @Sendable () -> Void = {
    let data = BenchmarkData.load(10_000)
    let metrics: [BenchmarkMetric] = [.mallocCountTotal, .mallocBytesCount, .peakMemoryResidentDelta,
                                      .instructions]

    let kept = Prepared<[RouteTable]>()
    Benchmark("Switchyard_memory_N=10000", configuration: Settings.configuration(
        scalingFactor: .one, metrics: metrics, maxDuration: .seconds(3), maxIterations: 20,
        setup: { kept.value = [] })) { _ in
        kept.value.append(Peers.switchyard(data.patterns))
    }

    let routers = Prepared<[TrieRouter<String>]>()
    Benchmark("RoutingKit_memory_N=10000", configuration: Settings.configuration(
        scalingFactor: .one, metrics: metrics, maxDuration: .seconds(3), maxIterations: 20,
        setup: { routers.value = [] })) { _ in
        routers.value.append(Peers.routingKit(data.patterns))
    }

    let linear = Prepared<[LinearMatcher]>()
    Benchmark("Linear_scan_memory_N=10000", configuration: Settings.configuration(
        scalingFactor: .one, metrics: metrics, maxDuration: .seconds(3), maxIterations: 20,
        setup: { linear.value = [] })) { _ in
        linear.value.append(LinearMatcher(data.patterns))
    }
}
