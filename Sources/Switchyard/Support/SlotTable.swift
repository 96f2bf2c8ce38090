/// The one open-addressing scheme of the matcher and its builders: a power-of-two run of slots,
/// probed linearly from a hash, at most half full, so a probe always reaches an empty slot.
///
/// A table holds entry indices (`Int32`, -1 for an empty slot) and never the keys: the entries
/// live in the caller's arrays, which the caller's `holdsKey` reads. ``MatcherBuilder`` keys its
/// static edges by parent and literal; ``FormOwners`` keys forms by canonical key. The compiled
/// matcher keeps a frozen layout of its own (the hash and literal range inline in each slot, one
/// run per node, so a lookup touches one cache line), probed by the same ``probe(_:start:mask:from:isEmpty:holdsKey:)``.
struct SlotTable {
    private(set) var slots: [Int32]
    /// How many slots are filled.
    private(set) var count = 0

    /// A table of at least `minimumCapacity` slots (and at least 1024).
    init(minimumCapacity: Int) {
        var capacity = 1024
        while capacity < minimumCapacity { capacity <<= 1 }
        slots = Array(repeating: -1, count: capacity)
    }

    /// The first slot probed from `hash` that is empty or holds the key.
    ///
    /// - Parameters:
    ///   - slots: runs of slots; the one probed starts at `start` and has `mask + 1` slots.
    ///   - isEmpty: whether a slot is free (the probe ends there: the key is absent).
    ///   - holdsKey: whether a filled slot holds the key.
    /// - Returns: the position in the run (add `start` for the index in `slots`).
    @inline(__always)
    static func probe<Slot>(_ slots: UnsafeBufferPointer<Slot>, start: Int, mask: Int, from hash: Int,
                            isEmpty: (Slot) -> Bool, holdsKey: (Slot) -> Bool) -> Int {
        var position = hash & mask
        while true {
            let slot = slots[start &+ position]
            if isEmpty(slot) || holdsKey(slot) { return position }
            position = (position &+ 1) & mask
        }
    }

    /// The entry whose key `holdsKey` confirms, probed from `hash`, or nil and the empty slot
    /// where ``fill(_:with:rehash:)`` puts it.
    @inline(__always)
    func find(hash: Int, holdsKey: (Int32) -> Bool) -> (entry: Int32?, position: Int) {
        let position = slots.withUnsafeBufferPointer { slots in
            Self.probe(slots, start: 0, mask: slots.count - 1, from: hash, isEmpty: { $0 < 0 }, holdsKey: holdsKey)
        }
        let entry = slots[position]
        return (entry < 0 ? nil : entry, position)
    }

    /// Puts `entry` in the empty slot that ``find(hash:holdsKey:)`` answered, then doubles the table
    /// when it is more than half full, placing each entry again at `rehash(entry)`.
    mutating func fill(_ position: Int, with entry: Int32, rehash: (Int32) -> Int) {
        precondition(slots[position] < 0, "fill of a filled slot")
        slots[position] = entry
        count += 1
        guard count * 2 > slots.count else { return }
        var grown = [Int32](repeating: -1, count: slots.count * 2)
        let mask = grown.count - 1
        for entry in slots where entry >= 0 {
            var position = rehash(entry) & mask
            while grown[position] >= 0 { position = (position + 1) & mask }
            grown[position] = entry
        }
        slots = grown
    }

    /// Empties the slot of `entry`, probed from `hash`. Correct only for the entry filled last of
    /// those still in the table (remove in reverse order): no entry then probes past its slot.
    mutating func removeLast(_ entry: Int32, hash: Int) {
        let mask = slots.count - 1
        var position = hash & mask
        while slots[position] != entry { position = (position + 1) & mask }
        slots[position] = -1
        count -= 1
    }
}
