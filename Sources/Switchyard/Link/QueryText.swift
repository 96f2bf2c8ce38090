/// A link's query: absent, held as items (a link made by hand, or whose items were set), or a
/// byte range of the link's input, decoded into items only when they are read.
///
/// Resolving checks a query's escapes (so a bad one is an error at once) but builds nothing: a
/// link whose query is never read costs no allocation for it.
enum QueryText: Sendable {
    case absent
    case held([QueryItem])
    /// UTF-8 offsets into the link's `url`: the text after `?`, up to the fragment.
    case slice(start: Int, end: Int)

    /// The items, decoded from `url` for a slice.
    ///
    /// - Complexity: O(*n*) in the query's length, on every read of a slice.
    func items(in url: String) -> [QueryItem] {
        switch self {
        case .absent:
            return []
        case .held(let items):
            return items
        case .slice(let start, let end):
            if let items = url.utf8.withContiguousStorageIfAvailable({ Self.decode($0, start..<end) }) { return items }
            return Self.decode(Array(url.utf8), start..<end)
        }
    }

    /// The first value of each name, decoded straight into the dictionary from a slice (no item
    /// array, and no value decoded for a name already seen).
    func firstValues(in url: String) -> [String: String] {
        switch self {
        case .absent: return [:]
        case .held(let items): return QueryItem.firstValues(items)
        case .slice(let start, let end):
            if let values = url.utf8.withContiguousStorageIfAvailable({ Self.firstValues($0, start..<end) }) { return values }
            return Array(url.utf8).withUnsafeBufferPointer { Self.firstValues($0, start..<end) }
        }
    }

    static func firstValues(_ bytes: UnsafeBufferPointer<UInt8>, _ query: Range<Int>) -> [String: String] {
        var values: [String: String] = [:]
        forEachItem(bytes, query) { item in
            let raw = UnsafeBufferPointer(rebasing: bytes[item])
            let equals = raw.firstIndex(of: UInt8(ascii: "=")) ?? raw.endIndex
            let name = PercentDecoding.decode(UnsafeBufferPointer(rebasing: raw[..<equals]), plusIsSpace: true)
            if values[name] == nil {
                values[name] = equals < raw.endIndex
                    ? PercentDecoding.decode(UnsafeBufferPointer(rebasing: raw[(equals + 1)...]), plusIsSpace: true) : ""
            }
            return true
        }
        return values
    }

    private static func decode(_ array: [UInt8], _ query: Range<Int>) -> [QueryItem] {
        array.withUnsafeBufferPointer { decode($0, query) }
    }

    /// `a=1&b=2&flag&c=x=y`: items in order; no `=` gives an empty value; `+` is a space.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ query: Range<Int>) -> [QueryItem] {
        var items: [QueryItem] = []
        forEachItem(bytes, query) { item in
            let raw = UnsafeBufferPointer(rebasing: bytes[item])
            if let equals = raw.firstIndex(of: UInt8(ascii: "=")) {
                items.append(QueryItem(
                    name: PercentDecoding.decode(UnsafeBufferPointer(rebasing: raw[..<equals]), plusIsSpace: true),
                    value: PercentDecoding.decode(UnsafeBufferPointer(rebasing: raw[(equals + 1)...]), plusIsSpace: true)))
            } else {
                items.append(QueryItem(name: PercentDecoding.decode(raw, plusIsSpace: true), value: ""))
            }
            return true
        }
        return items
    }

    /// Calls `body` with each non-empty item's byte range, in order, while it returns true.
    static func forEachItem(_ bytes: UnsafeBufferPointer<UInt8>, _ query: Range<Int>,
                            _ body: (Range<Int>) -> Bool) {
        var start = query.lowerBound
        var i = query.lowerBound
        while i <= query.upperBound {
            if i == query.upperBound || bytes[i] == UInt8(ascii: "&") {
                if i > start, !body(start..<i) { return }
                start = i + 1
            }
            i += 1
        }
    }
}

extension QueryItem {
    /// `items` with each name's first value replaced by its value in `parameters`, the items of
    /// names not in `parameters` removed, and the names new in `parameters` appended (sorted), so
    /// that `firstValues` of the result is `parameters`.
    static func replacingFirstValues(_ items: [QueryItem], with parameters: [String: String]) -> [QueryItem] {
        var seen: Set<String> = []
        var result: [QueryItem] = []
        for item in items {
            guard let value = parameters[item.name] else { continue }
            if seen.insert(item.name).inserted {
                result.append(QueryItem(name: item.name, value: value))
            } else {
                result.append(item)
            }
        }
        for name in parameters.keys.sorted() where !seen.contains(name) {
            result.append(QueryItem(name: name, value: parameters[name]!))
        }
        return result
    }
}
