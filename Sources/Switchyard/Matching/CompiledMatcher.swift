
/// The compiled matcher: a trie flattened into arrays, walked with backtracking in order of
/// specificity (static, constrained, parameter, wildcard, rest) at every segment.
///
/// Static children sit in per-node open-addressing tables keyed by the FNV-1a hash of the segment's
/// bytes (``ByteHash``), probed like every table of the matcher (``SlotTable/probe(_:start:mask:from:isEmpty:holdsKey:)``),
/// so a lookup costs one hash and one comparison per segment however many routes there are, and
/// allocates nothing. Each slot carries the literal's hash and byte range inline, so a probe reads
/// one slot and compares bytes only when the hash and length agree.
final class CompiledMatcher: Sendable {
    struct Node {
        var staticStart: Int32 = 0
        var staticMask: Int32 = -1
        var constrainedStart: Int32 = 0
        var constrainedCount: Int32 = 0
        var parameterChild: Int32 = -1
        var wildcardChild: Int32 = -1
        var restForm: Int32 = -1
        var terminalForm: Int32 = -1
    }

    struct Slot {
        var hash: UInt32 = 0
        var child: Int32 = -1
        var literalStart: Int32 = 0
        var literalLength: Int32 = 0
    }

    struct Edge {
        var constraint: Int32
        var child: Int32
    }

    let nodes: [Node]
    let slots: [Slot]
    let literals: [UInt8]
    let edges: [Edge]
    let constraints: [ParameterConstraint]
    let forms: [MatchForm]
    /// The forms' capture names, back to back: a parameter's name, or nil for an anonymous wildcard.
    let names: [String?]
    let caseSensitive: Bool
    /// The longest form, in segments: inputs with more segments can only match a rest parameter.
    let maximumDepth: Int
    let hasRest: Bool

    init(nodes: [Node], slots: [Slot], literals: [UInt8], edges: [Edge], constraints: [ParameterConstraint],
         forms: [MatchForm], names: [String?], caseSensitive: Bool, maximumDepth: Int, hasRest: Bool) {
        self.nodes = nodes
        self.slots = slots
        self.literals = literals
        self.edges = edges
        self.constraints = constraints
        self.forms = forms
        self.names = names
        self.caseSensitive = caseSensitive
        self.maximumDepth = maximumDepth
        self.hasRest = hasRest
    }

    /// Finds the most specific form matching `segments`, filling `captures` with the index of the
    /// segment each non-static step took. Returns the form's index, or -1.
    ///
    /// - Complexity: O(*s*) for *s* segments when no backtracking is needed; each trie node is
    ///   visited at most once, so never more than the nodes at depth ≤ *s*.
    /// `decoded` holds the escaped segments' text (``PathSegments/split(_:_:delimiter:checkEscapes:into:decoded:)``);
    /// `scratch` (as long as the longest segment) is where a case-insensitive table lower-cases one.
    func match(_ bytes: UnsafeBufferPointer<UInt8>, segments: UnsafeBufferPointer<SegmentRef>,
               captures: UnsafeMutableBufferPointer<Int32>, decoded: UnsafeMutableBufferPointer<UInt8>,
               scratch: UnsafeMutableBufferPointer<UInt8>) -> Int32 {
        if nodes.isEmpty { return -1 }
        if segments.count > maximumDepth && !hasRest { return -1 }
        return nodes.withUnsafeBufferPointer { nodes in
            slots.withUnsafeBufferPointer { slots in
                literals.withUnsafeBufferPointer { literals in
                    var walker = Walker(matcher: self, bytes: bytes, segments: segments, captures: captures,
                                        decoded: decoded, scratch: scratch, nodes: nodes, slots: slots, literals: literals)
                    return walker.search(node: 0, segment: 0, depth: 0)
                }
            }
        }
    }

    /// Adds to `found` every form matching `segments`, each once, in no set order: the walk goes
    /// down every branch (the static child, each constrained edge that accepts the segment, the
    /// parameter, the wildcard, the rest) instead of stopping at the most specific match. For a
    /// table whose forms may overlap (the pattern handlers'); route resolution uses ``match(_:segments:captures:decoded:scratch:)``.
    ///
    /// - Complexity: each trie node is visited at most once (a node at depth *d* is reached only at
    ///   segment *d*), so never more than the nodes at depth ≤ *s* for *s* segments.
    func matchAll(_ bytes: UnsafeBufferPointer<UInt8>, segments: UnsafeBufferPointer<SegmentRef>,
                  decoded: UnsafeMutableBufferPointer<UInt8>, scratch: UnsafeMutableBufferPointer<UInt8>,
                  into found: inout [Int32]) {
        if nodes.isEmpty { return }
        if segments.count > maximumDepth && !hasRest { return }
        nodes.withUnsafeBufferPointer { nodes in
            slots.withUnsafeBufferPointer { slots in
                literals.withUnsafeBufferPointer { literals in
                    let walker = Walker(matcher: self, bytes: bytes, segments: segments,
                                        captures: UnsafeMutableBufferPointer(start: nil, count: 0),
                                        decoded: decoded, scratch: scratch, nodes: nodes, slots: slots, literals: literals)
                    walker.searchAll(node: 0, segment: 0, into: &found)
                }
            }
        }
    }

    private struct Walker {
        /// Unowned: the walk lives inside a call on the matcher, which keeps it alive; a strong
        /// reference would cost a retain and a release (two atomic operations) per lookup.
        unowned(unsafe) let matcher: CompiledMatcher
        let bytes: UnsafeBufferPointer<UInt8>
        let segments: UnsafeBufferPointer<SegmentRef>
        let captures: UnsafeMutableBufferPointer<Int32>
        let decoded: UnsafeMutableBufferPointer<UInt8>
        let scratch: UnsafeMutableBufferPointer<UInt8>
        let nodes: UnsafeBufferPointer<Node>
        let slots: UnsafeBufferPointer<Slot>
        let literals: UnsafeBufferPointer<UInt8>

        mutating func search(node index: Int32, segment: Int, depth: Int) -> Int32 {
            let node = nodes[Int(index)]
            if segment == segments.count { return node.terminalForm }
            let text = segments[segment].text(bytes, decoded: decoded)

            if node.staticMask >= 0 {
                let child = staticChild(of: node, text)
                if child >= 0 {
                    let found = search(node: child, segment: segment + 1, depth: depth)
                    if found >= 0 { return found }
                }
            }
            if node.constrainedCount > 0 {
                let start = Int(node.constrainedStart)
                for e in start..<(start + Int(node.constrainedCount)) {
                    let edge = matcher.edges[e]
                    if matcher.constraints[Int(edge.constraint)].accepts(bytes: text) {
                        captures[depth] = Int32(segment)
                        let found = search(node: edge.child, segment: segment + 1, depth: depth + 1)
                        if found >= 0 { return found }
                    }
                }
            }
            if node.parameterChild >= 0 {
                captures[depth] = Int32(segment)
                let found = search(node: node.parameterChild, segment: segment + 1, depth: depth + 1)
                if found >= 0 { return found }
            }
            if node.wildcardChild >= 0 {
                captures[depth] = Int32(segment)
                let found = search(node: node.wildcardChild, segment: segment + 1, depth: depth + 1)
                if found >= 0 { return found }
            }
            if node.restForm >= 0 {
                captures[depth] = Int32(segment)
                return node.restForm
            }
            return -1
        }

        /// ``search(node:segment:depth:)`` without the early return and without captures.
        func searchAll(node index: Int32, segment: Int, into found: inout [Int32]) {
            let node = nodes[Int(index)]
            if segment == segments.count {
                if node.terminalForm >= 0 { found.append(node.terminalForm) }
                return
            }
            // A rest takes one or more segments, so it matches whenever one is left.
            if node.restForm >= 0 { found.append(node.restForm) }
            let text = segments[segment].text(bytes, decoded: decoded)
            if node.staticMask >= 0 {
                let child = staticChild(of: node, text)
                if child >= 0 { searchAll(node: child, segment: segment + 1, into: &found) }
            }
            if node.constrainedCount > 0 {
                let start = Int(node.constrainedStart)
                for e in start..<(start + Int(node.constrainedCount)) {
                    let edge = matcher.edges[e]
                    if matcher.constraints[Int(edge.constraint)].accepts(bytes: text) {
                        searchAll(node: edge.child, segment: segment + 1, into: &found)
                    }
                }
            }
            if node.parameterChild >= 0 { searchAll(node: node.parameterChild, segment: segment + 1, into: &found) }
            if node.wildcardChild >= 0 { searchAll(node: node.wildcardChild, segment: segment + 1, into: &found) }
        }

        /// The static child of `node` for a segment's text (in a case-insensitive table, lower-cased
        /// into the scratch buffer first); -1 when there is none.
        @inline(__always)
        func staticChild(of node: Node, _ text: UnsafeBufferPointer<UInt8>) -> Int32 {
            guard !matcher.caseSensitive else {
                return lookup(text, start: Int(node.staticStart), mask: Int(node.staticMask))
            }
            for i in text.indices { scratch[i] = URLScanner.lowered(text[i]) }
            return lookup(UnsafeBufferPointer(rebasing: scratch[0..<text.count]), start: Int(node.staticStart),
                          mask: Int(node.staticMask))
        }

        @inline(__always)
        func lookup(_ key: UnsafeBufferPointer<UInt8>, start: Int, mask: Int) -> Int32 {
            let hash = ByteHash.hash(key)
            let literals = literals
            let position = SlotTable.probe(slots, start: start, mask: mask, from: Int(hash), isEmpty: { $0.child < 0 }) {
                slot in
                guard slot.hash == hash && Int(slot.literalLength) == key.count else { return false }
                let literal = UnsafeBufferPointer(rebasing:
                    literals[Int(slot.literalStart)..<Int(slot.literalStart + slot.literalLength)])
                return key.count == 0 || memcmp(literal.baseAddress!, key.baseAddress!, key.count) == 0
            }
            return slots[start + position].child
        }
    }
}

/// 0 when the `count` bytes at `a` and `b` are equal: eight at a time, the last eight (overlapping
/// the ones before) for the rest; byte by byte when there are fewer than eight.
@inline(__always)
private func memcmp(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let rawA = UnsafeRawPointer(a)
    let rawB = UnsafeRawPointer(b)
    @inline(__always) func differ(at offset: Int) -> Bool {
        rawA.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != rawB.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    }
    guard count >= 8 else {
        for i in 0..<count where a[i] != b[i] { return 1 }
        return 0
    }
    var i = 0
    while i + 8 <= count {
        if differ(at: i) { return 1 }
        i += 8
    }
    return i < count && differ(at: count - 8) ? 1 : 0
}
