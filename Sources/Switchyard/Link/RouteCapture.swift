/// The names of a form's one or two captured parameters (``RouteParameters/captured(_:_:)``).
struct CapturedNames: Sendable {
    let first: String
    let second: String?
}

/// A captured path segment: its UTF-8 offsets in the link's input, and whether it holds a `%`
/// escape (decoded when read; the resolver has already checked that it decodes to text).
struct RouteCapture: Sendable {
    var start: Int32
    var end: Int32
    var escaped: Bool

    /// The segment's text, percent-decoded.
    func value(in url: String) -> String {
        // A native string's bytes in place: `withUTF8` needs a mutable copy of it (a retain and a
        // release of the link's input) even when it has nothing to change.
        if let value = url.utf8.withContiguousStorageIfAvailable({ text(in: $0) }) { return value }
        var url = url
        return url.withUTF8 { text(in: $0) }
    }

    private func text(in bytes: UnsafeBufferPointer<UInt8>) -> String {
        let raw = UnsafeBufferPointer(rebasing: bytes[Int(start)..<Int(end)])
        guard escaped else { return String(decoding: raw, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: raw.count) { output in
            PercentDecoding.decode(raw, into: output, lowercase: false)
        }
    }
}
