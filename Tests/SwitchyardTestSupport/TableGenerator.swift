@_spi(SwitchyardService) package import Switchyard

/// One generated segment, kept structured so that an equivalent pattern can be derived from it.
package struct GeneratedSegment {
    package enum Kind {
        case literal(String)
        case parameter(String, constraint: String?, braced: Bool)
        case wildcard
        case rest(String)
    }

    package var kind: Kind

    package func render(_ delimiter: Character) -> String {
        switch kind {
        case .literal(let text): text
        case .parameter(let name, let constraint, let braced):
            braced || delimiter == ":" ? "{\(name)\(constraint.map { "<\($0)>" } ?? "")}"
                : ":\(name)\(constraint.map { "<\($0)>" } ?? "")"
        case .wildcard: "*"
        case .rest(let name): "{\(name)...}"
        }
    }
}

/// A generated pattern: segments and optional groups of segments.
package struct GeneratedPattern {
    package enum Element {
        case segment(GeneratedSegment)
        case group([GeneratedSegment])
    }

    package var elements: [Element]

    package func render(_ delimiter: Character) -> String {
        if elements.isEmpty { return "/" }
        var text = ""
        for element in elements {
            switch element {
            case .segment(let segment):
                if !text.isEmpty { text.append(delimiter) }
                text += segment.render(delimiter)
            case .group(let segments):
                text += "(" + String(delimiter) + segments.map { $0.render(delimiter) }.joined(separator: String(delimiter)) + ")"
            }
        }
        return text
    }
}

/// Seeded generation of route tables, of inputs for them, and of equivalent patterns.
///
/// Literals come from a tiny alphabet and parameter values from a pool that includes those literals,
/// so static routes, parameters, constraints, wildcards and rest parameters collide all the time.
package enum TableGenerator {
    package static let host = "shop.example.com"
    package static let integers = ["42", "-7", "0", "007"]
    package static let uuids = ["550e8400-e29b-41d4-a716-446655440000", "6BA7B810-9DAD-11D1-80B4-00C04FD430C8"]
    /// Values for generated URLs: literals (to collide with statics), constraint values and text to escape.
    package static let values = ["a", "b", "c", "ab", "A", "x", "42", "-7", "1a", "-", "x y", "é", "日本", "50%", "a+b",
                         "a/b", "a:b", "?", "#", "&=", uuids[0]]
    /// Values for the round trip: everything a path segment must escape.
    package static let roundTripValues = ["x", "A b", "café", "🚀", "a/b", "a:b", "100%", "1+1", "what?", "#tag", "&=;",
                                  "~._-", "%2F", "a%", "日本語", "..", "."]

    package static func pattern(_ rng: inout SplitMixGenerator, literals: [String]) -> GeneratedPattern {
        if rng.chance(4) { return GeneratedPattern(elements: []) }
        var elements: [GeneratedPattern.Element] = []
        var names = 0
        func name(_ prefix: String) -> String {
            names += 1
            return "\(prefix)\(names)"
        }
        func segment(last: Bool) -> GeneratedSegment {
            let roll = Int.random(in: 0..<100, using: &rng)
            if last && roll < 10 { return GeneratedSegment(kind: .rest(name("r"))) }
            if roll < 50 { return GeneratedSegment(kind: .literal(rng.pick(literals))) }
            if roll < 68 { return GeneratedSegment(kind: .parameter(name("p"), constraint: nil, braced: rng.chance(50))) }
            if roll < 85 {
                return GeneratedSegment(kind: .parameter(name("p"), constraint: rng.pick(["int", "uuid"]), braced: rng.chance(50)))
            }
            return GeneratedSegment(kind: .wildcard)
        }
        let count = Int.random(in: 1...4, using: &rng)
        for i in 0..<count {
            let last = i == count - 1
            if rng.chance(15) {
                let size = Int.random(in: 1...2, using: &rng)
                elements.append(.group((0..<size).map { segment(last: last && $0 == size - 1) }))
            } else {
                elements.append(.segment(segment(last: last)))
            }
        }
        return GeneratedPattern(elements: elements)
    }

    /// A table of 2 to 12 routes; one in five uses the delimiter `:`, a few are case-insensitive.
    package static func configuration(_ rng: inout SplitMixGenerator) -> RouteTableConfiguration {
        let delimiter: Character = rng.chance(20) ? ":" : "/"
        let caseSensitive = !rng.chance(15)
        let literals = caseSensitive ? ["a", "b", "c", "ab"] : ["a", "b", "A", "ab", "Ab"]
        let count = Int.random(in: 2...12, using: &rng)
        let routes = (0..<count).map { _ in RouteDefinition(pattern(&rng, literals: literals).render(delimiter)) }
        return RouteTableConfiguration(schemes: ["shop"], hosts: [host], delimiter: delimiter,
                                       caseSensitive: caseSensitive, routes: routes)
    }

    /// An input for `table`: mostly derived from one of its patterns' forms, sometimes random,
    /// now and then with a trailing slash. Returns the URL and the raw path the reference matcher reads.
    package static func input(for table: RouteTable, _ rng: inout SplitMixGenerator) -> (url: String, rawPath: String) {
        let delimiter = table.configuration.delimiter
        var raw: [String] = []
        if rng.chance(75), let route = table.routes.randomElement(using: &rng) {
            let form = rng.pick(route.pattern.forms)
            for segment in form {
                switch segment.kind {
                case .literal(let text):
                    var literal = text
                    if !table.configuration.caseSensitive && rng.chance(30) { literal = literal.uppercased() }
                    raw.append(rng.chance(10) ? encodeAll(literal) : encode(literal, &rng))
                case .parameter:
                    let value: String = switch segment.constraint {
                    case "int" where rng.chance(80): rng.pick(integers)
                    case "uuid" where rng.chance(80): rng.pick(uuids)
                    default: rng.pick(values)
                    }
                    raw.append(encode(value, &rng))
                case .wildcard:
                    raw.append(encode(rng.pick(values), &rng))
                case .rest:
                    for _ in 0..<Int.random(in: 1...3, using: &rng) { raw.append(encode(rng.pick(values), &rng)) }
                }
            }
        } else {
            for _ in 0..<Int.random(in: 0...4, using: &rng) { raw.append(encode(rng.pick(values), &rng)) }
        }
        if rng.chance(10) { raw.insert("", at: Int.random(in: 0...raw.count, using: &rng)) }
        var path = raw.joined(separator: String(delimiter))
        // A trailing slash, ignored for every delimiter (`photofeed://user:self/`).
        if rng.chance(15) { path += rng.chance(80) ? "/" : "//" }
        // A link with a scheme or host carries a query half the time; an internal path has none.
        let origin = Int.random(in: 0..<3, using: &rng)
        let suffix = origin > 0 && rng.chance(50) ? "?" + query(&rng) : ""
        switch origin {
        case 0: return (path.isEmpty ? "/" : path, path)
        case 1: return ("shop://" + path + suffix, path)
        default: return ("https://\(host)/" + path + suffix, path)
        }
    }

    /// Names and values for queries: few names, so that names repeat; each is percent-encoded
    /// when written, with `+` for a space now and then.
    package static let queryNames = ["a", "b", "ref", "a b", "é", "x+y", "&", "=", "%"]
    package static let queryValues = ["", "1", "mail", "b=c", "a b", "+", "100%", "é😀", "?#", "x&y"]

    /// A raw query (the text after `?`): 0 to 5 items; some without `=`, some `name=v1=v2`,
    /// some empty (`&&`), names often repeated.
    package static func query(_ rng: inout SplitMixGenerator) -> String {
        func written(_ text: String) -> String {
            let encoded = encode(text, &rng)
            guard rng.chance(50) else { return encoded }
            var bytes = Array(encoded.utf8)
            var plus: [UInt8] = []
            while !bytes.isEmpty {
                if bytes.starts(with: Array("%20".utf8)) {
                    plus.append(UInt8(ascii: "+"))
                    bytes.removeFirst(3)
                } else {
                    plus.append(bytes.removeFirst())
                }
            }
            return String(decoding: plus, as: UTF8.self)
        }
        var items: [String] = []
        for _ in 0..<Int.random(in: 0...5, using: &rng) {
            let name = written(rng.pick(queryNames))
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: items.append(name)
            case 1: items.append(name + "=" + written(rng.pick(queryValues)) + "=" + written(rng.pick(queryValues)))
            case 2: items.append("")
            case 3: items.append("=" + written(rng.pick(queryValues)))
            default: items.append(name + "=" + written(rng.pick(queryValues)))
            }
        }
        return items.joined(separator: "&")
    }

    /// Percent-encodes all but unreserved characters, leaving `+`, `@`, `!` raw now and then.
    package static func encode(_ text: String, _ rng: inout SplitMixGenerator) -> String {
        let keepSome = rng.chance(30)
        var output = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if PercentEncoding.isUnreserved(byte) || (keepSome && "+@!".unicodeScalars.contains(scalar)) {
                output.unicodeScalars.append(scalar)
            } else {
                output += "%" + hex(byte)
            }
        }
        return output
    }

    /// Percent-encodes every byte, even letters (`a` → `%61`).
    package static func encodeAll(_ text: String) -> String { text.utf8.map { "%" + hex($0) }.joined() }

    /// `text` with ASCII letters lower-cased, anything else unchanged.
    package static func asciiLowered(_ text: String) -> String {
        String(decoding: text.utf8.map { $0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }

    /// A pattern that matches exactly the same URLs: parameters renamed, `:x` and `{x}` swapped,
    /// `*` and plain parameters exchanged, rest parameters renamed.
    package static func equivalent(of pattern: GeneratedPattern, _ rng: inout SplitMixGenerator) -> GeneratedPattern {
        var wildcards = 0
        func derive(_ segment: GeneratedSegment) -> GeneratedSegment {
            switch segment.kind {
            case .literal: return segment
            case .parameter(_, nil, _) where rng.chance(30): return GeneratedSegment(kind: .wildcard)
            case .parameter(let name, let constraint, let braced):
                return GeneratedSegment(kind: .parameter("q" + name, constraint: constraint, braced: !braced))
            case .wildcard:
                wildcards += 1
                return GeneratedSegment(kind: .parameter("z\(wildcards)", constraint: nil, braced: rng.chance(50)))
            case .rest(let name): return GeneratedSegment(kind: .rest("s" + name))
            }
        }
        return GeneratedPattern(elements: pattern.elements.map { element in
            switch element {
            case .segment(let segment): .segment(derive(segment))
            case .group(let segments): .group(segments.map(derive))
            }
        })
    }

    /// Whether two patterns (or two forms of one pattern, when `b` is nil) match the same URLs, judged
    /// independently of the compiler: some form of each reads the same segment for segment.
    package static func haveEquivalentForms(_ a: RoutePattern, _ b: RoutePattern?, caseSensitive: Bool) -> Bool {
        func key(_ form: [PatternSegment]) -> [String] {
            form.map { segment in
                switch segment.kind {
                case .literal(let text): "L" + (caseSensitive ? text : asciiLowered(text))
                case .parameter: segment.constraint.map { "C" + $0 } ?? "P"
                case .wildcard: "P"
                case .rest: "R"
                }
            }
        }
        guard let b else {
            let keys = a.forms.map(key)
            return Set(keys).count < keys.count
        }
        let keys = Set(a.forms.map(key))
        return b.forms.contains { keys.contains(key($0)) }
    }
}
