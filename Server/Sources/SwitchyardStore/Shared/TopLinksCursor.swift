/// Where a page of ``LinkStats/topLinks(team:fromDay:limit:cursor:)`` stopped: the last link's
/// clicks and code. Written as `CLICKS.CODE`.
struct TopLinksCursor: Hashable {
    var clicks: Int
    var code: String

    init(clicks: Int, code: String) {
        self.clicks = clicks
        self.code = code
    }

    init(parsing text: String) throws(StoreError) {
        guard let dot = text.firstIndex(of: "."), let clicks = Int(text[..<dot]), clicks >= 0,
              text.index(after: dot) < text.endIndex
        else { throw .invalidCursor(text) }
        self.clicks = clicks
        code = String(text[text.index(after: dot)...])
    }

    var text: String { "\(clicks).\(code)" }

    /// Splits totals fetched with one extra into a page.
    static func page(_ rows: [LinkTotals], limit: Int) -> LinkTotalsPage {
        guard rows.count > limit else { return LinkTotalsPage(links: rows, nextCursor: nil) }
        let links = Array(rows.prefix(limit))
        return LinkTotalsPage(links: links, nextCursor: links.last.map { TopLinksCursor(clicks: $0.clicks, code: $0.code).text })
    }
}
