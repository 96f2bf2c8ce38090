import Synchronization

/// The values recently decoded from stored texts (a link's rules, its A/B test), by text, so
/// that a link read again unchanged — the open cache reads every hot link about once a second
/// (`OpenLinkCache`) — is not parsed and checked again: the same text always decodes to the
/// same value, so a kept one is exact. Bounded by the bytes of the texts kept; when a new text
/// would pass the bound, everything is forgotten and kept again from there (the hot links come
/// back within a refresh). A text over a sixteenth of the bound is decoded every time.
final class DecodedTexts<Value: Sendable>: Sendable {
    private struct State {
        var values: [String: Value] = [:]
        var bytes = 0
    }

    private let state = Mutex(State())
    /// The most bytes of text kept.
    let byteLimit: Int

    init(byteLimit: Int) {
        self.byteLimit = byteLimit
    }

    /// The value `text` decodes to: the kept one, else `decode(text)`, kept when it decodes.
    func value<Failure: Error>(_ text: String, decode: (String) throws(Failure) -> Value) throws(Failure) -> Value {
        if let kept = state.withLock({ $0.values[text] }) { return kept }
        let value = try decode(text)
        let size = text.utf8.count
        guard size <= byteLimit / 16 else { return value }
        state.withLock { state in
            if state.bytes + size > byteLimit {
                state.values.removeAll(keepingCapacity: true)
                state.bytes = 0
            }
            if state.values.updateValue(value, forKey: text) == nil { state.bytes += size }
        }
        return value
    }

    /// How many texts are kept (for tests).
    var count: Int { state.withLock { $0.values.count } }
}
