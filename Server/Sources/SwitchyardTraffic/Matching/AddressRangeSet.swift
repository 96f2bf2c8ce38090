import SwitchyardRules

/// Finds the listed range that holds an address by binary search.
///
/// Two CIDR ranges are either disjoint or one holds the other, so the ranges left once those
/// inside another are dropped are disjoint, and sorted by their first address a lookup is one
/// search whatever the length of the list.
///
/// - Complexity: building, O(*n* log *n*); a lookup, O(log *n*).
struct AddressRangeSet: Sendable {
    private let ipv4: Intervals<UInt32>
    private let ipv6: Intervals<UInt128>

    /// The set of `ranges`; a lookup answers the index of the widest range holding the address.
    init(_ ranges: [AddressRange]) {
        var ipv4: [Interval<UInt32>] = []
        var ipv6: [Interval<UInt128>] = []
        for (index, range) in ranges.enumerated() {
            if range.network.count == 4 {
                ipv4.append(Interval(range, index: index))
            } else {
                ipv6.append(Interval(range, index: index))
            }
        }
        self.ipv4 = Intervals(ipv4)
        self.ipv6 = Intervals(ipv6)
    }

    /// The index of the range holding `address`, or nil.
    func firstMatch(_ address: IPAddress) -> Int? {
        address.isIPv6 ? ipv6.index(holding: UInt128(address.bytes)) : ipv4.index(holding: UInt32(address.bytes))
    }
}

/// The addresses of one range as numbers.
private struct Interval<Bound: FixedWidthInteger & UnsignedInteger & Sendable>: Sendable {
    let first: Bound
    let last: Bound
    let index: Int

    init(_ range: AddressRange, index: Int) {
        let hostBits = Bound.bitWidth - range.prefixLength
        let mask: Bound = hostBits >= Bound.bitWidth ? 0 : ~Bound.zero << hostBits
        first = Bound(range.network) & mask
        last = first | ~mask
        self.index = index
    }
}

/// Disjoint intervals sorted by their first bound.
private struct Intervals<Bound: FixedWidthInteger & UnsignedInteger & Sendable>: Sendable {
    private let intervals: [Interval<Bound>]

    init(_ all: [Interval<Bound>]) {
        // Widest first at each start, then by list order, so a range inside another is dropped.
        let sorted = all.sorted { ($0.first, $1.last, $0.index) < ($1.first, $0.last, $1.index) }
        var kept: [Interval<Bound>] = []
        for interval in sorted {
            if let outer = kept.last, interval.last <= outer.last { continue }
            kept.append(interval)
        }
        intervals = kept
    }

    func index(holding value: Bound) -> Int? {
        // The last interval starting at or before the value.
        var low = 0
        var high = intervals.count
        while low < high {
            let middle = (low + high) / 2
            if intervals[middle].first <= value { low = middle + 1 } else { high = middle }
        }
        guard low > 0, value <= intervals[low - 1].last else { return nil }
        return intervals[low - 1].index
    }
}

extension FixedWidthInteger where Self: UnsignedInteger {
    /// The number whose big-endian bytes are `bytes` (4 for IPv4, 16 for IPv6).
    fileprivate init(_ bytes: [UInt8]) {
        self = bytes.reduce(into: Self.zero) { $0 = $0 << 8 | Self($1) }
    }
}

extension AddressRange {
    /// The range with its host bits cleared (`10.1.2.3/8` reads `10.0.0.0/8`): two ranges that
    /// hold the same addresses have the same canonical text.
    var canonical: String {
        var bytes = network
        var bits = prefixLength
        for index in bytes.indices {
            let keep = min(max(bits, 0), 8)
            bytes[index] &= keep == 0 ? 0 : UInt8(truncatingIfNeeded: 0xFF << (8 - keep))
            bits -= 8
        }
        return bytes.map(String.init).joined(separator: ".") + "/\(prefixLength)"
    }
}
