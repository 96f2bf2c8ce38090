/// One forward-only schema step. Applied steps are recorded in a version table
/// (`switchyard_schema_migrations`) and never run twice.
struct Migration: Sendable {
    /// The schema version this step produces (1, 2, ...).
    var version: Int
    /// What it does, recorded beside the version.
    var name: String
    /// The statements, run in order inside one transaction.
    var statements: [String]
}
