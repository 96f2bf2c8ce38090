import Hummingbird
import HTTPTypes

/// An HTML page rendered once and answered many times, each time with a fresh CSP nonce: it is
/// rendered with ``marker`` where the nonce goes (in the template, with its escaping), and kept as
/// the bytes between the markers, so an answer costs a nonce and one copy instead of a render.
///
/// ```swift
/// let page = NoncedPage(nonced: true) { nonce in Pages.openInApp(link: link, ..., nonce: nonce) }
/// return page.response()   // a new nonce in the body and in Content-Security-Policy
/// ```
struct NoncedPage: Sendable {
    /// What the page is rendered with in place of a nonce: 32 random hex digits drawn once per
    /// process, so no page text can contain it by chance.
    static let marker = Responses.nonce()

    /// The page's bytes around each place of the nonce (one part when it has none).
    private let parts: [ByteBuffer]
    /// Whether each answer draws a nonce (a page with a script); otherwise its CSP allows none.
    let nonced: Bool

    /// Renders the page once; `render` is given the marker, or nil when the page has no script.
    init(nonced: Bool, render: (String?) -> String) {
        self.nonced = nonced
        let text = render(nonced ? Self.marker : nil)
        guard nonced else {
            parts = [ByteBuffer(string: text)]
            return
        }
        parts = text.split(separator: Self.marker, omittingEmptySubsequences: false).map { ByteBuffer(string: String($0)) }
    }

    /// The page with a new nonce (or none), headers as ``Responses/html(_:status:nonce:)`` sets them.
    func response() -> Response {
        guard nonced else { return Responses.html(body: parts[0], nonce: nil) }
        let nonce = Responses.nonce()
        var body = ByteBuffer()
        body.reserveCapacity(parts.reduce(0) { $0 + $1.readableBytes } + (parts.count - 1) * nonce.utf8.count)
        for (index, part) in parts.enumerated() {
            if index > 0 { body.writeString(nonce) }
            body.writeImmutableBuffer(part)
        }
        return Responses.html(body: body, nonce: nonce)
    }
}
