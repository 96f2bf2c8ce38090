// A plain executable for instruction-level profiles of the hot paths:
//   swift build -c release -Xswiftc -g --product Profile
//   valgrind --tool=callgrind .build/release/Profile lookup 10000
// Modes: lookup N (resolve every URL 20 times), encoded N, bare N (encoded, nothing read), register N (build 5 times), static, parameter;
// map N (a Router: every pattern mapped to a closure, a gate filter appended, the table built; 5 times);
// rlookup N (Router.resolve on the router of `router`, every URL 20 times);
// filemap N (the router of `router`, then every pattern mapped to a closure, as an app attaches
// destinations to a route-table file's routes; 5 times);
// router N (a Router made from a configuration of the N routes, then its table; 5 times);
// idle N (the data loaded, nothing else: subtracted from wall-clock timings);
// routing-kit for comparison: rklookup N (pre-split paths, 20 times), rkregister N (5 times).
import BenchmarkSupport
import RoutingKit
import Switchyard

let arguments = CommandLine.arguments
let mode = arguments.count > 1 ? arguments[1] : "lookup"
let size = arguments.count > 2 ? Int(arguments[2]) ?? 10_000 : 10_000
// Rounds over the URLs (default 20): two runs with different counts give the per-lookup cost by difference.
let rounds = arguments.count > 3 ? Int(arguments[3]) ?? 20 : 20
let data = BenchmarkData.load(size)
var sink = 0
switch mode {
case "register":
    for _ in 0..<5 { sink &+= Peers.switchyard(data.patterns).routes.count }
case "map":
    for _ in 0..<5 { sink &+= Peers.mappedRouter(data.patterns).table().routes.count }
case "router":
    for _ in 0..<5 { sink &+= Peers.configuredRouter(data.patterns).table().routes.count }
case "idle":
    sink &+= data.patterns.count
case "filemap":
    for _ in 0..<5 {
        let router = Peers.configuredRouter(data.patterns)
        for pattern in data.patterns {
            do { try router.map(pattern) { _ in } } catch { fatalError("\(error)") }
        }
        sink &+= router.table().routes.count
    }
case "rlookup":
    let router = Peers.configuredRouter(data.patterns)
    for _ in 0..<rounds {
        for url in data.urls { sink &+= (try? router.resolve(url))?.routeParameters?.count ?? 0 }
    }
case "encoded", "lookup":
    let table = Peers.switchyard(data.patterns)
    let urls = mode == "encoded" ? data.encodedVariant().urls : data.urls
    for _ in 0..<rounds {
        for url in urls { sink &+= (try? table.resolve(url))?.routeParameters?.count ?? 0 }
    }
case "bare":
    // The query + percent-encoded URLs, resolved and nothing read (the Matching target's query row).
    let table = Peers.switchyard(data.patterns)
    let urls = data.encodedVariant().urls
    for _ in 0..<rounds {
        for url in urls { sink &+= (try? table.resolve(url))?.isMatched == true ? 1 : 0 }
    }
case "static", "parameter":
    let table = Peers.switchyard(data.patterns)
    let url = zip(data.urls, data.expected).first { pair in
        guard let pattern = pair.1 else { return false }
        let count = pattern.filter { $0 == ":" }.count
        return mode == "static" ? count == 0 : count == 1
    }!.0
    print(url)
    for _ in 0..<100_000 { sink &+= (try? table.resolve(url))?.routeParameters?.count ?? 0 }
case "rkregister":
    for _ in 0..<5 { withExtendedLifetime(Peers.routingKit(data.patterns)) { sink &+= 1 } }
case "rklookup":
    let router = Peers.routingKit(data.patterns)
    let paths = data.urls.map(Peers.split)
    for _ in 0..<rounds {
        for path in paths {
            var parameters = Parameters()
            sink &+= router.route(path: path, parameters: &parameters)?.count ?? 0
        }
    }
default:
    fatalError("unknown mode \(mode)")
}
print(sink)
