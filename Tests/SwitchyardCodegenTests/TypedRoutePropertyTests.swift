import Foundation
import Switchyard
import SwitchyardTestSupport
import Testing

/// For random values of every case of the compiled fixture enum, building its URL and resolving
/// it with the table gives back the same case: `FixtureRoute(link: table.resolve(route.url(...))) == route`.
@Suite struct TypedRoutePropertyTests {
    static let table = FixtureRoute.routeTable
    static let iterations = 20_000

    /// Values a path segment must escape, plus random ones.
    static let pool = TableGenerator.roundTripValues + ["featured", "0", "-1", "UPPER", "a b+c", "x%20y", "é/è"]

    static func text(_ rng: inout SplitMixGenerator) -> String {
        if rng.chance(60) { return rng.pick(pool) }
        let scalars: [Unicode.Scalar] = [
            "a", "Z", "0", " ", "/", ":", "?", "#", "%", "+", "&", "=", ".", "~", "é", "日", "🚀", "\"", "\\",
        ]
        var text = ""
        for _ in 0..<Int.random(in: 1...8, using: &rng) { text.unicodeScalars.append(rng.pick(scalars)) }
        return text
    }

    /// A rest parameter's value: one or more non-empty pieces joined by the delimiter.
    static func path(_ rng: inout SplitMixGenerator) -> String {
        (0..<Int.random(in: 1...4, using: &rng)).map { _ in
            var piece = text(&rng).replacingOccurrences(of: "/", with: "-")
            if piece == "." || piece == ".." { piece = "p" + piece }
            return piece
        }.joined(separator: "/")
    }

    static func int(_ rng: inout SplitMixGenerator) -> Int {
        rng.chance(20) ? rng.pick([Int.min, Int.max, 0, -1]) : Int(truncatingIfNeeded: rng.next())
    }

    static func uuid(_ rng: inout SplitMixGenerator) -> UUID {
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: rng.next()) }
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    /// A random value of case number `index` (every case of the enum, in declaration order).
    static func route(_ index: Int, _ rng: inout SplitMixGenerator) -> FixtureRoute {
        switch index {
        case 0: return .aboutTeam
        case 1: return .product(productId: int(&rng))
        case 2: return .orderReceipt(orderID: uuid(&rng))
        case 3: return .userProfile(userId: text(&rng), tab: rng.chance(50) ? text(&rng) : nil)
        case 4: return .coupon(code: text(&rng))
        case 5: return .docs(path: path(&rng))
        case 6: return .listItem(itemId: text(&rng))
        case 7:
            let page = rng.chance(60) ? int(&rng) : nil
            return .category(slug: text(&rng), page: page, sort: page != nil && rng.chance(50) ? text(&rng) : nil)
        case 8: return .default(when: rng.chance(50) ? uuid(&rng) : nil)
        default: return .files(rest: rng.chance(50) ? path(&rng) : nil)
        }
    }

    static let caseCount = 10

    @Test(arguments: [("shop", nil), (nil, "shop.example.com")] as [(String?, String?)])
    func everyCaseRoundTrips(scheme: String?, host: String?) throws {
        var rng = SplitMixGenerator(seed: scheme == nil ? 12 : 11)
        var seen = Set<String>()
        for iteration in 0..<Self.iterations {
            let route = Self.route(iteration % Self.caseCount, &rng)
            let url = try scheme.map { try route.url(scheme: $0) } ?? route.url(host: host!)
            let link = try Self.table.resolve(url)
            #expect(
                FixtureRoute(link: link) == route,
                "\(route) built '\(url)', which opens \(link.routeName ?? "nothing") \(link.routeParameters ?? [:])")
            #expect(link.routeParameters == route.parameters)
            seen.insert(route.name)
        }
        #expect(seen.count == Self.caseCount)
    }

    @Test func namesAndParametersFollowTheTable() throws {
        var rng = SplitMixGenerator(seed: 5)
        for index in 0..<Self.caseCount {
            let route = Self.route(index, &rng)
            let definition = try #require(Self.table.route(route.name), "no route named \(route.name)")
            let names = Set(definition.pattern.parameterNames)
            #expect(Set(route.parameters.keys).isSubset(of: names))
        }
    }

    @Test(arguments: [
        "shop://help",  // unnamed route
        "shop://legacy/x",  // a wildcard route has no case
        "shop://product/99999999999999999999",  // out of Int's range
        "shop://list",  // a screen route's prefix: item_id missing
        "shop://nowhere",  // no route
    ])
    func linksWithoutACaseGiveNil(url: String) throws {
        #expect(FixtureRoute(link: try Self.table.resolve(url)) == nil)
    }

    @Test func valuesConvertFromTheirText() throws {
        #expect(FixtureRoute(link: try Self.table.resolve("shop://product/-0042")) == .product(productId: -42))
        let upper = "shop://order/0F8FAD5B-D9CB-469F-A165-70867728950E/receipt"
        #expect(
            FixtureRoute(link: try Self.table.resolve(upper))
                == .orderReceipt(orderID: UUID(uuidString: "0f8fad5b-d9cb-469f-a165-70867728950e")!))
        #expect(
            FixtureRoute(link: try Self.table.resolve("https://shop.example.com/category/shoes/page/2"))
                == .category(slug: "shoes", page: 2, sort: nil))
        #expect(FixtureRoute(link: try Self.table.resolve("shop://docs/a/b%20c")) == .docs(path: "a/b c"))
        #expect(FixtureRoute(link: try Self.table.resolve("shop://start")) == .default(when: nil))
    }

    @Test func badURLsThrowTheSDKsErrors() {
        #expect(throws: LinkBuildError.self) { try FixtureRoute.aboutTeam.url(scheme: "other") }
        #expect(throws: LinkBuildError.self) { try FixtureRoute.aboutTeam.url(host: "example.org") }
        #expect(throws: LinkBuildError.self) { try FixtureRoute.coupon(code: "").url(scheme: "shop") }
        // A sort without a page is not a form of the pattern.
        #expect(throws: LinkBuildError.self) {
            try FixtureRoute.category(slug: "s", page: nil, sort: "price").url(scheme: "shop")
        }
    }
}
