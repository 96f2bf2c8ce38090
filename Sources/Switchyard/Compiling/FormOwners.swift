/// The conflict check's record of every form placed in the matcher so far, by canonical key: two
/// forms match exactly the same URLs when their keys are equal (a wildcard and a plain parameter
/// both take any one segment, and parameter names do not matter).
///
/// Only the keys' hashes are kept, in a ``SlotTable``. Equal hashes are rare (a
/// conflict, or two screen routes sharing a prefix), so the caller then compares the actual
/// keys (``canonicalKey(_:)``), and a hash collision never makes a conflict.
struct FormOwners {
    /// A screen a prefix shows, compared when two screen routes share a prefix.
    struct Screen: Equatable {
        var name: String?
        var isModal: Bool
    }

    /// Who placed a form: a route's own form, or the prefix of a screen route; which form of the
    /// route's pattern, and how many of its segments.
    struct Owner {
        var route: Int
        var isPrefix: Bool
        var screens: [Screen]
        var ordinal: Int
        var length: Int
    }

    private var owners: [Owner] = []
    private var hashes: [UInt64] = []
    private var slots: SlotTable
    /// Where the last ``find(_:sameKey:)`` that found nothing stopped, until ``claim(_:)``.
    private var pending: (hash: UInt64, position: Int)?

    init(expectedForms: Int = 0) {
        slots = SlotTable(minimumCapacity: expectedForms * 2)
        hashes.reserveCapacity(expectedForms)
        owners.reserveCapacity(expectedForms)
    }

    /// The owner of a form with the same key, if any: `sameKey` confirms a candidate whose hash
    /// is equal. When there is none, the form stays pending for ``claim(_:)``.
    mutating func find(_ form: FormTokens, sameKey: (Owner) -> Bool) -> Owner? {
        pending = nil
        let hash = Self.hash(form)
        let (hashes, owners) = (hashes, owners)
        let found = slots.find(hash: Int(truncatingIfNeeded: hash)) { index in
            hashes[Int(index)] == hash && sameKey(owners[Int(index)])
        }
        if let index = found.entry { return owners[Int(index)] }
        pending = (hash, found.position)
        return nil
    }

    /// Records the owner of the form that the last ``find(_:sameKey:)`` did not find.
    mutating func claim(_ owner: Owner) {
        guard let pending else { preconditionFailure("claim without a find that found nothing") }
        self.pending = nil
        hashes.append(pending.hash)
        owners.append(owner)
        let hashes = hashes
        slots.fill(pending.position, with: Int32(owners.count - 1)) { Int(truncatingIfNeeded: hashes[Int($0)]) }
    }

    /// How many forms are claimed.
    var count: Int { owners.count }

    /// The owners of the forms claimed, in the order they were claimed.
    var claimed: [Owner] { owners }

    /// Forgets the forms claimed after the first `count`, as when a refused route's claims are
    /// taken back. The slots the later claims took are freed from the last one back: an entry
    /// never probes past a slot that was filled after it, so the earlier entries stay reachable.
    mutating func truncate(to count: Int) {
        pending = nil
        guard count < owners.count else { return }
        for index in stride(from: owners.count - 1, through: count, by: -1) {
            slots.removeLast(Int32(index), hash: Int(truncatingIfNeeded: hashes[index]))
        }
        owners.removeSubrange(count...)
        hashes.removeSubrange(count...)
    }

    /// A hash of the canonical key (``ByteHash``'s 64-bit FNV-1a over one word per step), from
    /// each step's kind and, for a literal, its length and hash.
    static func hash(_ form: FormTokens) -> UInt64 {
        var hash = ByteHash.wideSeed
        for position in 0..<form.count {
            let word: UInt64
            switch form.tokens[position].kind {
            case .literal:
                word = 1 | UInt64(UInt32(bitPattern: form.tokens[position].length)) << 8
                    | UInt64(form.tokens[position].hash) << 32
            case .parameter where form.tokens[position].constraint >= 0:
                word = 2 | UInt64(UInt32(bitPattern: form.tokens[position].constraint)) << 8
            case .parameter, .wildcard:
                word = 3
            case .rest:
                word = 4
            }
            hash = ByteHash.step(hash, word: word)
        }
        return hash ^ hash >> 31
    }

    /// The canonical key itself: `L` and a literal's length and bytes, `C` and a constraint's
    /// index, `P` for any one segment, `R` for the rest.
    static func canonicalKey(_ form: FormTokens) -> [UInt8] {
        var key: [UInt8] = []
        for token in form.current {
            switch token.kind {
            case .literal:
                key.append(UInt8(ascii: "L"))
                withUnsafeBytes(of: token.length.littleEndian) { key.append(contentsOf: $0) }
                key.append(contentsOf: UnsafeBufferPointer(start: form.bytes + Int(token.start), count: Int(token.length)))
            case .parameter where token.constraint >= 0:
                key.append(UInt8(ascii: "C"))
                withUnsafeBytes(of: token.constraint.littleEndian) { key.append(contentsOf: $0) }
            case .parameter, .wildcard:
                key.append(UInt8(ascii: "P"))
            case .rest:
                key.append(UInt8(ascii: "R"))
            }
        }
        return key
    }
}
