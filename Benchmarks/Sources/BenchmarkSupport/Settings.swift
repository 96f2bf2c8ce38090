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
public final class Cursor: @unchecked Sendable {
    private var position = 0
    /// Starts at the first URL.
    public init() {}
    /// The next index below `count`.
    @inline(__always)
    public func next(_ count: Int) -> Int {
        let current = position
        position = current + 1 == count ? 0 : current + 1
        return current
    }
}

/// The shared configuration: per-lookup metrics, few iterations in the CI smoke.
public enum Settings {
    /// Wall clock, instructions and mallocs: the last two are stable on a busy machine.
    public static var metrics: [BenchmarkMetric] { [.wallClock, .instructions, .mallocCountTotal, .throughput] }

    /// Thresholds: instructions and mallocs are checked tightly, wall clock loosely (the machine is shared).
    public static var thresholds: [BenchmarkMetric: BenchmarkThresholds] { [
        .wallClock: .init(relative: [.p50: 50.0]),
        .instructions: .init(relative: [.p50: 5.0]),
        .mallocCountTotal: .init(relative: [.p50: 0.0], absolute: [.p50: 1]),
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
