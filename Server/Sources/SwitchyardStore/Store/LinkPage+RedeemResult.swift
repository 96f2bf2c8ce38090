import Foundation

/// One page of a listing.
public struct LinkPage: Sendable, Hashable {
    /// The links on this page.
    public var links: [SmartLink]
    /// The cursor for the next page; nil on the last page.
    public var nextCursor: String?
    /// Creates a page.
    public init(links: [SmartLink], nextCursor: String?) {
        self.links = links
        self.nextCursor = nextCursor
    }
}

/// The result of spending a redemption.
public enum RedeemResult: Sendable, Hashable {
    /// Spent: the link after the increment (its metadata goes to the app).
    case redeemed(SmartLink)
    /// This install spent one before: nothing was spent now; the link as it is (its metadata goes
    /// to the app again).
    case alreadyRedeemed(SmartLink)
    /// The limit was already reached.
    case exhausted
    /// Deleted or expired.
    case gone
    /// No such code.
    case notFound
    /// The client's address range spent as many distinct installs of this link as its window
    /// allows; nothing was spent.
    case tooManyInstalls
    /// Nothing spent: the link gave every redemption it allows to installs without proof
    /// (``InstallSpread/perLink``); only a proved install may spend more.
    case unprovedLimitReached
}

/// Thrown inside a redemption's transaction to roll it back when the address range's cap is
/// reached.
struct InstallSpreadReached: Error {}

/// Thrown inside a redemption's transaction to roll it back: the link's unproved redemptions are
/// at ``InstallSpread/perLink``.
struct UnprovedLimitReached: Error {}

/// Classifies a failed redemption from the row as it now stands.
func classifyFailedRedeem(_ link: SmartLink?, at now: Date) -> RedeemResult {
    guard let link else { return .notFound }
    if link.isGone(at: now) { return .gone }
    return .exhausted
}
