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

/// A link's route parameters: up to two held inline (no dictionary is built unless asked for),
/// more in a dictionary.
enum RouteParameters: Sendable, Equatable {
    /// No route matched.
    case unmatched
    case none
    case one(String, String)
    case two(String, String, String, String)
    case many([String: String])

    init(_ dictionary: [String: String]?) {
        self = dictionary.map { .many($0) } ?? .unmatched
    }

    /// The parameters as the public API shows them.
    var dictionary: [String: String]? {
        switch self {
        case .unmatched: nil
        case .none: [:]
        case .one(let name, let value): [name: value]
        case .two(let name1, let value1, let name2, let value2): [name1: value1, name2: value2]
        case .many(let dictionary): dictionary
        }
    }

    /// One parameter's value, without building a dictionary.
    func value(_ name: String) -> String? {
        switch self {
        case .unmatched, .none: nil
        case .one(let name1, let value1): name1 == name ? value1 : nil
        case .two(let name1, let value1, let name2, let value2):
            name1 == name ? value1 : (name2 == name ? value2 : nil)
        case .many(let dictionary): dictionary[name]
        }
    }

    static func == (lhs: RouteParameters, rhs: RouteParameters) -> Bool {
        lhs.dictionary == rhs.dictionary
    }
}
