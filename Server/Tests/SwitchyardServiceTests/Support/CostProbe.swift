import Foundation
import Hummingbird
import HummingbirdTesting
import Switchyard
import Testing

/// Not a check: the work behind BENCHMARKS.md's "A create and a cache-miss open" figures.
/// `SWITCHYARD_PROBE=creates,opens` runs that many creates on SQLite over a socket, then opens as
/// many distinct links, each missing the open cache, and prints the process's CPU time per create
/// and per open (a debug build). Their instructions, in release builds of any revisions, are counted
/// by `Benchmarks/instructions/count.py` under callgrind.
@Suite struct CostProbe {
    static let counts: (creates: Int, opens: Int)? = {
        guard let text = ProcessInfo.processInfo.environment["SWITCHYARD_PROBE"] else { return nil }
        let parts = text.split(separator: ",").compactMap { Int($0) }
        guard parts.count == 2, parts[0] >= parts[1] else { return nil }
        return (parts[0], parts[1])
    }()

    @Test(.enabled(if: counts != nil, "set SWITCHYARD_PROBE=creates,opens to print the CPU time per create and per cache-miss open"))
    func createsThenOpens() async throws {
        let counts = try #require(Self.counts)
        try await Harness.live(.sqlite) { client, _ in
            var codes: [String] = []
            let started = Self.cpuTime()
            for index in 0..<counts.creates {
                let link = try await client.create("""
                    {"route": "product", "routeParameters": {"product_id": "\(index)"}, "queryParameters": {"ref": "mail"},
                     "fallbacks": {"ios": "https://apps.apple.com/app/id123", "web": "https://shop.example.com/product/\(index)"},
                     "preview": {"title": "Shoes", "description": "Nice shoes", "image": "https://cdn.example.org/shoes.png"}}
                    """)
                codes.append(try #require(link["code"]?.stringValue))
            }
            let created = Self.cpuTime()
            for code in codes.prefix(counts.opens) {
                let response = try await client.open(code, userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15")
                #expect(response.status == .found)
            }
            let opened = Self.cpuTime()
            print(String(format: "probe: %.1f µs CPU per create, %.1f µs CPU per cache-miss open",
                         (created - started) / Double(counts.creates) * 1e6, (opened - created) / Double(max(counts.opens, 1)) * 1e6))
        }
    }

    /// The process's CPU time, in seconds.
    static func cpuTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
