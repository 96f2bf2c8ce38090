/// Finds which of many lowercase ASCII patterns occurs in a text, ignoring ASCII case, in one
/// pass over the text: an Aho–Corasick automaton compiled to a table of next states.
///
/// Every click's `User-Agent` is searched, so the cost must not grow with the list: each byte of
/// the text is one table read whatever the number of patterns, and nothing is allocated (the
/// text is neither lowercased nor copied: `A`–`Z` share their lowercase letter's column).
///
/// - Complexity: building, O(*s* × *c*) time and memory for *s* states (at most the patterns'
///   total length) and *c* distinct pattern bytes; searching, O(*n*) in the text's UTF-8 length.
package struct SubstringAutomaton: Sendable {
    /// The column of each byte: 0 for a byte in no pattern, else 1 up to `columns - 1`.
    private let column: [UInt8]
    /// The number of columns.
    private let columns: Int
    /// `next[state * columns + column]`: the state after reading a byte in that column.
    private let next: [Int32]
    /// The index of a pattern that ends at each state (its own, else the longest one ending at
    /// a suffix of it), or -1.
    private let output: [Int32]

    /// An automaton for `patterns`, lowercase byte strings (none empty); a pattern listed twice
    /// reports its first index.
    package init(_ patterns: [[UInt8]]) {
        var column = [UInt8](repeating: 0, count: 256)
        var columns = 1
        for pattern in patterns {
            for byte in pattern where column[Int(byte)] == 0 {
                column[Int(byte)] = UInt8(columns)
                columns += 1
            }
        }
        for upper in UInt8(ascii: "A")...UInt8(ascii: "Z") {
            column[Int(upper)] = column[Int(upper | 0x20)]
        }

        // The trie: -1 where a state has no child in that column.
        var next = [Int32](repeating: -1, count: columns)
        var output: [Int32] = [-1]
        for (index, pattern) in patterns.enumerated() {
            var state = 0
            for byte in pattern {
                let slot = state * columns + Int(column[Int(byte)])
                if next[slot] < 0 {
                    next[slot] = Int32(output.count)
                    next.append(contentsOf: repeatElement(-1, count: columns))
                    output.append(-1)
                }
                state = Int(next[slot])
            }
            if output[state] < 0 { output[state] = Int32(index) }
        }

        // Breadth first, each missing child becomes the failure state's move, so a search never
        // backtracks; a state whose failure state ends a pattern reports it.
        var failure = [Int32](repeating: 0, count: output.count)
        var queue: [Int32] = []
        for slot in 0..<columns {
            if next[slot] < 0 { next[slot] = 0 } else { queue.append(next[slot]) }
        }
        var head = 0
        while head < queue.count {
            let state = Int(queue[head])
            head += 1
            if output[state] < 0 { output[state] = output[Int(failure[state])] }
            let fallback = Int(failure[state]) * columns
            for slot in 0..<columns {
                let child = next[state * columns + slot]
                if child < 0 {
                    next[state * columns + slot] = next[fallback + slot]
                } else {
                    failure[Int(child)] = next[fallback + slot]
                    queue.append(child)
                }
            }
        }
        self.column = column
        self.columns = columns
        self.next = next
        self.output = output
    }

    /// The number of states (for tests and measurements).
    var stateCount: Int { output.count }

    /// The index of the pattern that occurs first in `text` (the one ending earliest; of those
    /// ending at the same byte, the longest), or nil.
    package func firstMatch(in text: String) -> Int? {
        if let found = text.utf8.withContiguousStorageIfAvailable({ firstMatch(in: $0) }) { return found }
        return firstMatch(in: Array(text.utf8))
    }

    func firstMatch(in bytes: some Sequence<UInt8>) -> Int? {
        var state = 0
        for byte in bytes {
            state = Int(next[state * columns + Int(column[Int(byte)])])
            let found = output[state]
            if found >= 0 { return Int(found) }
        }
        return nil
    }
}
