import Benchmark

/// Holds what a benchmark's setup built, for its body to use.
public final class Prepared<Value>: @unchecked Sendable {
    private var stored: Value?
    /// Empty until the setup fills it.
    public init() {}
    /// The prepared value; traps when the setup did not run.
    public var value: Value {
        get { stored! }
        set { stored = newValue }
    }
}

/// Walks the sample URLs round-robin across iterations so every URL is measured.
public struct Cursor: Sendable {
    private var position = 0
    /// Starts at the first URL.
    public init() {}
    /// The next index below `count`.
    @inline(__always)
    public mutating func next(_ count: Int) -> Int {
        let current = position
        position = current + 1 == count ? 0 : current + 1
        return current
    }
}

/// The shared configuration: per-lookup metrics, few iterations in the CI smoke.
public enum Settings {
    /// Wall clock, instructions and mallocs: the last two are stable on a busy machine.
    public static var metrics: [BenchmarkMetric] { [.wallClock, .instructions, .mallocCountTotal, .throughput] }

    /// Tolerances for `thresholds check`, which compares each run's p90 with the committed
    /// `Thresholds/*.p90.json`: mallocs and instructions tightly (stable on a busy machine), wall
    /// clock only for gross regressions (the 2-core machine is shared, timings move by 3×).
    public static var thresholds: [BenchmarkMetric: BenchmarkThresholds] { [
        .wallClock: .init(relative: [.p90: 300.0]),
        .instructions: .init(relative: [.p90: 5.0]),
        .mallocCountTotal: .init(relative: [.p90: 5.0]),
        .mallocBytesCount: .init(relative: [.p90: 5.0]),
        .peakMemoryResidentDelta: .init(relative: [.p90: 100.0]),
    ] }

    /// A configuration with `scalingFactor` iterations per measured sample.
    public static func configuration(
        scalingFactor: BenchmarkScalingFactor = .kilo, metrics: [BenchmarkMetric] = metrics,
        maxDuration: Duration = .seconds(2), maxIterations: Int = 1_000,
        setup: Benchmark.BenchmarkSetupHook? = nil
    ) -> Benchmark.Configuration {
        let smoke = BenchmarkData.isSmoke
        return .init(metrics: metrics, warmupIterations: smoke ? 0 : 2, scalingFactor: scalingFactor,
                     maxDuration: smoke ? .milliseconds(1) : maxDuration, maxIterations: smoke ? 3 : maxIterations,
                     thresholds: smoke ? [:] : thresholds, setup: setup)
    }
}
