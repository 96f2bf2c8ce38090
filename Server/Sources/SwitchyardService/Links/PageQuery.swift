import Hummingbird

/// A listing's `limit`, `cursor` and `q` query parameters, checked: what the link list and the
/// team's figures page by (`q` only the link list reads: a search of labels and codes).
struct PageQuery: Sendable, Hashable {
    var limit: Int
    var cursor: String?
    /// Text the label or code must contain; nil when absent or empty.
    var search: String?

    /// Reads them from `request`: `limit` from 1 to the configured maximum (default the configured
    /// page size), `cursor` as given by an earlier page.
    init(_ request: Request, limits: ServiceConfiguration.Limits) throws(Problem) {
        limit = limits.defaultPageSize
        if let text = request.uri.queryParameters["limit"] {
            guard let value = Int(String(text)), (1...limits.maximumPageSize).contains(value) else {
                throw Problem.invalid("invalid-query", "Invalid query parameter",
                                      "'limit' must be an integer from 1 to \(limits.maximumPageSize)")
            }
            limit = value
        }
        cursor = request.uri.queryParameters["cursor"].map(String.init)
        if let cursor, cursor.isEmpty || cursor.utf8.count > 256 {
            throw Problem.invalid("invalid-query", "Invalid query parameter", "'cursor' is not a cursor this service gave out")
        }
        search = request.uri.queryParameters["q"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
        if let search, search.utf8.count > 256 {
            throw Problem.invalid("invalid-query", "Invalid query parameter", "'q' is longer than 256 bytes")
        }
    }
}
