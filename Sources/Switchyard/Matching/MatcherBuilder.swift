/// Builds a ``CompiledMatcher`` from route forms: a mutable trie first, then flattened.
struct MatcherBuilder {
    private final class TrieNode {
        var statics: [String: TrieNode] = [:]
        var staticOrder: [String] = []
        var constrained: [String: TrieNode] = [:]
        var parameter: TrieNode?
        var wildcard: TrieNode?
        var restForm: Int?
        var terminalForm: Int?
    }

    private let root = TrieNode()
    private var forms: [MatchForm] = []
    private var maximumDepth = 0
    private var hasRest = false
    let caseSensitive: Bool
    let constraintNames: [String]

    /// - Parameter constraintNames: the known constraints; edges are tried in the order of this list.
    init(caseSensitive: Bool, constraintNames: [String]) {
        self.caseSensitive = caseSensitive
        self.constraintNames = constraintNames
    }

    /// Adds one form of a route (its literals already lower-cased when the table is case-insensitive).
    mutating func insert(_ segments: ArraySlice<PatternSegment>, routeIndex: Int, formOrdinal: Int) {
        var node = root
        var names: [String?] = []
        var endsWithRest = false
        for segment in segments {
            switch segment.kind {
            case .literal(let text):
                if let child = node.statics[text] {
                    node = child
                } else {
                    let child = TrieNode()
                    node.statics[text] = child
                    node.staticOrder.append(text)
                    node = child
                }
            case .parameter(let name):
                names.append(name)
                if let constraint = segment.constraint {
                    if let child = node.constrained[constraint] {
                        node = child
                    } else {
                        let child = TrieNode()
                        node.constrained[constraint] = child
                        node = child
                    }
                } else {
                    if node.parameter == nil { node.parameter = TrieNode() }
                    node = node.parameter!
                }
            case .wildcard:
                names.append(nil)
                if node.wildcard == nil { node.wildcard = TrieNode() }
                node = node.wildcard!
            case .rest(let name):
                names.append(name)
                endsWithRest = true
            }
        }
        let formIndex = forms.count
        forms.append(MatchForm(routeIndex: routeIndex, captureNames: names, endsWithRest: endsWithRest,
                               formOrdinal: formOrdinal, length: segments.count))
        maximumDepth = max(maximumDepth, segments.count)
        if endsWithRest {
            hasRest = true
            if node.restForm == nil { node.restForm = formIndex }
        } else if node.terminalForm == nil {
            node.terminalForm = formIndex
        }
    }

    /// Flattens the trie into arrays.
    func build(constraints: [ParameterConstraint]) -> CompiledMatcher {
        var nodes: [CompiledMatcher.Node] = []
        var slots: [CompiledMatcher.Slot] = []
        var literals: [UInt8] = []
        var edges: [CompiledMatcher.Edge] = []
        let constraintIndex = Dictionary(uniqueKeysWithValues: constraints.enumerated().map { ($1.name, Int32($0)) })

        // Breadth-first: assign indices, then fill each node once its children have indices.
        var queue: [TrieNode] = [root]
        var identifiers: [ObjectIdentifier: Int32] = [ObjectIdentifier(root): 0]
        var head = 0
        func index(of node: TrieNode) -> Int32 {
            if let existing = identifiers[ObjectIdentifier(node)] { return existing }
            let next = Int32(queue.count)
            identifiers[ObjectIdentifier(node)] = next
            queue.append(node)
            return next
        }
        while head < queue.count {
            let trie = queue[head]
            head += 1
            var node = CompiledMatcher.Node()
            if !trie.statics.isEmpty {
                var capacity = 2
                while capacity < trie.statics.count * 2 { capacity <<= 1 }
                let start = slots.count
                slots.append(contentsOf: repeatElement(CompiledMatcher.Slot(), count: capacity))
                for text in trie.staticOrder {
                    let bytes = Array(text.utf8)
                    let hash = bytes.withUnsafeBufferPointer { CompiledMatcher.hash($0) }
                    var position = Int(hash) & (capacity - 1)
                    while slots[start + position].child >= 0 { position = (position + 1) & (capacity - 1) }
                    slots[start + position] = CompiledMatcher.Slot(
                        hash: hash, child: index(of: trie.statics[text]!),
                        literalStart: Int32(literals.count), literalLength: Int32(bytes.count))
                    literals.append(contentsOf: bytes)
                }
                node.staticStart = Int32(start)
                node.staticMask = Int32(capacity - 1)
            }
            if !trie.constrained.isEmpty {
                node.constrainedStart = Int32(edges.count)
                node.constrainedCount = Int32(trie.constrained.count)
                for name in constraintNames {
                    if let child = trie.constrained[name], let constraint = constraintIndex[name] {
                        edges.append(CompiledMatcher.Edge(constraint: constraint, child: index(of: child)))
                    }
                }
            }
            if let parameter = trie.parameter { node.parameterChild = index(of: parameter) }
            if let wildcard = trie.wildcard { node.wildcardChild = index(of: wildcard) }
            node.restForm = trie.restForm.map(Int32.init) ?? -1
            node.terminalForm = trie.terminalForm.map(Int32.init) ?? -1
            nodes.append(node)
        }
        return CompiledMatcher(nodes: nodes, slots: slots, literals: literals, edges: edges,
                               constraints: constraints, forms: forms, caseSensitive: caseSensitive,
                               maximumDepth: maximumDepth, hasRest: hasRest)
    }
}
