/// A naive query decoder written from DESIGN.md's rules, for the oracle and round-trip tests:
/// the query is the text after the first `?` up to `#`; items are split on `&`, empty ones
/// dropped; an item's name ends at its first `=` (`a=b=c` gives `a` the value `b=c`), and an item
/// without `=` has the empty value; `+` is a space; `%XX` is a byte; the first value of a name wins.
enum ReferenceQuery {
    static func items(ofURL url: String) -> [(name: String, value: String)] {
        guard let question = url.firstIndex(of: "?") else { return [] }
        var query = url[url.index(after: question)...]
        if let hash = query.firstIndex(of: "#") { query = query[..<hash] }
        return query.split(separator: "&", omittingEmptySubsequences: true).map { item in
            guard let equals = item.firstIndex(of: "=") else { return (decode(item), "") }
            return (decode(item[..<equals]), decode(item[item.index(after: equals)...]))
        }
    }

    static func parameters(ofURL url: String) -> [String: String] {
        var parameters: [String: String] = [:]
        for item in items(ofURL: url) where parameters[item.name] == nil { parameters[item.name] = item.value }
        return parameters
    }

    /// `+` becomes a space first, so `%2B` stays a plus.
    static func decode(_ text: Substring) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count,
               let byte = UInt8(String(decoding: bytes[(i + 1)...(i + 2)], as: UTF8.self), radix: 16) {
                output.append(byte)
                i += 3
            } else {
                output.append(bytes[i] == UInt8(ascii: "+") ? UInt8(ascii: " ") : bytes[i])
                i += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
