import Foundation
import SwitchyardService
import SwitchyardStore

/// Opens (and migrates) the store a `--database` value names: ``SQLiteLinkStore`` for
/// `sqlite:PATH`, ``PostgresLinkStore`` for a `postgres://` URL. `timeout` bounds each wait on the
/// database: PostgreSQL's answer (and a connection from the pool), SQLite's write lock.
///
/// ```swift
/// let store = try await openLinkStore(DatabaseLocation("sqlite:switchyard.sqlite"))
/// ```
func openLinkStore(_ location: DatabaseLocation, timeout: Duration = .seconds(5)) async throws -> any LinkStore {
    let store: any LinkStore
    switch location {
    case .sqlite(let path):
        store = try SQLiteLinkStore(path: path, busyTimeout: timeout.timeInterval)
    case .postgres(let url): store = try PostgresLinkStore(url: url, timeout: timeout)
    }
    do {
        try await store.migrate()
    } catch {
        try? await store.close()
        throw error
    }
    return store
}
