extension RoutingOutcome {
    /// An outcome without its link or error: what a test or a log matches on.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case opened, openedDefault, heldUntilReady, heldByGate, halted, replaced, duplicate, cancelled, timedOut
        case unhandled, rejected, failed, unresolvedSmartLink
    }

    /// The outcome's kind: ``Kind/opened`` for ``opened(_:)``, and so on.
    public var kind: Kind {
        switch self {
        case .opened: .opened
        case .openedDefault: .openedDefault
        case .heldUntilReady: .heldUntilReady
        case .heldByGate: .heldByGate
        case .halted: .halted
        case .replaced: .replaced
        case .duplicate: .duplicate
        case .cancelled: .cancelled
        case .timedOut: .timedOut
        case .unhandled: .unhandled
        case .rejected: .rejected
        case .failed: .failed
        case .unresolvedSmartLink: .unresolvedSmartLink
        }
    }
}
