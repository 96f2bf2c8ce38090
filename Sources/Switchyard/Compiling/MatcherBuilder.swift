/// Builds a ``CompiledMatcher`` from route forms, straight into flat arrays: nodes in one array,
/// static edges found through one open-addressing table keyed by (parent, literal), literal
/// bytes and parameter names in shared buffers. No object or dictionary per node.
struct MatcherBuilder {
    private struct Node {
        var parent: Int32 = -1
        /// The literal on the edge into this node (static children), or the constraint's index
        /// (constrained children).
        var hash: UInt32 = 0
        var literalStart: Int32 = 0
        var literalLength: Int32 = 0
        var constraint: Int32 = -1
        /// Static children and constrained children, each a list through `nextSibling`.
        var firstStatic: Int32 = -1
        var staticCount: Int32 = 0
        var firstConstrained: Int32 = -1
        var constrainedCount: Int32 = 0
        var nextSibling: Int32 = -1
        var parameterChild: Int32 = -1
        var wildcardChild: Int32 = -1
        var restForm: Int32 = -1
        var terminalForm: Int32 = -1
    }

    private var nodes: [Node] = [Node()]
    private var literals: [UInt8] = []
    /// Static edges: node indices, probed from `parent` mixed with the literal's hash.
    private var edgeSlots: SlotTable
    private var forms: [MatchForm] = []
    private var names: [String?] = []
    private var maximumDepth = 0
    private var hasRest = false
    let caseSensitive: Bool

    init(caseSensitive: Bool, expectedForms: Int = 0) {
        self.caseSensitive = caseSensitive
        nodes.reserveCapacity(expectedForms + 1)
        forms.reserveCapacity(expectedForms)
        // About one static edge per form and a half, at most half full.
        edgeSlots = SlotTable(minimumCapacity: expectedForms * 3)
    }

    /// Adds one form of a route (its literals already lower-cased when the table is case-insensitive).
    ///
    /// A form that ends where an earlier one ended (the same steps, parameter for parameter) is not
    /// added: the earlier form answers for both. A route table never adds one, its conflict check
    /// refuses it first; the pattern-handler table relies on it to group handlers.
    ///
    /// - Returns: the index of the form the matcher answers for this one: this form's, or the earlier one's.
    /// - Complexity: O(*n*) in the form's length, amortized.
    @discardableResult
    mutating func insert(_ form: FormTokens, routeIndex: Int, formOrdinal: Int) -> Int {
        var node: Int32 = 0
        let nameStart = names.count
        var endsWithRest = false
        do {
            let bytes = UnsafeBufferPointer(start: form.bytes, count: form.byteCount)
            for position in 0..<form.count {
                switch form.tokens[position].kind {
                case .literal:
                    node = staticChild(of: node, start: form.tokens[position].start,
                                       length: form.tokens[position].length, hash: form.tokens[position].hash, bytes)
                case .parameter:
                    names.append(form.name(at: position))
                    if form.tokens[position].constraint >= 0 {
                        node = constrainedChild(of: node, form.tokens[position].constraint)
                    } else {
                        if nodes[Int(node)].parameterChild < 0 { nodes[Int(node)].parameterChild = newNode(parent: node) }
                        node = nodes[Int(node)].parameterChild
                    }
                case .wildcard:
                    names.append(nil)
                    if nodes[Int(node)].wildcardChild < 0 { nodes[Int(node)].wildcardChild = newNode(parent: node) }
                    node = nodes[Int(node)].wildcardChild
                case .rest:
                    names.append(form.name(at: position))
                    endsWithRest = true
                }
            }
        }
        let placed = endsWithRest ? nodes[Int(node)].restForm : nodes[Int(node)].terminalForm
        if placed >= 0 {
            names.removeSubrange(nameStart...)
            return Int(placed)
        }
        let formIndex = Int32(forms.count)
        let length = form.count
        forms.append(MatchForm(routeIndex: routeIndex, nameStart: Int32(nameStart), nameCount: Int32(names.count - nameStart),
                               endsWithRest: endsWithRest, formOrdinal: formOrdinal, length: length))
        maximumDepth = max(maximumDepth, length)
        if endsWithRest {
            hasRest = true
            nodes[Int(node)].restForm = formIndex
        } else {
            nodes[Int(node)].terminalForm = formIndex
        }
        return Int(formIndex)
    }

    private mutating func newNode(parent: Int32) -> Int32 {
        nodes.append(Node(parent: parent))
        return Int32(nodes.count - 1)
    }

    @inline(__always)
    private static func slotHash(parent: Int32, hash: UInt32) -> Int {
        var mixed = UInt64(UInt32(bitPattern: parent)) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(hash)
        mixed ^= mixed >> 29
        return Int(truncatingIfNeeded: mixed &* 0xBF58_476D_1CE4_E5B9 >> 32)
    }

    private mutating func staticChild(of parent: Int32, start: Int32, length: Int32, hash: UInt32,
                                      _ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        let literal = UnsafeBufferPointer(rebasing: bytes[Int(start)..<Int(start + length)])
        let found: (entry: Int32?, position: Int)
        do {
            // Copies for the closure, which end with this block, before the arrays grow below.
            let (nodes, literals) = (nodes, literals)
            found = edgeSlots.find(hash: Self.slotHash(parent: parent, hash: hash)) { candidate in
                let node = nodes[Int(candidate)]
                return node.parent == parent && node.hash == hash && node.literalLength == length
                    && literals.withUnsafeBufferPointer { Self.equal($0, from: Int(node.literalStart), literal) }
            }
        }
        if let child = found.entry { return child }
        let child = Int32(nodes.count)
        nodes.append(Node(parent: parent, hash: hash, literalStart: Int32(literals.count),
                          literalLength: length, nextSibling: nodes[Int(parent)].firstStatic))
        literals.append(contentsOf: literal)
        nodes[Int(parent)].firstStatic = child
        nodes[Int(parent)].staticCount += 1
        let placed = nodes
        edgeSlots.fill(found.position, with: child) { entry in
            Self.slotHash(parent: placed[Int(entry)].parent, hash: placed[Int(entry)].hash)
        }
        return child
    }

    /// Whether `stored[start...]` begins with `bytes`.
    @inline(__always)
    static func equal(_ stored: UnsafeBufferPointer<UInt8>, from start: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard start + bytes.count <= stored.count else { return false }
        for offset in 0..<bytes.count where stored[start + offset] != bytes[offset] { return false }
        return true
    }

    private mutating func constrainedChild(of parent: Int32, _ constraint: Int32) -> Int32 {
        var child = nodes[Int(parent)].firstConstrained
        while child >= 0 {
            if nodes[Int(child)].constraint == constraint { return child }
            child = nodes[Int(child)].nextSibling
        }
        let created = Int32(nodes.count)
        nodes.append(Node(parent: parent, constraint: constraint, nextSibling: nodes[Int(parent)].firstConstrained))
        nodes[Int(parent)].firstConstrained = created
        nodes[Int(parent)].constrainedCount += 1
        return created
    }

    /// Lays the nodes out for the matcher: each node's static children in its own
    /// open-addressing table of slots, its constrained edges in constraint order.
    ///
    /// - Parameter constraints: the table's constraints, sorted by name; tokens refer to them by index.
    /// - Parameter routes: the table's routes, whose patterns and names the forms carry (none for
    ///   pattern handlers).
    func build(constraints: [ParameterConstraint], routes: [RouteDefinition] = []) -> CompiledMatcher {
        var compiled = [CompiledMatcher.Node]()
        compiled.reserveCapacity(nodes.count)
        var slots: [CompiledMatcher.Slot] = []
        var edges: [CompiledMatcher.Edge] = []
        for trie in nodes {
            var node = CompiledMatcher.Node()
            if trie.staticCount > 0 {
                var capacity = 2
                while capacity < Int(trie.staticCount) * 2 { capacity <<= 1 }
                let start = slots.count
                slots.append(contentsOf: repeatElement(CompiledMatcher.Slot(), count: capacity))
                var child = trie.firstStatic
                while child >= 0 {
                    let entry = nodes[Int(child)]
                    // Literals under one node are distinct: the probe stops at the first free slot.
                    let position = slots.withUnsafeBufferPointer {
                        SlotTable.probe($0, start: start, mask: capacity - 1, from: Int(entry.hash),
                                        isEmpty: { $0.child < 0 }, holdsKey: { _ in false })
                    }
                    slots[start + position] = CompiledMatcher.Slot(
                        hash: entry.hash, child: child, literalStart: entry.literalStart, literalLength: entry.literalLength)
                    child = entry.nextSibling
                }
                node.staticStart = Int32(start)
                node.staticMask = Int32(capacity - 1)
            }
            if trie.constrainedCount > 0 {
                var children: [(constraint: Int32, child: Int32)] = []
                var child = trie.firstConstrained
                while child >= 0 {
                    children.append((nodes[Int(child)].constraint, child))
                    child = nodes[Int(child)].nextSibling
                }
                // Constrained edges are tried in the order of the constraints' names.
                children.sort { $0.constraint < $1.constraint }
                node.constrainedStart = Int32(edges.count)
                node.constrainedCount = Int32(children.count)
                for (constraint, child) in children {
                    edges.append(CompiledMatcher.Edge(constraint: constraint, child: child))
                }
            }
            node.parameterChild = trie.parameterChild
            node.wildcardChild = trie.wildcardChild
            node.restForm = trie.restForm
            node.terminalForm = trie.terminalForm
            compiled.append(node)
        }
        var forms = forms
        if !routes.isEmpty {
            for index in forms.indices {
                let route = routes[forms[index].routeIndex]
                let form = forms[index]
                let start = Int(form.nameStart)
                var captured: CapturedNames?
                if !form.endsWithRest, form.nameCount == 1 || form.nameCount == 2, let first = names[start] {
                    if form.nameCount == 1 {
                        captured = CapturedNames(first: first, second: nil)
                    } else if let second = names[start + 1] {
                        captured = CapturedNames(first: first, second: second)
                    }
                }
                forms[index].capturesLazily = captured != nil
                forms[index].matched = MatchedRoute(route: route.pattern, routeName: route.name,
                                                    routeIndex: form.routeIndex, form: (form.formOrdinal, form.length),
                                                    parameterNames: captured)
            }
        }
        return CompiledMatcher(nodes: compiled, slots: slots, literals: literals, edges: edges,
                               constraints: constraints, forms: forms, names: names, caseSensitive: caseSensitive,
                               maximumDepth: maximumDepth, hasRest: hasRest)
    }
}
