import Benchmark
import BenchmarkSupport
import Foundation
import Switchyard

// Reading the 10,000-route JSON route-table file that scripts/generate.sh writes.
let benchmarks: @Sendable () -> Void = {
    let size = 10_000
    let data = BenchmarkData.load(size)
    let path = BenchmarkData.tableFile(size)
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        fatalError("benchmark data missing: \(path) (run Benchmarks/scripts/generate.sh first)")
    }
    let check: Benchmark.BenchmarkSetupHook = {
        let configuration = try RouteTableFile.load(path: path)
        precondition(configuration.routes.map(\.pattern) == data.patterns, "\(path) does not hold routes_\(size).txt")
        let table = try RouteTable(configuration)
        verify("Switchyard (from the route-table file)", data) { url in
            let link = try? table.resolve(url)
            return (link?.route, link?.routeParameters)
        }
    }
    func configuration(_ setup: Benchmark.BenchmarkSetupHook? = nil) -> Benchmark.Configuration {
        Settings.configuration(scalingFactor: .one, maxDuration: .seconds(3), maxIterations: 60, setup: setup)
    }

    Benchmark("RouteTableFile.parse_N=\(size)", configuration: configuration(check)) { _ in
        blackHole(try RouteTableFile.parse(text, fileName: "routes_\(size).json"))
    }
    Benchmark("RouteTableFile.load_N=\(size)", configuration: configuration()) { _ in
        blackHole(try RouteTableFile.load(path: path))
    }
    Benchmark("RouteTableFile.load_+_compile_N=\(size)", configuration: configuration()) { _ in
        blackHole(try RouteTable(RouteTableFile.load(path: path)))
    }
}
