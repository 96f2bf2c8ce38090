import Switchyard
import Testing

@Suite struct TableScreenValidationTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var pattern: String
        var code: RouteTableBuildError.Issue.Code
        var position: Int
        var message: String
        var testDescription: String { pattern }
    }

    @Test(arguments: [
        Case(pattern: "list/*{ItemScreen}", code: .screenOnWildcard, position: 6,
             message: "screen on an anonymous wildcard at 6 in 'list/*{ItemScreen}' (name the parameter, as in ':id{ItemScreen}')"),
        Case(pattern: "a{A}/(*{B}!)", code: .screenOnWildcard, position: 7,
             message: "screen on an anonymous wildcard at 7 in 'a{A}/(*{B}!)' (name the parameter, as in ':id{B}')"),
    ])
    func rejects(_ row: Case) {
        do {
            _ = try RouteTable(["about", row.pattern], schemes: ["shop"])
            Issue.record("expected an error for \(row.pattern)")
        } catch {
            #expect(error.issues.count == 1)
            let issue = error.issues[0]
            #expect(issue.code == row.code)
            #expect(issue.patterns == [row.pattern])
            #expect(issue.routeIndices == [1])
            #expect(issue.position == row.position)
            #expect(issue.message == row.message)
        }
    }

    @Test(arguments: ["list/*", "list{L}/*", "list{L}/:id{D}/book{B}!", "a{A}!/b{B}", "*/x{X}", "a{A}!/b{B}!",
                      "a{A}(/b{B}!)(/:c{C}!)"])
    func accepts(_ pattern: String) throws {
        _ = try RouteTable([pattern], schemes: ["shop"])
    }

    @Test func codesHaveStableNames() {
        #expect(RouteTableBuildError.Issue.Code.screenOnWildcard.description == "screen_on_wildcard")
    }
}
