import Testing
import Switchyard

/// Two patterns that match exactly the same URLs are reported when the table is built.
@Suite struct ConflictTests {
    @Test(arguments: [
        (["product/:id", "product/{pid}"], "conflict: 'product/:id' and 'product/{pid}' match the same URLs"),
        (["list/*", "list/:id"], "conflict: 'list/*' and 'list/:id' match the same URLs"),
        (["n/:a<int>", "n/{b<int>}"], "conflict: 'n/:a<int>' and 'n/{b<int>}' match the same URLs"),
        (["docs/{a...}", "docs/{b...}"], "conflict: 'docs/{a...}' and 'docs/{b...}' match the same URLs"),
        (["about/team", "/about//team/"], "conflict: 'about/team' and '/about//team/' match the same URLs"),
        (["user/:id(/:tab)", "user/:uid"], "conflict: 'user/:id(/:tab)' and 'user/:uid' match the same URLs"),
        (["a(/:x)(/:y)"], "conflict: two optional forms of 'a(/:x)(/:y)' match the same URLs"),
        (["list{A}/:id{B}", "list"],
         "conflict: 'list' is also a screen prefix of 'list{A}/:id{B}', which opens it with a navigation plan"),
        (["list", "list{A}/:id{B}"],
         "conflict: 'list' is also a screen prefix of 'list{A}/:id{B}', which opens it with a navigation plan"),
        (["list{A}/:id{B}", "list{C}/new{D}"],
         "conflict: 'list{A}/:id{B}' and 'list{C}/new{D}' share the prefix 'list' but show different screens on it"),
    ] as [([String], String)])
    func conflictsNameBothPatterns(_ patterns: [String], _ message: String) {
        #expect {
            _ = try RouteTable(patterns)
        } throws: { error in
            guard let error = error as? RouteTableBuildError else { return false }
            #expect(error.issues.map(\.message) == [message])
            #expect(error.issues.first?.code == .conflict)
            return true
        }
    }

    @Test func notConflicts() throws {
        // Different constraints, different lengths, and shared screen prefixes showing the same screens.
        _ = try RouteTable(["n/:a<int>", "n/:b<uuid>", "n/:c", "n/*/x", "list{A}/:id{B}", "list{A}/new{C}"])
        _ = try RouteTable(["About", "about"])
        #expect(throws: RouteTableBuildError.self) { try RouteTable(["About", "about"], caseSensitive: false) }
    }

    @Test func everyProblemIsCollected() {
        #expect {
            _ = try RouteTable(RouteTableConfiguration(
                schemes: ["shop", "http", "9bad"], hosts: ["https://shop.example.com"],
                routes: [RouteDefinition("bad/:"), RouteDefinition("a/:x<coupon>"), RouteDefinition("p/:id", name: "p"),
                         RouteDefinition("p/{other}", name: "p")]))
        } throws: { error in
            guard let error = error as? RouteTableBuildError else { return false }
            #expect(error.issues.map(\.message) == [
                "scheme 'http' is for universal links: name the host instead",
                "invalid scheme '9bad': a scheme is a letter followed by letters, digits, '+', '-' or '.'",
                "invalid host 'https://shop.example.com': a host must not include a scheme",
                "empty parameter name at 5 in 'bad/:'",
                "unknown constraint 'coupon' at 3 in 'a/:x<coupon>'",
                "duplicate route name 'p': route 3 ('p/:id') and route 4 ('p/{other}')",
                "conflict: 'p/:id' and 'p/{other}' match the same URLs",
            ])
            #expect(error.issues[3].position == 5)
            #expect(error.issues[3].routeIndices == [0])
            #expect(error.issues.map(\.code).contains(.syntax))
            return true
        }
    }

    @Test func builtInConstraintsCannotBeRedefined() {
        #expect(throws: RouteTableBuildError.self) {
            try RouteTable(["a/:x<int>"], constraints: [ParameterConstraint("int") { _ in true }])
        }
    }
}
