import Foundation
import Switchyard
@testable import SwitchyardService
import SwitchyardStore
import Testing

/// `routes diff` reports a route whose `since` went up, and with a database how many live links
/// the route has (on every store).
@Suite struct RouteTableDiffSinceTests {
    static func table(_ since: AppVersionRequirement) throws -> RouteTable {
        try RouteTable(RouteTableConfiguration(schemes: ["shop"], routes: [
            RouteDefinition("rewards/:id", name: "rewards", since: since), RouteDefinition("about/team"),
        ]))
    }

    @Test func aRaisedSinceIsReportedPerPlatform() throws {
        let old = try Self.table(AppVersionRequirement(ios: DottedVersion("2.3"), android: 230))
        let raised = try Self.table(AppVersionRequirement(ios: DottedVersion("2.5"), android: 230))
        let changes = RouteTableDiff(old: old, new: raised).changes
        #expect(changes.map(\.kind) == ["since-raised"])
        #expect(changes[0].message
            == "route 'rewards': since iOS 2.3 → 2.5: iOS apps older than 2.5 get the link's fallback instead of the deep link")
        let added = RouteTableDiff(old: try Self.table(AppVersionRequirement()), new: try Self.table(AppVersionRequirement(android: 240))).changes
        #expect(added.map(\.message) == ["route 'rewards': since Android any version → 240: Android apps older than versionCode 240 get the link's fallback instead of the deep link"])
        #expect(RouteTableDiff(old: raised, new: old).changes.isEmpty, "a lowered since shows the route to more apps: nothing to warn of")
        #expect(RouteTableDiff(old: old, new: try Self.table(AppVersionRequirement(ios: DottedVersion("2.3.0"), android: 230))).changes.isEmpty)
    }

    @Test(arguments: StoreKind.available)
    func withADatabaseTheLiveLinksOfTheRouteAreCounted(kind: StoreKind) async throws {
        let store = try await kind.make()
        do {
            try await store.migrate()
            let now = Date(timeIntervalSince1970: 1_900_000_000)
            for (index, code) in ["rewards01", "rewards02", "rewards03"].enumerated() {
                try await store.insert(SmartLink(code: code, team: "shop", route: "rewards/:id", routeName: "rewards",
                                                 routeParameters: ["id": "\(index)"], createdAt: now,
                                                 deletedAt: index == 2 ? now : nil))
            }
            try await store.insert(SmartLink(code: "aboutTeam", team: "shop", route: "about/team", createdAt: now))
            let old = try Self.table(AppVersionRequirement(ios: DottedVersion("2.3")))
            let new = try Self.table(AppVersionRequirement(ios: DottedVersion("2.5")))
            let counted = try await RouteTableDiff.countingLiveLinks(RouteTableDiff(old: old, new: new).changes, new: new, in: store,
                                                                     now: now.addingTimeInterval(60))
            #expect(counted.map(\.message) == [
                "route 'rewards': since iOS 2.3 → 2.5: iOS apps older than 2.5 get the link's fallback instead of the deep link "
                    + "(2 live links are now shown to fewer app versions)",
            ])
        } catch {
            try? await store.close()
            await StoreKind.cleanUp(store)
            throw error
        }
        try await store.close()
        await StoreKind.cleanUp(store)
    }
}
