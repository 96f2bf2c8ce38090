import Foundation
@_spi(SwitchyardService) import Switchyard
@testable import SwitchyardService
import SwitchyardStore
import Testing

/// Each body type and its schema in the document say the same: sample values encode to JSON the
/// document accepts (``DocumentValidator``), request types read back what they wrote, and every
/// field of a request type is a property of its schema.
@Suite struct OpenAPISchemaTests {
    /// A type, its samples as JSON, and its schema.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let schema: JSONValue
        /// A request type's field names, and the properties of its schema.
        var keys: [String] = []
        var properties: Set<String> = []
        let samples: [JSONValue]
        var testDescription: String { name }

        init<T: Encodable>(_ name: String, schema: JSONSchema, _ samples: [T]) {
            self.name = name
            self.schema = schema.json
            self.samples = samples.map { try! JSONValue.parse(String(decoding: APIResponseEncoder.data($0), as: UTF8.self)) }
        }

        /// A component, by reference.
        init<T: OpenAPISchema & Encodable>(_ type: T.Type, _ samples: [T]) {
            self.init(T.schemaName, schema: .ref(T.self), samples)
        }

        /// A request type, whose fields its schema must name.
        init<T: OpenAPISchema & APIRequestBody & Encodable>(request type: T.Type, _ samples: [T]) {
            self.init(type, samples)
            keys = T.requestFields.map(\.name)
            properties = Set(T.schema.properties.keys)
        }
    }

    static let service = try! makeService(configuration: Harness.configuration(), store: InMemoryLinkStore(), logger: Harness.logger)
    static let now = Date(timeIntervalSince1970: 1_900_000_000)

    static let links = [
        SmartLink(code: "abc12345", team: "shop", route: "about/team", createdAt: now),
        SmartLink(code: "spring-sale", team: "shop", route: "product/:product_id", routeName: "product",
                  routeParameters: ["product_id": "42"], queryParameters: ["ref": "mail"], metadata: ["coupon": "SPRING", "uses": 1],
                  redeemLimit: 3, redeemCount: 1,
                  fallbacks: .init(ios: "https://shop.example.com/ios", android: nil, web: "https://shop.example.com/"),
                  preview: .init(title: "Spring", description: "Sale", image: "https://shop.example.com/a.png"),
                  createdAt: now, expiresAt: now + 86400, createdByApp: true),
        SmartLink(code: "promo.example.com/m9Mm", team: "shop", route: "about/team", createdAt: now),
        SmartLink(code: "versioned", team: "shop", route: "order/:id<int>", routeName: "order", routeParameters: ["id": "7"],
                  fallbacks: .init(web: "https://shop.example.com/"), createdAt: now, minimumVersions: .init(ios: "2.5", android: "120")),
    ]

    static var create: CreateLinkRequest {
        var body = CreateLinkRequest(route: "product")
        body.routeParameters = ["product_id": "42"]
        body.queryParameters = ["ref": "mail"]
        body.metadata = ["coupon": "SPRING", "nested": ["a": [1, true, .null]]]
        body.redeemLimit = 5
        body.fallbacks = FallbackURLs(ios: "https://shop.example.com/ios", web: "https://shop.example.com/")
        body.alias = "spring-sale"
        body.domain = "promo.example.com"
        body.expiresAt = "2030-01-31T12:00:00Z"
        body.preview = LinkPreview(title: "Spring", description: "Sale", image: "https://shop.example.com/a.png")
        return body
    }

    static var domainRequest: DomainRequest {
        var body = DomainRequest()
        body.host = "promo.example.com"
        body.isDefault = true
        body.rootRedirect = "https://shop.example.com/"
        body.notFoundRedirect = "https://shop.example.com/404"
        body.expiredRedirect = ""
        return body
    }

    static let promo = ServedDomain(domain: LinkDomain(host: "promo.example.com", team: "shop", isDefault: true,
                                                       redirects: .init(notFound: "https://shop.example.com/"), createdAt: now),
                                    isBootstrap: false)

    static var linkInfo: FirebaseLinkInfo {
        var info = FirebaseLinkInfo()
        info.domainUriPrefix = "https://x.page.link"
        info.values = ["": ["link": "https://shop.example.com/about/team"], "iosInfo": ["iosBundleId": "com.example.shop"],
                       "googlePlayAnalytics": ["utmSource": "mail"], "socialMetaTagInfo": ["socialTitle": "Hi"]]
        info.enableForcedRedirect = true
        return info
    }

    static let statsCounts = [
        StatsCount(event: nil, day: 20_000, platform: .ios, count: 3), StatsCount(event: nil, day: 20_000, platform: .crawler, count: 1),
        StatsCount(event: .appOpen, day: 20_000, platform: .android, count: 2), StatsCount(event: .redeem, day: 20_000, platform: .ios, count: 1),
        StatsCount(event: .firstOpen, day: 20_000, platform: .other, count: 1),
    ]
    static let figures = Figures(statsCounts)

    static let cases: [Case] = [
        Case(Problem.self, [Problem.linkNotFound("abc"), Problem.rateLimited(.create, retryAfter: 3)]),
        Case(request: CreateLinkRequest.self, [CreateLinkRequest(route: "home"), create]),
        Case(request: UpdateLinkRequest.self,
             [UpdateLinkRequest(fallbacks: FallbackURLs()), UpdateLinkRequest(fallbacks: FallbackURLs(web: "https://a.example/"))]),
        Case("Fallbacks request", schema: FallbackURLs.requestSchema,
             [FallbackURLs(), FallbackURLs(ios: "https://a.example/", android: "http://b.example/x")]),
        Case("Fallbacks", schema: FallbackURLs.valueSchema, [FallbackURLs(), FallbackURLs(web: "https://a.example/")]),
        Case("Preview request", schema: LinkPreview.requestSchema,
             [LinkPreview(), LinkPreview(title: "t", description: "d", image: "https://a.example/i.png")]),
        Case("Preview", schema: LinkPreview.valueSchema, [LinkPreview(), LinkPreview(title: "t")]),
        Case(ClickCounts.self, [ClickCounts([:]), ClickCounts([.ios: 3, .crawler: 1])]),
        Case(LinkResponse.self, links.map { LinkResponse($0, service: service) } + [LinkResponse(links[1], service: service, clicks: [.android: 2])]),
        Case(LinkPageResponse.self, [LinkPageResponse(links: [], nextCursor: nil),
                             LinkPageResponse(links: links.map { LinkResponse($0, service: service) }, nextCursor: "next")]),
        Case(Resolution.self, links.flatMap { [Resolution($0, match: .exact, service: service), Resolution($0, match: .heuristic, service: service),
                                               Resolution($0, match: .exact, service: service, release: .ios(DottedVersion("1.0")!))] }),
        Case(Redemption.self, links.flatMap { [Redemption($0, replayed: false), Redemption($0, replayed: true)] }),
        Case(request: RedeemRequest.self, [RedeemRequest(install: "6F1C2A7E-3B0D-4C55-9B1E-2D8F7A6C5B40")]),
        Case(HealthStatus.self, [.ok, .unavailable]),
        Case(LinkExplanation.self, links.map { LinkExplainer(service: service).explain($0, url: service.shortURL($0.code)) }
             + [try! LinkExplainer(service: service).routeURL("shop://product/42", kind: "custom-scheme")]),
        Case(Figures.self, [Figures([]), figures]),
        Case(DayFigures.self, [DayFigures(day: 20_000, figures: figures)]),
        Case(LinkStatsResponse.self, [LinkStatsResponse(code: "abc", domain: "go.example.com", url: "https://go.example.com/abc", days: 1, from: "2024-10-04",
                                                        to: "2024-10-04", totals: figures, daily: [DayFigures(day: 20_000, figures: figures)])]),
        Case(LinkFigures.self, [LinkFigures(LinkTotals(code: "abc", clicks: 3, events: [.redeem: 1]), service: service),
                                LinkFigures(LinkTotals(code: "promo.example.com/abc", clicks: 1), service: service)]),
        Case(TeamStatsResponse.self, [TeamStatsResponse(days: 1, from: "2024-10-04", to: "2024-10-04", totals: figures, daily: [],
                                                        links: [LinkFigures(LinkTotals(code: "abc", clicks: 3), service: service)],
                                                        nextCursor: nil),
                                      TeamStatsResponse(days: 1, from: "2024-10-04", to: "2024-10-04", totals: figures, daily: [],
                                                        links: [], nextCursor: "3.abc")]),
        Case(FirebaseLinkStats.self, [FirebaseLinkStats([]), FirebaseLinkStats(statsCounts)]),
        Case(request: DomainRequest.self, [DomainRequest(), domainRequest]),
        Case(DomainResponse.self, [DomainResponse(service.domains.bootstrap, isDefault: true), DomainResponse(promo, isDefault: false)]),
        Case(DomainListResponse.self, [DomainListResponse(domains: []),
                                       DomainListResponse(domains: [DomainResponse(promo, isDefault: true)])]),
        Case(request: DeferredClaimRequest.self, [DeferredClaimRequest(platform: "ios", osVersion: "18.1", language: "en-US"),
                                         DeferredClaimRequest(platform: "android", osVersion: "14"),
                                         DeferredClaimRequest(platform: "android", osVersion: "14", code: "Ab3dE9xQ")]),
        Case("FirebaseDynamicLinkInfo", schema: FirebaseLinkInfo.schema, [FirebaseLinkInfo(), linkInfo]),
        Case(request: FirebaseShortLinkRequest.self, [FirebaseShortLinkRequest(longDynamicLink: "https://x.page.link/?link=https://a.example/"),
                                             FirebaseShortLinkRequest(dynamicLinkInfo: linkInfo, suffix: .init(option: "SHORT"))]),
        Case(FirebaseShortLinkResponse.self, [FirebaseShortLinkResponse(shortLink: "https://go.example.com/abc", previewLink: "https://go.example.com/abc?d=1",
                                                                        warning: [.init("NOT_USED", "Param 'ius' is accepted but not used.")])]),
        Case(FirebaseErrorResponse.self, [FirebaseErrorResponse(Problem.linkGone("abc"))]),
    ]

    @Test(arguments: cases)
    func samplesMatchTheirSchema(_ test: Case) throws {
        let validator = DocumentValidator(document: OpenAPIDocument.document)
        for sample in test.samples {
            #expect(validator.errors(sample, test.schema) == [], "\(sample.serialized())")
        }
    }

    @Test(arguments: cases)
    func everyFieldIsAProperty(_ test: Case) {
        #expect(Set(test.keys).subtracting(test.properties).sorted() == [], "fields the schema does not name")
    }

    /// Request bodies read back what they wrote, through the service's own request decoding.
    @Test func requestBodiesRoundTrip() throws {
        func roundTrip<T: Codable & Equatable>(_ value: T) throws {
            #expect(try JSONDecoder().decode(T.self, from: APIResponseEncoder.data(value)) == value)
        }
        try roundTrip(Self.create)
        try roundTrip(CreateLinkRequest(route: "home"))
        try roundTrip(UpdateLinkRequest(fallbacks: FallbackURLs(android: "https://a.example/")))
        try roundTrip(DeferredClaimRequest(platform: "ios", osVersion: "18.1", language: "en"))
        try roundTrip(FirebaseShortLinkRequest(dynamicLinkInfo: Self.linkInfo, suffix: .init(option: "UNGUESSABLE")))
        try roundTrip(Self.linkInfo)
    }

    /// Every component is in the document, and every reference in it resolves.
    @Test func theDocumentsReferencesResolve() throws {
        let document = try JSONValue.parse(OpenAPIDocument.text)
        let schemas = try #require(document["components"]?["schemas"]?.objectValue)
        #expect(Set(schemas.keys) == Set(OpenAPIDocument.components.map { $0.schemaName }))
        var references: [String] = []
        func collect(_ value: JSONValue) {
            switch value {
            case .object(let members):
                if case .string(let target)? = members["$ref"] { references.append(target) }
                members.values.forEach(collect)
            case .array(let elements): elements.forEach(collect)
            default: break
            }
        }
        collect(document)
        #expect(!references.isEmpty)
        for reference in references {
            let name = reference.replacingOccurrences(of: "#/components/schemas/", with: "")
            #expect(schemas[name] != nil, "\(reference)")
        }
    }

    /// Every array schema says what its elements are: a client generator (openapi-python-client)
    /// drops an operation whose answer is an array without `items`.
    @Test func everyArraySaysWhatItHolds() throws {
        let document = try JSONValue.parse(OpenAPIDocument.text)
        var arrays = 0
        func check(_ value: JSONValue, at path: String) {
            switch value {
            case .object(let members):
                let types = members["type"]?.arrayValue?.compactMap(\.stringValue) ?? [members["type"]?.stringValue].compactMap { $0 }
                if types.contains("array") {
                    arrays += 1
                    #expect(members["items"]?.objectValue != nil, "\(path) is an array without items")
                }
                for (key, member) in members { check(member, at: "\(path)/\(key)") }
            case .array(let elements):
                for (index, element) in elements.enumerated() { check(element, at: "\(path)/\(index)") }
            default: break
            }
        }
        check(document, at: "#")
        #expect(arrays > 0)
    }
}
