import Testing

/// The suites that measure time in seconds (a lease extended against the wall clock, events within
/// seconds beside a trickling receiver), nested here so that `scripts/test` runs them after the
/// rest, one at a time, in a process of their own (`--filter TimingTests`), where their bounds mean
/// what they say.
@Suite("Timing", .serialized)
enum TimingTests {}
