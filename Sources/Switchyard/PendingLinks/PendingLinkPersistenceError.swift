/// A pending-link store that failed: the held link could not be saved, the saved one could not be
/// read, or it could not be removed. The router reports it to ``Router/pendingLinkStoreFailed``;
/// the pending link in memory is kept (or cleared) all the same.
///
/// ```swift
/// router.pendingLinkStoreFailed = { error in logger.error("\(error)") }
/// // could not save the pending link 'shop://orders/7': disk full
/// ```
public struct PendingLinkPersistenceError: CodedError, Sendable {
    /// What failed.
    public let code: Code
    /// The explanation, naming the link when there is one and the store's error.
    public let message: String
    /// The error the store threw.
    public let underlying: any Error

    init(_ code: Code, link: String?, _ underlying: any Error) {
        let verb = switch code {
        case .saveFailed: "save"
        case .loadFailed: "load"
        default: "clear"
        }
        self.code = code
        self.message = "could not \(verb) the pending link\(link.map { " '\($0)'" } ?? ""): \(underlying)"
        self.underlying = underlying
    }
}

/// What the store was asked to do.
extension ErrorCode<PendingLinkPersistenceError> {
    /// Saving a held link failed: it will not survive the app being killed.
    public static var saveFailed: Self { Self(rawValue: "save_failed") }
    /// Loading the saved link failed: it was cleared (or could not be).
    public static var loadFailed: Self { Self(rawValue: "load_failed") }
    /// Removing the saved link failed: it may be restored at the next launch.
    public static var clearFailed: Self { Self(rawValue: "clear_failed") }
}
