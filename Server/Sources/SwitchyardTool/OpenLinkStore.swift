import SwitchyardService
import SwitchyardStore

/// Opens (and migrates) the store a `--database` value names: ``SQLiteLinkStore`` for
/// `sqlite:PATH`, ``PostgresLinkStore`` for a `postgres://` URL.
///
/// ```swift
/// let store = try await openLinkStore(DatabaseLocation("sqlite:switchyard.sqlite"))
/// ```
func openLinkStore(_ location: DatabaseLocation) async throws -> any LinkStore {
    let store: any LinkStore
    switch location {
    case .sqlite(let path): store = try SQLiteLinkStore(path: path)
    case .postgres(let url): store = try PostgresLinkStore(url: url)
    }
    do {
        try await store.migrate()
    } catch {
        try? await store.close()
        throw error
    }
    return store
}
