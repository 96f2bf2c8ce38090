#if DEBUG
// The build counter exists in debug builds only.
import Hummingbird
import HummingbirdTesting
import Switchyard
import Testing
@testable import SwitchyardService

/// Issue 52: a create checks its route once and writes its deep links from that one path; an open
/// that misses the cache builds them once; one that hits it builds nothing. Counted per task
/// (``DeepLinkBuilder/buildCount``, debug builds), through the router.
@Suite struct DeepLinkBuildCountTests {
    @Test(arguments: StoreKind.available)
    func oneBuildPerCreateAndPerCacheMissOpen(kind: StoreKind) async throws {
        let store = try await kind.make()
        try await store.migrate()
        let clock = TestClock()
        let app = try buildApplication(configuration: Harness.configuration(), store: store, logger: Harness.logger,
                                       clickRecorder: ClickRecorder(store: store, logger: Harness.logger, interval: .milliseconds(50)),
                                       openLinkRefresher: OpenLinkRefresher(periodic: false), passes: BackgroundPasses(),
                                       now: { clock.now }, webhookResolver: nil)
        try await app.test(.router) { client in
            func builds(_ work: () async throws -> Void) async throws -> Int {
                let count = DeepLinkBuilder.BuildCount()
                try await DeepLinkBuilder.$buildCount.withValue(count) { try await work() }
                return count.value.withLock { $0 }
            }
            var code = ""
            let createBuilds = try await builds {
                let link = try await client.create(#"{"route": "product", "routeParameters": {"product_id": "42"}, "queryParameters": {"ref": "mail"}}"#)
                code = try #require(link["code"]?.stringValue)
                #expect(link["universalLink"]?.stringValue == "https://shop.example.com/product/42?ref=mail")
                #expect(link["schemeURL"]?.stringValue == "shop://product/42?ref=mail")
            }
            #expect(createBuilds == 1, "a create builds its route once")
            let missBuilds = try await builds {
                let opened = try await client.open(code, userAgent: Agents.iPhone)
                #expect(opened.status == .ok)
            }
            #expect(missBuilds == 1, "an open that misses the cache builds once")
            let hitBuilds = try await builds {
                let opened = try await client.open(code, userAgent: Agents.iPhone)
                #expect(opened.status == .ok)
            }
            #expect(hitBuilds == 0, "an open from the cache builds nothing")
        }
        try await store.close()
        await StoreKind.cleanUp(store)
    }
}
#endif
