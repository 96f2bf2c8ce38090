/// A router's pattern handlers compiled into one matcher: a link's path is walked once, down every
/// branch that matches, and the answer is every handler whose pattern matches it.
///
/// Built by ``PatternHandlerTableBuilder``; a `Sendable` value that the pipeline takes with the
/// rest of its snapshot, so handlers registered while links are opened never change a run that began.
struct PatternHandlerTable: Sendable {
    /// A block handler.
    typealias Body = @Sendable (DeepLink) async -> Void

    let matcher: CompiledMatcher
    let rules: ScannerRules
    /// The handlers of each distinct form, by form index, in registration order.
    let groups: [[Int]]
    let bodies: [Body]

    /// The handlers whose pattern matches `link`'s URL, read with the router's schemes, hosts and
    /// delimiter, in registration order; none when the URL is not one the router reads. The path
    /// alone decides: the query and fragment never do.
    ///
    /// - Complexity: O(1) with no pattern handler; else O(*n*) in the URL's length plus the trie
    ///   nodes the walk visits (each at most once), plus O(*h* log *h*) for the *h* handlers that match.
    func handlers(for link: DeepLink) -> [Body] {
        if bodies.isEmpty { return [] }
        return indices(matching: link.url).map { bodies[$0] }
    }

    /// The indices of the handlers whose pattern matches `input`, ascending.
    func indices(matching input: String) -> [Int] {
        var input = input
        return input.withUTF8 { bytes -> [Int] in
            guard let scanned = try? URLScanner.scan(bytes, rules: rules) else { return [] }
            let path = scanned.path
            var forms: [Int32] = []
            withUnsafeTemporaryAllocation(of: SegmentRef.self, capacity: PathSegments.capacity(of: path)) { segments in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: PathSegments.bufferCapacity(of: path)) { buffer in
                    let (decoded, scratch) = PathSegments.halves(of: buffer)
                    guard let count = try? PathSegments.split(bytes, path, delimiter: rules.delimiter,
                                                              checkEscapes: scanned.hasUncommonEscape,
                                                              into: segments, decoded: decoded) else { return }
                    matcher.matchAll(bytes, segments: UnsafeBufferPointer(rebasing: segments[0..<count]),
                                     decoded: decoded, scratch: scratch, into: &forms)
                }
            }
            if forms.count == 1 { return groups[Int(forms[0])] }
            // One handler's forms may match the same path more than once (`x(/a)(/:p)` on `x/a`).
            var handlers = forms.flatMap { groups[Int($0)] }
            handlers.sort()
            var unique: [Int] = []
            unique.reserveCapacity(handlers.count)
            for handler in handlers where unique.last != handler { unique.append(handler) }
            return unique
        }
    }
}
