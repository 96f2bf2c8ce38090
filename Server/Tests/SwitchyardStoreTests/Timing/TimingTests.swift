import Testing

/// The suites that measure time in seconds, nested here so that they run one at a time. Beside
/// every other suite on two cores a timer fires late, so `scripts/test` leaves them out of the
/// whole run (`--skip TimingTests`) and runs them afterwards in a process of their own
/// (`--filter TimingTests`), where their bounds mean what they say.
@Suite("Timing", .serialized)
enum TimingTests {}
