/// FNV-1a, the one hash of the matcher and the conflict check: 32 bits over a literal's bytes
/// (static edges in ``MatcherBuilder`` and ``CompiledMatcher``, tokens in ``FormTokens``), and 64
/// bits over the words of a form's canonical key (``FormOwners``).
///
/// Callers that copy or fold a literal hash it in the same pass with ``step(_:_:)`` from
/// ``seed``; ``hash(_:)`` is that loop on its own. Both give the same value for the same bytes,
/// which the static-edge lookup relies on.
enum ByteHash {
    /// The 32-bit offset basis.
    static let seed: UInt32 = 2_166_136_261

    /// Mixes one byte in.
    @inline(__always)
    static func step(_ hash: UInt32, _ byte: UInt8) -> UInt32 {
        (hash ^ UInt32(byte)) &* 16_777_619
    }

    /// The 32-bit hash of `bytes`.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var hash = seed
        for byte in bytes { hash = step(hash, byte) }
        return hash
    }

    /// The 64-bit offset basis.
    static let wideSeed: UInt64 = 0xCBF2_9CE4_8422_2325

    /// Mixes one 64-bit word in (one step of FNV-1a over words instead of bytes).
    @inline(__always)
    static func step(_ hash: UInt64, word: UInt64) -> UInt64 {
        (hash ^ word) &* 0x0000_0100_0000_01B3
    }
}
