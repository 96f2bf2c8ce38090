import Testing
import Switchyard

/// Every rejection path, with its exact message.
@Suite struct RejectionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var input: String
        var code: LinkInputError.Code
        var message: String
        var testDescription: String { input.count > 40 ? String(input.prefix(40)) + "…" : input }
    }

    @Test(arguments: [
        Case(input: "", code: .emptyInput, message: "empty input"),
        Case(input: "shop://" + String(repeating: "a", count: 8200), code: .inputTooLong,
             message: "input is 8207 bytes, over the 8192-byte limit"),
        Case(input: "shop://product/1\u{0}", code: .controlCharacter, message: "control character U+0000 at 17"),
        Case(input: "shop://prod\nuct", code: .controlCharacter, message: "control character U+000A at 12"),
        Case(input: "shop://pro\u{7F}", code: .controlCharacter, message: "control character U+007F at 11"),
        Case(input: "shop://product/a b", code: .invalidCharacter, message: "raw space (write %20) at 17"),
        Case(input: "shop://product/%G1", code: .invalidPercentEncoding, message: "invalid percent-encoding '%G1' at 16"),
        Case(input: "shop://product/%4", code: .invalidPercentEncoding, message: "invalid percent-encoding '%4' at 16"),
        Case(input: "shop://product/%", code: .invalidPercentEncoding, message: "invalid percent-encoding '%' at 16"),
        Case(input: "shop://product/%FF", code: .invalidPercentEncoding,
             message: "percent-encoding in the path is not UTF-8 at 16"),
        Case(input: "shop://product/%00", code: .controlCharacter,
             message: "percent-encoded control character U+0000 in the path at 16"),
        Case(input: "shop://product/1?q=%C3", code: .invalidPercentEncoding,
             message: "percent-encoding in the query is not UTF-8 at 18"),
        Case(input: "shop://product/1?q=%00", code: .controlCharacter, message: "percent-encoded U+0000 in the query at 18"),
        // Escapes of printable ASCII skip the decoded checks; these are the ones that must not.
        Case(input: "shop://product/%7F", code: .controlCharacter,
             message: "percent-encoded control character U+007F in the path at 16"),
        Case(input: "shop://product/a%1Fb", code: .controlCharacter,
             message: "percent-encoded control character U+001F in the path at 16"),
        Case(input: "shop://product/%41%20b?q=%E2%82", code: .invalidPercentEncoding,
             message: "percent-encoding in the query is not UTF-8 at 24"),
        Case(input: "shop://product/%41?q=a+b#%20%80", code: .invalidPercentEncoding,
             message: "percent-encoding in the fragment is not UTF-8 at 26"),
        Case(input: "shop://product/1#%FF", code: .invalidPercentEncoding,
             message: "percent-encoding in the fragment is not UTF-8 at 18"),
        Case(input: "ftp://product/1", code: .unknownScheme, message: "unknown scheme 'ftp' (this table answers: shop)"),
        Case(input: "https://evil.com/product/1", code: .unknownHost,
             message: "host 'evil.com' is not a universal-link host of this table"),
        Case(input: "https://shop.example.com.evil.com/product/1", code: .unknownHost,
             message: "host 'shop.example.com.evil.com' is not a universal-link host of this table"),
        Case(input: "https://shop.example.com@evil.com/product/1", code: .userInfoNotAllowed,
             message: "user information in the authority 'shop.example.com@evil.com' is not allowed"),
        Case(input: "https://user:pw@shop.example.com/x", code: .userInfoNotAllowed,
             message: "user information in the authority 'user:pw@shop.example.com' is not allowed"),
        Case(input: "https:shop.example.com/product/1", code: .malformedURL,
             message: "expected '//' and a host after the scheme at 7"),
        Case(input: "https:///product/1", code: .malformedURL, message: "empty host"),
        Case(input: "https://shop.example.com:80x/p", code: .malformedURL,
             message: "invalid port in 'shop.example.com:80x'"),
        Case(input: "https://[::1]/product/1", code: .unknownHost,
             message: "host '[::1]' is not a universal-link host of this table"),
        Case(input: "https://shop.example.com\\evil.com/x", code: .invalidCharacter, message: "backslash after the host at 25"),
    ])
    func rejected(_ example: Case) {
        let table = NormalizationTests.table
        #expect {
            _ = try table.resolve(example.input)
        } throws: { error in
            guard let error = error as? LinkInputError else { return false }
            #expect(error.message == example.message)
            #expect(error.code == example.code)
            return true
        }
    }

    @Test func oneMebibyteIsRejectedWithoutScanningIt() {
        let huge = "shop://" + String(repeating: "a/", count: 512 * 1024)
        #expect(throws: LinkInputError.self) { try NormalizationTests.table.resolve(huge) }
    }

    @Test func theLimitIsConfigurable() throws {
        let table = try RouteTable(RouteTableConfiguration(schemes: ["shop"], routes: [RouteDefinition("a/:x")]),
                                   maximumInputLength: 16)
        #expect(try table.resolve("shop://a/1234567").route == "a/:x")
        #expect(throws: LinkInputError.self) { try table.resolve("shop://a/12345678") }
    }
}
