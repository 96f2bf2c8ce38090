extension Router {
    /// Whether this router would take `input`, decided at once: it reads the link, and a
    /// destination waits for it (its route's, or the default route's). Filters are not run (a gate
    /// that holds the link still means the app took it), so the answer is what
    /// ``route(_:source:metadata:)`` will count as handled, unless a destination throws.
    ///
    /// ```swift
    /// router.canOpen("shop://product/42")    // true: a destination for product/:id
    /// router.canOpen("https://evil.example/") // false: not a host of the table
    /// ```
    /// - Complexity: one resolution (no allocation for a link whose parameters are not read).
    public func canOpen(_ input: String, source: LinkSource? = nil) -> Bool {
        let compiled = state.withLock { $0.compiled() }
        guard let link = try? compiled.table.resolve(input, source: source) else { return false }
        return compiled.destination(for: link) != nil
    }
}
