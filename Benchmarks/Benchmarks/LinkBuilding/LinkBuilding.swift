import Benchmark
import BenchmarkSupport
import Switchyard

// Reverse routing: `RouteTable.url(for:parameters:scheme:)` for every matching sample URL's route
// and parameters; one URL built per scaled iteration.
let benchmarks: @Sendable () -> Void = {
    for size in [10, 10_000] {
        let data = BenchmarkData.load(size)
        let requests = zip(data.urls, data.expected).compactMap { url, pattern in
            pattern.map { (url: url, route: $0, parameters: BenchmarkData.expectedParameters(url: url, pattern: $0)) }
        }
        let table = Prepared<RouteTable>()
        Benchmark("Switchyard_url(for:)_N=\(size)", configuration: Settings.configuration(setup: {
            table.value = Peers.switchyard(data.patterns)
            var wrong: [String] = []
            for request in requests {
                let built = try? table.value.url(for: request.route, parameters: request.parameters,
                                                 scheme: BenchmarkData.scheme)
                if built != request.url { wrong.append("\(request.route): expected \(request.url), got \(built ?? "an error")") }
            }
            if !wrong.isEmpty {
                fatalError("url(for:) at \(size) routes built \(wrong.count) URLs wrongly, e.g.\n" + wrong.prefix(5).joined(separator: "\n"))
            }
            print("verified: url(for:) at \(size) routes rebuilds all \(requests.count) URLs")
        })) { benchmark in
            // The prepared value and the cursor are locals: the loop times the lookup, not the
            // harness's class accesses (an exclusivity check and a retain each), for every peer alike.
            let tableValue = table.value
            var cursor = Cursor()
            for _ in benchmark.scaledIterations {
                let request = requests[cursor.next(requests.count)]
                blackHole(try? tableValue.url(for: request.route, parameters: request.parameters,
                                               scheme: BenchmarkData.scheme))
            }
        }
    }
}
