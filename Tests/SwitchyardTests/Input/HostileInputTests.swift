import Testing
import Switchyard

/// Inputs an attacker could craft: none may crash, hang or mis-route.
@Suite struct HostileInputTests {
    static let table = try! RouteTable(
        RouteTableConfiguration(
            schemes: ["shop"], hosts: ["shop.example.com", "xn--bcher-kva.example"],
            routes: [
                RouteDefinition("/"), RouteDefinition("product/:id"), RouteDefinition("docs/{path...}"),
                RouteDefinition("café/:x"), RouteDefinition("search"),
            ]))

    enum Expected: Sendable {
        case route(String?, [String: String]?)
        case rejected(LinkInputError.Code)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var input: String
        var expected: Expected
        var testDescription: String { name }
    }

    @Test(arguments: [
        Case(name: "dot segments are data", input: "shop://product/..", expected: .route("product/:id", ["id": ".."])),
        Case(name: "encoded dot segments", input: "shop://product/%2E%2E", expected: .route("product/:id", ["id": ".."])),
        Case(name: "dot-dot does not climb", input: "shop://docs/../../etc/passwd",
             expected: .route("docs/{path...}", ["path": "../../etc/passwd"])),
        Case(name: "repeated delimiters", input: "shop://" + String(repeating: "/", count: 5000) + "product/1",
             expected: .route("product/:id", ["id": "1"])),
        Case(name: "only delimiters", input: "shop:" + String(repeating: "/", count: 6000), expected: .route("/", [:])),
        Case(name: "mixed-case host", input: "https://SHOP.Example.Com/product/1", expected: .route("product/:id", ["id": "1"])),
        Case(name: "punycode host as configured", input: "https://xn--bcher-kva.example/search",
             expected: .route("search", [:])),
        Case(name: "unicode host not configured", input: "https://bücher.example/search", expected: .rejected(.unknownHost)),
        Case(name: "IPv6 host", input: "https://[2001:db8::1]/product/1", expected: .rejected(.unknownHost)),
        Case(name: "user info smuggling the host", input: "https://shop.example.com@evil.com/product/1",
             expected: .rejected(.userInfoNotAllowed)),
        Case(name: "user info with encoded at", input: "https://shop.example.com%40evil.com/product/1",
             expected: .rejected(.unknownHost)),
        Case(name: "host with trailing dot", input: "https://shop.example.com./product/1", expected: .rejected(.unknownHost)),
        Case(name: "backslash authority", input: "https://shop.example.com\\@evil.com/", expected: .rejected(.invalidCharacter)),
        Case(name: "NFC literal", input: "shop://caf\u{E9}/1", expected: .route("café/:x", ["x": "1"])),
        // NFD spelling: a different byte sequence, so a different segment: never silently equal.
        Case(name: "NFD literal", input: "shop://cafe\u{301}/1", expected: .route(nil, nil)),
        Case(name: "right-to-left mark kept as data", input: "shop://product/\u{200F}42",
             expected: .route("product/:id", ["id": "\u{200F}42"])),
        Case(name: "scheme with no path", input: "shop:", expected: .route("/", [:])),
        Case(name: "scheme with only a query", input: "shop:?x=1", expected: .route("/", [:])),
        Case(name: "query with no values", input: "shop://search?&&=&a&=b", expected: .route("search", [:])),
        Case(name: "encoded NUL", input: "shop://product/%00", expected: .rejected(.controlCharacter)),
        Case(name: "overlong UTF-8", input: "shop://product/%C0%AF", expected: .rejected(.invalidPercentEncoding)),
        Case(name: "encoded surrogate", input: "shop://product/%ED%A0%80", expected: .rejected(.invalidPercentEncoding)),
        Case(name: "truncated escape at the end", input: "shop://product/1%2", expected: .rejected(.invalidPercentEncoding)),
        Case(name: "tab", input: "shop://product/\t1", expected: .rejected(.controlCharacter)),
        Case(name: "DEL", input: "shop://product/1\u{7F}", expected: .rejected(.controlCharacter)),
        Case(name: "javascript scheme", input: "javascript:alert(1)", expected: .rejected(.unknownScheme)),
        Case(name: "data scheme", input: "data:text/html,<script>", expected: .rejected(.unknownScheme)),
        Case(name: "protocol-relative", input: "//evil.com/product/1", expected: .route(nil, nil)),
    ])
    func hostile(_ example: Case) {
        switch example.expected {
        case .route(let route, let parameters):
            #expect(throws: Never.self) {
                let link = try Self.table.resolve(example.input)
                #expect(link.route == route)
                #expect(link.routeParameters == parameters)
            }
        case .rejected(let code):
            #expect {
                _ = try Self.table.resolve(example.input)
            } throws: { ($0 as? LinkInputError)?.code == code }
        }
    }

    @Test func thousandsOfQueryItemsKeepTheirOrder() throws {
        let items = (0..<2000).map { "k\($0)=v\($0)" }.joined(separator: "&")
        let roomy = try RouteTable(Self.table.configuration, maximumInputLength: 64 * 1024)
        let link = try roomy.resolve("shop://search?" + items)
        #expect(link.queryItems.count == 2000)
        #expect(link.queryItems.last == QueryItem(name: "k1999", value: "v1999"))
        #expect(link.queryParameters["k1000"] == "v1000")
    }

    @Test func oversizedInputsAreRejectedBeforeAnyWork() {
        for size in [8 * 1024 + 1, 64 * 1024, 1024 * 1024] {
            let input = "shop://" + String(repeating: "%", count: size)   // invalid everywhere, yet rejected by size
            #expect {
                _ = try Self.table.resolve(input)
            } throws: { ($0 as? LinkInputError)?.code == .inputTooLong }
        }
    }

    @Test func manySegmentsUnderTheLimitResolve() throws {
        let input = "shop://docs/" + Array(repeating: "a", count: 4000).joined(separator: "/")
        let link = try Self.table.resolve(input)
        #expect(link.route == "docs/{path...}")
        #expect(link.routeParameters?["path"]?.count == 4000 * 2 - 1)
    }
}
