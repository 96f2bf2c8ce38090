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

extension Migration {
    /// `steps` in version order: the written steps and the generated link columns
    /// (``LinkColumns/migrations(types:false:)``) interleave by version.
    static func ordered(_ steps: [Migration]) -> [Migration] {
        precondition(Set(steps.map(\.version)).count == steps.count, "two schema steps share a version")
        return steps.sorted { $0.version < $1.version }
    }
}
