/// A part of a link (scheme, host, path): absent, held as a string, or a byte range of the
/// link's input read only when asked for.
enum LinkText: Sendable {
    case absent
    case held(String)
    /// UTF-8 offsets into the link's `url`, at ASCII boundaries; `lowercased` folds it on reading.
    case slice(start: Int, end: Int, lowercased: Bool)

    init(_ text: String?) {
        self = text.map { .held($0) } ?? .absent
    }

    /// The text, read from `url` for a slice.
    func value(in url: String) -> String? {
        switch self {
        case .absent:
            return nil
        case .held(let text):
            return text
        case .slice(let start, let end, let lowercased):
            let utf8 = url.utf8
            let lower = utf8.index(utf8.startIndex, offsetBy: start)
            let upper = utf8.index(lower, offsetBy: end - start)
            let text = String(decoding: utf8[lower..<upper], as: UTF8.self)
            return lowercased ? text.lowercased() : text
        }
    }
}
