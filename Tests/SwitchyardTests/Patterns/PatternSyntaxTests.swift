import Testing
@testable import Switchyard

@Suite struct PatternSyntaxTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var pattern: String
        var delimiter: Character = "/"
        var message: String
        var code: PatternError.Code
        var testDescription: String { pattern }
    }

    /// Error text is a contract: each common mistake gives exactly this message.
    @Test(arguments: [
        Case(pattern: "bad/:", message: "empty parameter name at 5 in 'bad/:'", code: .emptyParameterName),
        Case(pattern: "", message: "empty pattern (write '/' for the root route) in ''", code: .emptyPattern),
        Case(pattern: "a/{}", message: "empty parameter name at 3 in 'a/{}'", code: .emptyParameterName),
        Case(pattern: "a/{id", message: "unclosed '{' at 3 in 'a/{id'", code: .unclosedBracket),
        Case(pattern: "b/{", message: "unclosed '{' at 3 in 'b/{'", code: .unclosedBracket),
        Case(pattern: "a/{id/b", message: "unclosed '{' at 3 in 'a/{id/b'", code: .unclosedBracket),
        Case(pattern: "a/:id<>", message: "empty constraint name at 6 in 'a/:id<>'", code: .emptyConstraint),
        Case(pattern: "a/:id<int", message: "unclosed '<' at 6 in 'a/:id<int'", code: .unclosedBracket),
        Case(pattern: "a/:1d", message: "parameter name cannot start with a digit at 4 in 'a/:1d'", code: .invalidName),
        Case(pattern: "a/:i-d", message: "unexpected '-' at 5 in 'a/:i-d'", code: .unexpectedCharacter),
        Case(pattern: "a/:id/b/:id", message: "duplicate parameter 'id' at 9 in 'a/:id/b/:id'", code: .duplicateParameter),
        Case(pattern: "docs/{path...}/x",
             message: "rest parameter 'path' must be the last segment at 6 in 'docs/{path...}/x'", code: .restNotLast),
        Case(pattern: "docs/{path<int>...}", message: "a rest parameter cannot be constrained at 6 in 'docs/{path<int>...}'",
             code: .constrainedRest),
        Case(pattern: "a/b!", message: "'!' (modal) on a segment without a screen at 4 in 'a/b!'", code: .modalWithoutScreen),
        Case(pattern: "list{}", message: "empty screen name at 5 in 'list{}'", code: .emptyScreenName),
        Case(pattern: "user/:id(/:tab", message: "unclosed '(' at 9 in 'user/:id(/:tab'", code: .unbalancedParenthesis),
        Case(pattern: "user/:id)", message: "unmatched ')' at 9 in 'user/:id)'", code: .unbalancedParenthesis),
        Case(pattern: "user/()", message: "empty optional group at 6 in 'user/()'", code: .emptyGroup),
        Case(pattern: "a b", message: "invalid character U+0020 at 2 in 'a b'", code: .unexpectedCharacter),
        Case(pattern: "a/*x", message: "unexpected 'x' at 4 in 'a/*x'", code: .unexpectedCharacter),
        Case(pattern: "a/%G1", message: "invalid percent-encoding at 3 in 'a/%G1'", code: .invalidPercentEncoding),
        // Decoded bytes that are not UTF-8: a stray continuation byte, a truncated sequence, an
        // overlong form, a surrogate and a code point past U+10FFFF. The error names the literal.
        Case(pattern: "a/%FF", message: "percent-encoding is not UTF-8 at 3 in 'a/%FF'", code: .invalidPercentEncoding),
        Case(pattern: "a/x%80y", message: "percent-encoding is not UTF-8 at 3 in 'a/x%80y'", code: .invalidPercentEncoding),
        Case(pattern: "caf%C3/b", message: "percent-encoding is not UTF-8 at 1 in 'caf%C3/b'", code: .invalidPercentEncoding),
        Case(pattern: "a/%C0%AF", message: "percent-encoding is not UTF-8 at 3 in 'a/%C0%AF'", code: .invalidPercentEncoding),
        Case(pattern: "a/%ED%A0%80", message: "percent-encoding is not UTF-8 at 3 in 'a/%ED%A0%80'",
             code: .invalidPercentEncoding),
        Case(pattern: "é/%F4%90%80%80", message: "percent-encoding is not UTF-8 at 3 in 'é/%F4%90%80%80'",
             code: .invalidPercentEncoding),
        Case(pattern: "café/:x!", message: "'!' (modal) on a segment without a screen at 8 in 'café/:x!'",
             code: .modalWithoutScreen),
        Case(pattern: "post:{}", delimiter: ":", message: "empty parameter name at 6 in 'post:{}'", code: .emptyParameterName),
    ])
    func syntaxErrors(_ example: Case) {
        #expect {
            _ = try RoutePattern(example.pattern, delimiter: example.delimiter)
        } throws: { error in
            guard let error = error as? PatternError else { return false }
            #expect(error.description == example.message)
            #expect(error.code == example.code)
            return true
        }
    }

    @Test func everyFormOfTheLanguageParses() throws {
        let forms: [(String, Character, [PatternSegment.Kind])] = [
            ("about/team", "/", [.literal("about"), .literal("team")]),
            ("product/:product_id", "/", [.literal("product"), .parameter("product_id")]),
            ("post:{postId}", ":", [.literal("post"), .parameter("postId")]),
            ("list/*", "/", [.literal("list"), .wildcard]),
            ("docs/{path...}", "/", [.literal("docs"), .rest("path")]),
            ("/", "/", []),
            ("caf%C3%A9/x", "/", [.literal("café"), .literal("x")]),
            ("%E2%82%AC/%F0%9F%9A%80x", "/", [.literal("€"), .literal("🚀x")]),
        ]
        for (text, delimiter, kinds) in forms {
            let pattern = try RoutePattern(text, delimiter: delimiter)
            #expect(pattern.forms.count == 1)
            #expect(pattern.forms[0].map(\.kind) == kinds, "\(text)")
        }
    }

    @Test func constraintsAndScreensAreKept() throws {
        let pattern = try RoutePattern("list{ListScreen}/:itemID<int>{DetailScreen}/extra{ExtraScreen}!")
        let form = pattern.forms[0]
        #expect(form.map(\.screen) == ["ListScreen", "DetailScreen", "ExtraScreen"])
        #expect(form.map(\.isModal) == [false, false, true])
        #expect(form[1].constraint == "int")
        #expect(form.map(\.position) == [1, 18, 45])
        #expect(pattern.hasScreens)
        let braced = try RoutePattern("{id<uuid>}{Detail}!")
        #expect(braced.forms[0][0].kind == .parameter("id"))
        #expect(braced.forms[0][0].constraint == "uuid")
        #expect(braced.forms[0][0].screen == "Detail")
    }

    @Test func optionalGroupsExpandShortestFirst() throws {
        let pattern = try RoutePattern("user/:id(/:tab(/:section))")
        #expect(pattern.forms.map { $0.count } == [2, 3, 4])
        #expect(pattern.parameterNames == ["id", "tab", "section"])
        let two = try RoutePattern("a(/b)(/c)")
        #expect(two.forms.count == 4)
    }

    @Test func tooManyOptionalGroupsIsAnErrorNotAnExplosion() {
        let text = "a" + String(repeating: "(/b)", count: 7)
        #expect(throws: PatternError.self) { _ = try RoutePattern(text) }
    }
}
