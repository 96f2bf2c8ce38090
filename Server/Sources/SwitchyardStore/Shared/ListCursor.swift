/// Where a listing stopped: the last link's creation instant and code (links are listed newest
/// first, ties broken by code, descending). Written as `MILLISECONDS.CODE`.
struct ListCursor: Hashable {
    /// The last listed link's `createdAt`, in milliseconds since 1970.
    var createdAt: Int64
    /// The last listed link's code.
    var code: String

    /// The cursor after `link`.
    init(after link: SmartLink) {
        createdAt = StoredDate.milliseconds(link.createdAt)
        code = link.code
    }

    /// Reads a cursor that ``text`` wrote.
    init(parsing text: String) throws(StoreError) {
        guard let dot = text.firstIndex(of: "."),
              let milliseconds = Int64(text[..<dot]),
              text.index(after: dot) < text.endIndex
        else { throw .invalidCursor(text) }
        createdAt = milliseconds
        code = String(text[text.index(after: dot)...])
    }

    /// The opaque text handed to callers.
    var text: String { "\(createdAt).\(code)" }
}

/// Listing limits both stores apply.
enum ListLimit {
    /// The most links one page holds, whatever the caller asks.
    static let maximum = 1000

    /// `requested` clamped to `1...maximum`.
    static func clamped(_ requested: Int) -> Int { min(max(requested, 1), maximum) }
}

/// Splits `rows` fetched with one extra into a page.
func makePage(_ rows: [SmartLink], limit: Int) -> LinkPage {
    guard rows.count > limit else { return LinkPage(links: rows, nextCursor: nil) }
    let links = Array(rows.prefix(limit))
    return LinkPage(links: links, nextCursor: links.last.map { ListCursor(after: $0).text })
}
