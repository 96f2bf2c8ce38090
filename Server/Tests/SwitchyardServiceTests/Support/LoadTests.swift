import Testing

/// The suites that put a load on the service (ten thousand opens on each store), nested here so
/// that `scripts/test` runs them after the rest, one at a time, in a process of their own
/// (`--filter LoadTests`): beside every other suite on two cores they hold the database long enough
/// to starve the others' calls.
@Suite("Load", .serialized)
enum LoadTests {}
