extension RouteTable {
    /// Resolves an input to a link: matched (route and parameters set) or unmatched (for the
    /// default route). Inputs this table cannot read are rejected.
    ///
    /// Accepted inputs: `shop:x`, `shop://x` and `shop:///x` alike for a configured scheme; `https://`
    /// (or `http://`) URLs of a configured host; internal paths (`product/1988`); URNs
    /// (`post:BYOkwgXnwr3` when the delimiter is `:`).
    ///
    /// - Parameters:
    ///   - input: the URL, path or URN.
    ///   - source: where it came from; by default derived from its form (`.url`, `.universalLink` or `.internal`).
    /// - Throws: ``ResolutionError`` for an input that is not a readable link.
    /// - Complexity: O(*n*) in the input's length; independent of the number of routes.
    public func resolve(_ input: String, source: LinkSource? = nil) throws(ResolutionError) -> DeepLink {
        var contiguous = input
        let result = contiguous.withUTF8 { bytes in resolve(bytes: bytes, input: input, source: source) }
        return try result.get()
    }

    private func resolve(bytes: UnsafeBufferPointer<UInt8>, input: String,
                         source: LinkSource?) -> Result<DeepLink, ResolutionError> {
        let scanned: ScannedURL
        do {
            scanned = try URLScanner.scan(bytes, rules: storage.rules)
        } catch {
            return .failure(error)
        }
        let matcher = storage.matcher
        let delimiter = storage.rules.delimiter
        let path = scanned.path
        // At most one segment per two bytes, since empty segments are skipped.
        let capacity = path.count / 2 + 1
        return withUnsafeTemporaryAllocation(of: SegmentRef.self, capacity: capacity) { segments in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(path.count, 1)) { scratch in
                // Split before decoding; check each escaped segment decodes to clean UTF-8.
                var count = 0
                var start = path.lowerBound
                var hasEscape = false
                var i = path.lowerBound
                while i <= path.upperBound {
                    if i == path.upperBound || bytes[i] == delimiter {
                        if i > start {
                            if hasEscape, let error = Self.checkDecoded(bytes, start..<i, scratch: scratch) {
                                return .failure(error)
                            }
                            segments[count] = SegmentRef(start: Int32(start), end: Int32(i), hasEscape: hasEscape)
                            count += 1
                        }
                        start = i + 1
                        hasEscape = false
                    } else if bytes[i] == UInt8(ascii: "%") {
                        hasEscape = true
                    }
                    i += 1
                }
                let used = UnsafeBufferPointer(rebasing: segments[0..<count])
                let depth = min(count, matcher.maximumDepth) + 1
                return withUnsafeTemporaryAllocation(of: Int32.self, capacity: depth) { captures in
                    let found = matcher.match(bytes, segments: used, captures: captures, scratch: scratch)
                    return makeLink(bytes: bytes, input: input, scanned: scanned, segments: used,
                                    form: found >= 0 ? Int(found) : nil, captures: captures, source: source)
                }
            }
        }
    }

    private func makeLink(bytes: UnsafeBufferPointer<UInt8>, input: String, scanned: ScannedURL,
                          segments: UnsafeBufferPointer<SegmentRef>, form formIndex: Int?,
                          captures: UnsafeMutableBufferPointer<Int32>, source: LinkSource?) -> Result<DeepLink, ResolutionError> {
        func text(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
        // Every field is computed first and the link built once: mutating a `var DeepLink` field by
        // field made the optimizer copy and destroy the whole value (about 1,100 instructions a lookup).
        let linkSource: LinkSource
        switch scanned.kind {
        case .customScheme: linkSource = source ?? .url
        case .universalLink: linkSource = source ?? .universalLink
        case .path: linkSource = source ?? .internal
        }
        var route: String?
        var routeName: String?
        var routeIndex: Int?
        var matchedForm: (ordinal: Int, length: Int)?
        var routeParameters: [String: String]?
        if let formIndex {
            // Fields are read in place: copying the Route or the form would retain every array they hold.
            let forms = storage.matcher.forms
            let index = forms[formIndex].routeIndex
            route = storage.routes[index].definition.pattern
            routeName = storage.routes[index].definition.name
            routeIndex = storage.routes[index].index
            matchedForm = (forms[formIndex].formOrdinal, forms[formIndex].length)
            let names = forms[formIndex].captureNames
            if names.isEmpty {
                routeParameters = [:]
            } else {
                let endsWithRest = forms[formIndex].endsWithRest
                var parameters = [String: String](minimumCapacity: names.count)
                for position in names.indices {
                    guard let name = names[position] else { continue }
                    let first = Int(captures[position])
                    if endsWithRest && position == names.count - 1 {
                        let delimiter = String(UnicodeScalar(storage.rules.delimiter))
                        parameters[name] = (first..<segments.count).map { decode(bytes, segments[$0]) }
                            .joined(separator: delimiter)
                    } else {
                        parameters[name] = decode(bytes, segments[first])
                    }
                }
                routeParameters = parameters
            }
        }
        var queryItems: [QueryItem] = []
        if let query = scanned.query {
            switch Self.parseQuery(bytes, query) {
            case .success(let items): queryItems = items
            case .failure(let error): return .failure(error)
            }
        }
        var fragment: String?
        if let range = scanned.fragment {
            let raw = UnsafeBufferPointer(rebasing: bytes[range])
            if let error = Self.checkText(raw, plusIsSpace: false, what: "fragment", offset: range.lowerBound,
                                          in: bytes) {
                return .failure(error)
            }
            fragment = PercentDecoding.decode(raw, plusIsSpace: false)
        }
        var link = DeepLink(
            url: input, scheme: scanned.scheme.map { text($0).lowercased() },
            host: scanned.host.map { text($0).lowercased() }, path: text(scanned.path), route: route,
            routeName: routeName, routeParameters: routeParameters, queryItems: queryItems, fragment: fragment,
            source: linkSource)
        link.routeIndex = routeIndex
        link.matchedForm = matchedForm
        return .success(link)
    }

    @inline(__always)
    private func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ segment: SegmentRef) -> String {
        let raw = UnsafeBufferPointer(rebasing: bytes[Int(segment.start)..<Int(segment.end)])
        return segment.hasEscape ? PercentDecoding.decode(raw, plusIsSpace: false) : String(decoding: raw, as: UTF8.self)
    }

    /// A path segment's escapes must decode to UTF-8 without control characters.
    private static func checkDecoded(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
                                     scratch: UnsafeMutableBufferPointer<UInt8>) -> ResolutionError? {
        let raw = UnsafeBufferPointer(rebasing: bytes[range])
        let length = PercentDecoding.decode(raw, into: scratch, lowercase: false)
        let decoded = UnsafeBufferPointer(rebasing: scratch[0..<length])
        if !PercentDecoding.isValidUTF8(decoded) {
            return ResolutionError(.invalidPercentEncoding, "percent-encoding in the path is not UTF-8",
                                   position: URLScanner.column(bytes, range.lowerBound))
        }
        if let control = decoded.first(where: { $0 < 0x20 || $0 == 0x7F }) {
            return ResolutionError(.controlCharacter,
                                   "percent-encoded control character \(URLScanner.scalarName(control)) in the path",
                                   position: URLScanner.column(bytes, range.lowerBound))
        }
        return nil
    }

    /// Query items and fragments may hold any text but NUL, and must decode to UTF-8.
    private static func checkText(_ raw: UnsafeBufferPointer<UInt8>, plusIsSpace: Bool, what: String, offset: Int,
                                  in bytes: UnsafeBufferPointer<UInt8>) -> ResolutionError? {
        guard raw.contains(UInt8(ascii: "%")) else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count) { scratch in
            let length = PercentDecoding.decode(raw, into: scratch, lowercase: false)
            let decoded = UnsafeBufferPointer(rebasing: scratch[0..<length])
            if !PercentDecoding.isValidUTF8(decoded) {
                return ResolutionError(.invalidPercentEncoding, "percent-encoding in the \(what) is not UTF-8",
                                       position: URLScanner.column(bytes, offset))
            }
            if decoded.contains(0) {
                return ResolutionError(.controlCharacter, "percent-encoded U+0000 in the \(what)",
                                       position: URLScanner.column(bytes, offset))
            }
            return nil
        }
    }

    /// `a=1&b=2&flag&c=x=y`: items in order; no `=` gives an empty value; `+` is a space.
    private static func parseQuery(_ bytes: UnsafeBufferPointer<UInt8>,
                                   _ query: Range<Int>) -> Result<[QueryItem], ResolutionError> {
        var items: [QueryItem] = []
        var start = query.lowerBound
        var i = query.lowerBound
        while i <= query.upperBound {
            if i == query.upperBound || bytes[i] == UInt8(ascii: "&") {
                if i > start {
                    let item = UnsafeBufferPointer(rebasing: bytes[start..<i])
                    if let error = checkText(item, plusIsSpace: true, what: "query", offset: start, in: bytes) {
                        return .failure(error)
                    }
                    if let equals = item.firstIndex(of: UInt8(ascii: "=")) {
                        items.append(QueryItem(
                            name: PercentDecoding.decode(UnsafeBufferPointer(rebasing: item[..<equals]), plusIsSpace: true),
                            value: PercentDecoding.decode(UnsafeBufferPointer(rebasing: item[(equals + 1)...]),
                                                          plusIsSpace: true)))
                    } else {
                        items.append(QueryItem(name: PercentDecoding.decode(item, plusIsSpace: true), value: ""))
                    }
                }
                start = i + 1
            }
            i += 1
        }
        return .success(items)
    }
}
