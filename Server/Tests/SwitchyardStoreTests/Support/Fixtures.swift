import Foundation
@testable import SwitchyardStore

/// Fixed instants, so dates compare exactly (both stores keep milliseconds).
enum Instant {
    /// 2023-11-14T22:13:20Z.
    static let base = Date(timeIntervalSince1970: 1_700_000_000)
    /// `base` plus `seconds`.
    static func at(_ seconds: Double) -> Date { base.addingTimeInterval(seconds) }
}

/// A link with only the required fields.
func makeLink(_ code: String, team: String = "acme", createdAt: Date = Instant.base,
              redeemLimit: Int? = nil, expiresAt: Date? = nil) -> SmartLink {
    SmartLink(code: code, team: team, route: "product/:id", routeParameters: ["id": code],
              redeemLimit: redeemLimit, createdAt: createdAt, expiresAt: expiresAt)
}
