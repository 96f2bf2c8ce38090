import Foundation
import Testing
@testable import SwitchyardStore

/// The one behaviour every ``LinkStore`` must have: each case runs against a fresh database of
/// each back end (see `SQLiteConformanceTests` and `PostgresConformanceTests`).
enum LinkStoreConformance: String, ConformanceCase {
    case roundTrip
    case unknownCode
    case linksByCodes
    case codeTaken
    case bulkInsert
    case bulkInsertAtomic
    case listing
    case listingCursors
    case updateLink
    case delete
    case redeemUnlimited
    case redeemLimit
    case redeemGone
    case redeemNotFound
    case redeemRace
    case redeemPerInstall
    case redeemInstallRace
    case deferredMatchStored
    case clicks
    case clickCampaigns
    case migrations
    case concurrentFirstMigration
    case reopen
    case deferredClaim
    case deferredAmbiguous
    case deferredExpiry
    case deferredRace
    case deferredSweep
    case deferredExactOnly
    case deferredConsume
    case idempotencyReserve
    case idempotencyRace
    case idempotencyExpiry
    case statsDaily
    case statsTeam
    case statsTopLinks
    case statsClickRetention
    case liveLinks
    case liveRouteGroups
    case nameStoredRoutes
    case labelsAndFirebaseFields
    case attestChallenges
    case attestChallengeCap
    case attestKeys
    case redeemInstallSpread
    case redeemUnprovedPerLink
    case installProofStored
    case variantTests

    func check(_ database: TestDatabase) async throws {
        switch self {
        case .roundTrip: try await Self.roundTrip(database)
        case .variantTests: try await Self.variantTests(database)
        case .labelsAndFirebaseFields: try await Self.labelsAndFirebaseFields(database)
        case .unknownCode: try await Self.unknownCode(database)
        case .linksByCodes: try await Self.linksByCodes(database)
        case .codeTaken: try await Self.codeTaken(database)
        case .bulkInsert: try await Self.bulkInsert(database)
        case .bulkInsertAtomic: try await Self.bulkInsertAtomic(database)
        case .listing: try await Self.listing(database)
        case .listingCursors: try await Self.listingCursors(database)
        case .updateLink: try await Self.updateLink(database)
        case .delete: try await Self.delete(database)
        case .redeemUnlimited: try await Self.redeemUnlimited(database)
        case .redeemLimit: try await Self.redeemLimit(database)
        case .redeemGone: try await Self.redeemGone(database)
        case .redeemNotFound: try await Self.redeemNotFound(database)
        case .redeemRace: try await Self.redeemRace(database)
        case .redeemPerInstall: try await Self.redeemPerInstall(database)
        case .redeemInstallRace: try await Self.redeemInstallRace(database)
        case .deferredMatchStored: try await Self.deferredMatchStored(database)
        case .clicks: try await Self.clicks(database)
        case .clickCampaigns: try await Self.clickCampaigns(database)
        case .migrations: try await Self.migrations(database)
        case .concurrentFirstMigration: try await Self.concurrentFirstMigration(database)
        case .reopen: try await Self.reopen(database)
        case .deferredClaim: try await Self.deferredClaim(database)
        case .deferredAmbiguous: try await Self.deferredAmbiguous(database)
        case .deferredExpiry: try await Self.deferredExpiry(database)
        case .deferredRace: try await Self.deferredRace(database)
        case .deferredSweep: try await Self.deferredSweep(database)
        case .deferredExactOnly: try await Self.deferredExactOnly(database)
        case .deferredConsume: try await Self.deferredConsume(database)
        case .idempotencyReserve: try await Self.idempotencyReserve(database)
        case .idempotencyRace: try await Self.idempotencyRace(database)
        case .idempotencyExpiry: try await Self.idempotencyExpiry(database)
        case .statsDaily: try await Self.statsDaily(database)
        case .statsTeam: try await Self.statsTeam(database)
        case .statsTopLinks: try await Self.statsTopLinks(database)
        case .statsClickRetention: try await Self.statsClickRetention(database)
        case .liveLinks: try await Self.liveLinks(database)
        case .liveRouteGroups: try await Self.liveRouteGroups(database)
        case .nameStoredRoutes: try await Self.nameStoredRoutes(database)
        case .attestChallenges: try await Self.attestChallenges(database)
        case .attestChallengeCap: try await Self.attestChallengeCap(database)
        case .attestKeys: try await Self.attestKeys(database)
        case .redeemInstallSpread: try await Self.redeemInstallSpread(database)
        case .redeemUnprovedPerLink: try await Self.redeemUnprovedPerLink(database)
        case .installProofStored: try await Self.installProofStored(database)
        }
    }
}
