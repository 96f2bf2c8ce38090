import Foundation

/// The generated route tables and sample URLs of one size, read from the directory that
/// `scripts/generate.sh` fills (`SWITCHYARD_BENCH_DATA`, default `Benchmarks/.generated`).
public struct BenchmarkData: Sendable {
    /// The route counts the generator produces.
    public static let sizes = [10, 100, 1_000, 10_000]

    /// The scheme of every generated URL.
    public static let scheme = "myapp"

    /// How many routes.
    public let size: Int
    /// The patterns, `:name` syntax, in registration order.
    public let patterns: [String]
    /// The sample URLs (`myapp://a/b/123`), 10% of which match nothing.
    public let urls: [String]
    /// The expected pattern for each URL, nil where it must match nothing.
    public let expected: [String?]

    /// The directory holding the generated files.
    public static var directory: String {
        if let value = ProcessInfo.processInfo.environment["SWITCHYARD_BENCH_DATA"], !value.isEmpty { return value }
        // Sources/BenchmarkSupport/BenchmarkData.swift -> Benchmarks/.generated
        let here = URL(fileURLWithPath: #filePath)
        return here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".generated").path
    }

    /// Whether the run is the CI smoke (`SWITCHYARD_BENCH_SMOKE=1`): the correctness checks only.
    public static var isSmoke: Bool { ProcessInfo.processInfo.environment["SWITCHYARD_BENCH_SMOKE"] == "1" }

    /// Reads the files of one size; stops the run with a clear message when they are missing.
    public static func load(_ size: Int) -> BenchmarkData {
        func lines(_ name: String) -> [String] {
            let path = directory + "/" + name
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                fatalError("benchmark data missing: \(path) (run Benchmarks/scripts/generate.sh first)")
            }
            return text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        }
        let patterns = lines("routes_\(size).txt")
        let urls = lines("urls_\(size).txt")
        let expected = lines("expected_\(size).txt").map { $0 == "-" ? nil : $0 }
        precondition(patterns.count == size, "routes_\(size).txt has \(patterns.count) patterns")
        precondition(urls.count == expected.count, "urls_\(size).txt and expected_\(size).txt differ in length")
        return BenchmarkData(size: size, patterns: patterns, urls: urls, expected: expected)
    }

    /// The path of the Switchyard JSON route-table file of one size.
    public static func tableFile(_ size: Int) -> String { directory + "/routes_\(size).json" }

    /// The URL's path segments after `myapp://`.
    public static func segments(of url: String) -> [Substring] {
        url.dropFirst(scheme.count + 3).split(separator: "/")
    }

    /// The parameters a URL must yield for a pattern: each `:name` segment's value.
    public static func expectedParameters(url: String, pattern: String) -> [String: String] {
        var result: [String: String] = [:]
        for (part, value) in zip(pattern.split(separator: "/"), segments(of: url)) where part.hasPrefix(":") {
            result[String(part.dropFirst())] = String(value)
        }
        return result
    }

    /// Mean number of path segments per URL.
    public var meanSegments: Double {
        Double(urls.reduce(0) { $0 + Self.segments(of: $1).count }) / Double(urls.count)
    }

    /// The URLs with a query string and the first byte of every parameter value percent-encoded
    /// (`myapp://product/%31234?ref=mail&q=a%20b`), and the decoded parameters each must yield.
    public func encodedVariant() -> (urls: [String], parameters: [[String: String]?]) {
        var urls: [String] = []
        var parameters: [[String: String]?] = []
        for (url, pattern) in zip(self.urls, expected) {
            let parts = pattern.map { $0.split(separator: "/").map(String.init) }
            var segments: [String] = []
            for (i, value) in Self.segments(of: url).enumerated() {
                if let parts, parts[i].hasPrefix(":"), let first = value.utf8.first {
                    let hex = String(first, radix: 16, uppercase: true)
                    segments.append("%" + hex + value.dropFirst())
                } else {
                    segments.append(String(value))
                }
            }
            urls.append("myapp://" + segments.joined(separator: "/") + "?ref=mail&utm_source=news%20letter&page=2")
            parameters.append(pattern.map { Self.expectedParameters(url: url, pattern: $0) })
        }
        return (urls, parameters)
    }
}

/// Stops the run when a matcher resolves a URL wrongly: a benchmark that resolves wrongly is worthless.
///
/// Every URL must reach the expected route from `expected_N.txt` (or nothing) and, where the matcher
/// reports parameters, exactly the expected decoded parameters.
public func verify(_ matcher: String, _ data: BenchmarkData, urls: [String]? = nil,
                   parameters: [[String: String]?]? = nil,
                   _ resolve: (String) -> (route: String?, parameters: [String: String]?)) {
    let urls = urls ?? data.urls
    let parameters = parameters ?? zip(data.urls, data.expected).map { url, pattern in
        pattern.map { BenchmarkData.expectedParameters(url: url, pattern: $0) }
    }
    var failures: [String] = []
    for i in urls.indices {
        let got = resolve(urls[i])
        if got.route != data.expected[i] {
            failures.append("\(urls[i]): expected \(data.expected[i] ?? "no match"), got \(got.route ?? "no match")")
        } else if let want = parameters[i], let have = got.parameters, have != want {
            failures.append("\(urls[i]): expected parameters \(want), got \(have)")
        }
    }
    if !failures.isEmpty {
        fatalError("\(matcher) at \(data.size) routes resolved \(failures.count) of \(urls.count) URLs wrongly, e.g.\n"
                   + failures.prefix(5).joined(separator: "\n"))
    }
    print("verified: \(matcher) at \(data.size) routes resolves all \(urls.count) URLs as expected")
}
