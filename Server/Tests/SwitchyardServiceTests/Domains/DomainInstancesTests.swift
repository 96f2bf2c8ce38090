import Foundation
import Hummingbird
import HummingbirdTesting
import Switchyard
@testable import SwitchyardService
import SwitchyardStore
import Testing

/// Link domains across instances and through Firebase's REST API.
@Suite struct DomainInstancesTests {
    /// A second store on the database of `store` (another instance's connection to it).
    static func beside(_ store: any LinkStore) throws -> any LinkStore {
        if let sqlite = store as? SQLiteLinkStore { return try SQLiteLinkStore(path: sqlite.path) }
        let postgres = try #require(store as? PostgresLinkStore)
        return try PostgresLinkStore(url: StoreKind.postgresURL ?? "", schema: postgres.schema, timeout: .seconds(120),
                                     maximumConnections: 3, logger: Harness.logger)
    }

    /// Runs `body` with two live instances on one database of `kind`, each reading the stored
    /// domains again every second as `serve` does.
    static func twoInstances(_ kind: StoreKind,
                             _ body: @Sendable (any TestClientProtocol, any TestClientProtocol) async throws -> Void) async throws {
        let first = try await kind.make()
        try await first.migrate()
        let second = try beside(first)
        let configuration = Harness.configuration()
        let apps = try [first, second].map { store in
            try buildApplication(configuration: configuration, store: store, logger: Harness.logger)
        }
        do {
            try await apps[0].testLive { a in try await apps[1].testLive { b in try await body(a, b) } }
        } catch {
            try? await second.close()
            try? await first.close()
            await StoreKind.cleanUp(first)
            throw error
        }
        try await second.close()
        try await first.close()
        await StoreKind.cleanUp(first)
    }

    /// Opens `code` on `host` until the answer's status is `status`: a liveness bound of a minute,
    /// never a timing (instances read domains every second).
    static func eventually(_ client: any TestClientProtocol, _ code: String, host: String, is status: HTTPResponse.Status) async throws -> Bool {
        for _ in 0..<600 {
            if try await client.open(code, host: host, userAgent: Agents.desktop).status == status { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return false
    }

    @Test(arguments: StoreKind.available.filter { $0 != .memory })
    func twoInstancesAgreeOnADomainAddedThroughTheOther(kind: StoreKind) async throws {
        try await Self.twoInstances(kind) { a, b in
            #expect(try await a.send(.post, "/api/v1/domains", json: #"{"host": "promo.shop.example"}"#).status == .created)
            _ = try await a.create(#"{"route": "about/team", "alias": "spring", "fallbacks": {"web": "https://shop.example.com/s"}}"#)
            #expect(try await Self.eventually(b, "spring", host: "promo.shop.example", is: .found),
                    "the instance that did not add the domain serves it")
            let created = try await b.create(#"{"route": "about/team", "alias": "autumn"}"#)
            #expect(created["domain"]?.stringValue == "promo.shop.example", "and creates on it as the team's domain")
            #expect(try await b.send(.delete, "/api/v1/domains/promo.shop.example?force=true").status == .noContent)
            #expect(try await Self.eventually(a, "spring", host: "promo.shop.example", is: .notFound),
                    "a removal through one instance reaches the other")
        }
    }

    @Test func firebasesRESTAPIPicksTheDomainItsPrefixNames() async throws {
        try await Harness.live(.memory) { client, harness in
            for host in ["links.shop.example", "promo.shop.example"] {
                #expect(try await client.send(.post, "/api/v1/domains", json: #"{"host": "\#(host)", "default": \#(host.hasPrefix("links"))}"#)
                    .status == .created)
            }
            func shortLink(prefix: String) async throws -> (link: String?, warnings: JSONValue?) {
                let body = #"{"dynamicLinkInfo": {"domainUriPrefix": "\#(prefix)", "link": "https://shop.example.com/order/7"}}"#
                let json = try await client.send(.post, "/v1/shortLinks", json: body).json()
                return (json["shortLink"]?.stringValue, json["warning"])
            }
            let promo = try await shortLink(prefix: "https://promo.shop.example")
            #expect(promo.link?.hasPrefix("https://promo.shop.example/") == true, "\(promo)")
            #expect(promo.warnings == .array([]))
            let code = try #require(promo.link.map { String($0.dropFirst("https://promo.shop.example/".count)) })
            #expect(try await harness.store.link(code: "promo.shop.example/\(code)")?.route == "order/:id<int>")
            let other = try await shortLink(prefix: "https://example.page.link")
            #expect(other.link?.hasPrefix("https://links.shop.example/") == true, "another prefix lands on the team's default")
            #expect(other.warnings?[0]?["warningCode"]?.stringValue == "DOMAIN_URI_PREFIX_IGNORED")
        }
    }
}
