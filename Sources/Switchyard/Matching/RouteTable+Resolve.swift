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
    /// - Throws: ``LinkInputError`` for an input that is not a readable link.
    /// - Complexity: O(*n*) in the input's length; independent of the number of routes.
    public func resolve(_ input: String, source: LinkSource? = nil) throws(LinkInputError) -> DeepLink {
        // The link is filled in place and returned as it is, never copied whole on its way out
        // (a few hundred bytes, a dozen reference counts).
        var link = DeepLink(resolving: input)
        // Through a pointer: a closure capturing `link` would make returning it a copy and a destruction.
        let error = withUnsafeMutablePointer(to: &link) { pointer in
            // A native string's bytes as they are; a bridged one's copied once.
            input.utf8.withContiguousStorageIfAvailable { bytes in resolve(bytes, into: pointer, source: source) }
                ?? Array(input.utf8).withUnsafeBufferPointer { bytes in resolve(bytes, into: pointer, source: source) }
        }
        if let error { throw error }
        return link
    }

    private func resolve(_ bytes: UnsafeBufferPointer<UInt8>, into link: UnsafeMutablePointer<DeepLink>,
                         source: LinkSource?) -> LinkInputError? {
        let scanned: ScannedURL
        do {
            scanned = try URLScanner.scan(bytes, rules: storage.rules)
        } catch {
            return error
        }
        switch scanned.kind {
        case .customScheme: link.pointee.source = source ?? .url
        case .universalLink: link.pointee.source = source ?? .universalLink
        case .path: link.pointee.source = source ?? .internal
        }
        link.pointee.schemeText = Self.slice(bytes, scanned.scheme)
        link.pointee.hostText = Self.slice(bytes, scanned.host)
        link.pointee.pathText = .slice(start: scanned.path.lowerBound, end: scanned.path.upperBound, lowercased: false)
        let delimiter = storage.rules.delimiter
        let path = scanned.path
        // One temporary buffer for the segments, the captures, the decoded segments and the scratch.
        let segmentCapacity = PathSegments.capacity(of: path)
        let captureCapacity = min(segmentCapacity, storage.matcher.maximumDepth) + 1
        let captureOffset = segmentCapacity * MemoryLayout<SegmentRef>.stride
        let decodedOffset = captureOffset + captureCapacity * MemoryLayout<Int32>.stride
        let byteCount = decodedOffset + PathSegments.bufferCapacity(of: path)
        // The matcher through an unretained reference: the table holds it for the whole call, and
        // capturing the table in the closure would cost a retain and a release (atomic operations)
        // per lookup.
        let matcher = Unmanaged.passUnretained(storage.matcher)
        let checkEscapes = scanned.hasUncommonEscape
        let error = withUnsafeTemporaryAllocation(byteCount: byteCount, alignment: MemoryLayout<Int>.alignment) {
            raw -> LinkInputError? in
            let segments = UnsafeMutableRawBufferPointer(rebasing: raw[0..<captureOffset])
                .bindMemory(to: SegmentRef.self)
            let captures = UnsafeMutableRawBufferPointer(rebasing: raw[captureOffset..<decodedOffset])
                .bindMemory(to: Int32.self)
            let buffer = UnsafeMutableRawBufferPointer(rebasing: raw[decodedOffset...]).bindMemory(to: UInt8.self)
            let (decoded, scratch) = PathSegments.halves(of: buffer)
            let count: Int
            do throws(LinkInputError) {
                count = try PathSegments.split(bytes, path, delimiter: delimiter, checkEscapes: checkEscapes,
                                               into: segments, decoded: decoded)
            } catch {
                return error
            }
            let used = UnsafeBufferPointer(rebasing: segments[0..<count])
            matcher._withUnsafeGuaranteedRef { matcher in
                let found = matcher.match(bytes, segments: used, captures: captures, decoded: decoded, scratch: scratch)
                guard found >= 0 else { return }
                // Fields are read in place: copying the form would retain every string it holds.
                let form = Int(found)
                link.pointee.matched = matcher.forms[form].matched
                link.pointee.parameters = Self.routeParameters(bytes, matcher: matcher, form: form, delimiter: delimiter,
                                                               segments: used, captures: captures, decoded: decoded)
            }
            return nil
        }
        if let error { return error }
        // The query and the fragment are checked only where the scanner saw an escape outside
        // printable ASCII; otherwise they decode to text by construction.
        if let query = scanned.query {
            // Checked now, so a bad escape is an error at once; decoded only when read.
            if checkEscapes {
                var error: LinkInputError?
                QueryText.forEachItem(bytes, query) { item in
                    error = Self.checkText(UnsafeBufferPointer(rebasing: bytes[item]), plusIsSpace: true, what: "query",
                                           offset: item.lowerBound, in: bytes)
                    return error == nil
                }
                if let error { return error }
            }
            if !query.isEmpty { link.pointee.queryText = .slice(start: query.lowerBound, end: query.upperBound) }
        }
        if let range = scanned.fragment {
            let raw = UnsafeBufferPointer(rebasing: bytes[range])
            if checkEscapes, let error = Self.checkText(raw, plusIsSpace: false, what: "fragment", offset: range.lowerBound,
                                                        in: bytes) {
                return error
            }
            link.pointee.fragment = PercentDecoding.decode(raw, plusIsSpace: false)
        }
        return nil
    }

    /// A scheme or host: read lower-cased, folded only when it has an upper-case letter.
    private static func slice(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>?) -> LinkText {
        guard let range else { return .absent }
        var hasUpper = false
        for i in range where bytes[i] >= UInt8(ascii: "A") && bytes[i] <= UInt8(ascii: "Z") { hasUpper = true }
        return .slice(start: range.lowerBound, end: range.upperBound, lowercased: hasUpper)
    }

    /// The matched form's parameters, decoded: inline for up to two names, else a dictionary.
    private static func routeParameters(_ bytes: UnsafeBufferPointer<UInt8>, matcher: CompiledMatcher, form formIndex: Int,
                                        delimiter: UInt8, segments: UnsafeBufferPointer<SegmentRef>,
                                        captures: UnsafeMutableBufferPointer<Int32>,
                                        decoded: UnsafeMutableBufferPointer<UInt8>) -> RouteParameters {
        let nameStart = Int(matcher.forms[formIndex].nameStart)
        let nameCount = Int(matcher.forms[formIndex].nameCount)
        if nameCount == 0 { return .none }
        if matcher.forms[formIndex].capturesLazily {
            // Read from the input when asked for: nothing decoded or built for a link whose
            // parameters are not read.
            @inline(__always) func capture(_ position: Int) -> RouteCapture {
                let segment = segments[Int(captures[position])]
                return RouteCapture(start: segment.start, end: segment.end, escaped: segment.hasEscape)
            }
            return .captured(capture(0), nameCount == 2 ? capture(1) : nil)
        }
        let endsWithRest = matcher.forms[formIndex].endsWithRest
        var result = RouteParameters.none
        for position in 0..<nameCount {
            guard let name = matcher.names[nameStart + position] else { continue }
            let first = Int(captures[position])
            let value: String
            if endsWithRest && position == nameCount - 1 {
                let delimiter = String(UnicodeScalar(delimiter))
                value = (first..<segments.count).map { text(bytes, segments[$0], decoded) }.joined(separator: delimiter)
            } else {
                value = text(bytes, segments[first], decoded)
            }
            switch result {
            case .none: result = .one(name, value)
            case .one(let name1, let value1): result = .two(name1, value1, name, value)
            case .two(let name1, let value1, let name2, let value2):
                result = .many([name1: value1, name2: value2, name: value])
            case .many(var dictionary):
                result = .unmatched
                dictionary[name] = value
                result = .many(dictionary)
            case .unmatched, .captured: break
            }
        }
        return result
    }

    /// A segment's decoded text (decoded once already, by the split).
    @inline(__always)
    private static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ segment: SegmentRef,
                      _ decoded: UnsafeMutableBufferPointer<UInt8>) -> String {
        String(decoding: segment.text(bytes, decoded: decoded), as: UTF8.self)
    }

    /// Query items and fragments may hold any text but NUL, and must decode to UTF-8.
    private static func checkText(_ raw: UnsafeBufferPointer<UInt8>, plusIsSpace: Bool, what: String, offset: Int,
                                  in bytes: UnsafeBufferPointer<UInt8>) -> LinkInputError? {
        guard raw.contains(UInt8(ascii: "%")) else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count) { scratch in
            let length = PercentDecoding.decode(raw, into: scratch, lowercase: false)
            let decoded = UnsafeBufferPointer(rebasing: scratch[0..<length])
            if !PercentDecoding.isValidUTF8(decoded) {
                return LinkInputError(.invalidPercentEncoding, "percent-encoding in the \(what) is not UTF-8",
                                       position: URLScanner.column(bytes, offset))
            }
            if decoded.contains(0) {
                return LinkInputError(.controlCharacter, "percent-encoded U+0000 in the \(what)",
                                       position: URLScanner.column(bytes, offset))
            }
            return nil
        }
    }
}
