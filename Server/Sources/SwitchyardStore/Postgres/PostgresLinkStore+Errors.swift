import PostgresNIO

extension PostgresLinkStore {
    /// PostgreSQL's failures as ``StoreError``s. A server that cannot be reached, drops the
    /// connection, is shutting down or out of connections is `.unavailable` (the service answers
    /// 503 and a later call may succeed); a row that cannot be decoded is `.corrupt`. Other server
    /// errors (a bug in a statement) pass through.
    func map(_ error: any Error) -> any Error {
        switch error {
        case is StoreError:
            return error
        case is PostgresDecodingError:
            return StoreError(.corrupt, "PostgreSQL row unreadable: \(String(reflecting: error))")
        case let error as PSQLError where error.code == .server:
            let state = error.serverInfo?[.sqlState] ?? ""
            let message = error.serverInfo?[.message] ?? "server error"
            if state == "23505" {
                return StoreError(.codeTaken, "unique violation: \(message)")
            }
            if ["08", "53", "57"].contains(where: state.hasPrefix) {
                return StoreError(.unavailable, "PostgreSQL at \(url.endpoint) unavailable: \(message) (\(state))")
            }
            return error
        case let error as PSQLError:
            let cause = error.underlying.map { ": \($0)" } ?? ""
            return StoreError(.unavailable, "PostgreSQL at \(url.endpoint) unavailable (\(error.code))\(cause)")
        default:
            return StoreError(.unavailable, "PostgreSQL at \(url.endpoint) unavailable: \(error)")
        }
    }
}
