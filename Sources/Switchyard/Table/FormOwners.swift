/// The conflict check's record of every form placed in the matcher so far, by canonical key: two
/// forms match exactly the same URLs when their keys are equal (a wildcard and a plain parameter
/// both take any one segment, and parameter names do not matter).
///
/// Keys are bytes in one buffer, found through an open-addressing table of their hashes and
/// compared exactly, so a hash collision never makes a conflict.
struct FormOwners {
    /// A screen a prefix shows, compared when two screen routes share a prefix.
    struct Screen: Equatable {
        var name: String?
        var isModal: Bool
    }

    /// Who placed a form: a route's own form, or the prefix of a screen route.
    struct Owner {
        var route: Int
        var isPrefix: Bool
        var screens: [Screen]
    }

    private struct Entry {
        var hash: UInt64
        var keyStart: Int32
        var keyLength: Int32
    }

    private(set) var owners: [Owner] = []
    private var entries: [Entry] = []
    private var slots: [Int32] = Array(repeating: -1, count: 1024)
    private var keys: [UInt8] = []
    /// The key written by the last ``find(_:)`` that found nothing, until ``claim(_:)`` keeps it.
    private var pending: (hash: UInt64, start: Int, position: Int)?
    private var committedKeys = 0

    init(expectedForms: Int = 0) {
        var capacity = 1024
        while capacity < expectedForms * 2 { capacity <<= 1 }
        slots = Array(repeating: -1, count: capacity)
        entries.reserveCapacity(expectedForms)
        owners.reserveCapacity(expectedForms)
    }

    /// The owner of a form with the same key, if any. When there is none, the form's key is kept
    /// pending for ``claim(_:)``.
    mutating func find(_ form: FormTokens) -> Owner? {
        keys.removeLast(keys.count - committedKeys)
        pending = nil
        let start = keys.count
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for position in form.tokens.indices {
            let token = (kind: form.tokens[position].kind, start: form.tokens[position].start,
                         length: form.tokens[position].length, hash: form.tokens[position].hash,
                         constraint: form.tokens[position].constraint)
            let word: UInt64
            switch token.kind {
            case .literal:
                keys.append(UInt8(ascii: "L"))
                Self.appendLength(token.length, to: &keys)
                form.bytes.withUnsafeBufferPointer { bytes in
                    keys.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[Int(token.start)..<Int(token.start + token.length)]))
                }
                word = 1 | UInt64(UInt32(bitPattern: token.length)) << 8 | UInt64(token.hash) << 32
            case .parameter where token.constraint >= 0:
                keys.append(UInt8(ascii: "C"))
                Self.appendLength(token.constraint, to: &keys)
                word = 2 | UInt64(UInt32(bitPattern: token.constraint)) << 8
            case .parameter, .wildcard:
                keys.append(UInt8(ascii: "P"))
                word = 3
            case .rest:
                keys.append(UInt8(ascii: "R"))
                word = 4
            }
            hash = (hash ^ word) &* 0x0000_0100_0000_01B3
        }
        hash ^= hash >> 31
        let mask = slots.count - 1
        var position = Int(truncatingIfNeeded: hash) & mask
        let length = keys.count - start
        while true {
            let index = slots[position]
            if index < 0 { break }
            let entry = entries[Int(index)]
            if entry.hash == hash && Int(entry.keyLength) == length && keys.withUnsafeBufferPointer({ keys in
                MatcherBuilder.equal(keys, from: Int(entry.keyStart), UnsafeBufferPointer(rebasing: keys[start...]))
            }) {
                keys.removeLast(length)
                return owners[Int(index)]
            }
            position = (position + 1) & mask
        }
        pending = (hash, start, position)
        return nil
    }

    /// Records the owner of the form that the last ``find(_:)`` did not find.
    mutating func claim(_ owner: Owner) {
        guard let pending else { preconditionFailure("claim without a find that found nothing") }
        self.pending = nil
        slots[pending.position] = Int32(entries.count)
        entries.append(Entry(hash: pending.hash, keyStart: Int32(pending.start), keyLength: Int32(keys.count - pending.start)))
        owners.append(owner)
        committedKeys = keys.count
        if entries.count * 2 > slots.count { grow() }
    }

    private mutating func grow() {
        slots = Array(repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for (index, entry) in entries.enumerated() {
            var position = Int(truncatingIfNeeded: entry.hash) & mask
            while slots[position] >= 0 { position = (position + 1) & mask }
            slots[position] = Int32(index)
        }
    }

    private static func appendLength(_ value: Int32, to keys: inout [UInt8]) {
        let bits = UInt32(bitPattern: value)
        keys.append(UInt8(truncatingIfNeeded: bits))
        keys.append(UInt8(truncatingIfNeeded: bits >> 8))
        keys.append(UInt8(truncatingIfNeeded: bits >> 16))
        keys.append(UInt8(truncatingIfNeeded: bits >> 24))
    }
}
