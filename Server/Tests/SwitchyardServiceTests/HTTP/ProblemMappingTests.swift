import HTTPTypes
import Switchyard
import SwitchyardStore
import Testing
@testable import SwitchyardService

/// The one mapping from errors to problems (`Problem(answering:)`): each kind of error, the
/// status, kind, title, detail and headers it is answered with.
@Suite struct ProblemMappingTests {
    struct Case: Sendable, CustomStringConvertible {
        let error: any Error & Sendable
        let status: HTTPResponse.Status
        let kind: String
        let title: String
        let detail: String
        var retryAfter: String?
        var description: String { "\(error) → \(kind)" }
    }

    static let cases: [Case] = [
        Case(error: StoreError.invalidCursor("abc"), status: .badRequest, kind: "invalid-query", title: "Invalid query parameter",
             detail: "'cursor' is not a cursor this service gave out"),
        Case(error: StoreError(.corrupt, "row 'x' has no route"), status: .internalServerError, kind: "corrupt-data",
             title: "Stored data unreadable", detail: "row 'x' has no route"),
        Case(error: StoreError(.configuration, "no such schema"), status: .internalServerError, kind: "corrupt-data",
             title: "Stored data unreadable", detail: "no such schema"),
        Case(error: StoreError(.unavailable, "connection refused"), status: .serviceUnavailable, kind: "unavailable",
             title: "Service unavailable", detail: "the database is unavailable; retry later", retryAfter: "5"),
        Case(error: NamedKeyError(.invalidName, "the key name 'a b' must be 1 to 64 letters, digits, '-', '_' and '.'"), status: .badRequest, kind: "invalid-key", title: "Invalid key",
             detail: "the key name 'a b' must be 1 to 64 letters, digits, '-', '_' and '.'"),
        Case(error: FirebaseLinkError(.missingLink, parameter: "link", "the long link has no 'link' parameter (the deep link)"),
             status: .badRequest, kind: "invalid-argument", title: "Invalid argument",
             detail: "Bad long link: the long link has no 'link' parameter (the deep link)"),
        Case(error: LinkRuleError(.unknownRoute, "no route named or patterned 'nope' in the route table"), status: .badRequest,
             kind: "unknown-route", title: "Unknown route", detail: "no route named or patterned 'nope' in the route table"),
        Case(error: LinkRuleError(.unroutedDeepLink, "no route in the route table matches 'link' (https://a.example/x)"),
             status: .badRequest, kind: "unknown-route", title: "No route for the deep link",
             detail: "no route in the route table matches 'link' (https://a.example/x)"),
        Case(error: LinkRuleError(.fallbackRefused, "ofl: 'evil.example.net' is not an allowed fallback domain"), status: .badRequest,
             kind: "fallback-refused", title: "Fallback URL refused", detail: "ofl: 'evil.example.net' is not an allowed fallback domain"),
        Case(error: LinkRuleError(.expiryInPast, "'expiresAt' (2000-01-01T00:00:00Z) is not in the future"), status: .badRequest,
             kind: "expiry-in-past", title: "Expiry in the past", detail: "'expiresAt' (2000-01-01T00:00:00Z) is not in the future"),
        Case(error: Problem.linkGone("abc"), status: .gone, kind: "link-gone", title: "Link gone",
             detail: "link 'abc' was deleted or has expired"),
    ]

    @Test(arguments: cases) func answersEachKnownError(_ row: Case) throws {
        let problem = try #require(Problem(answering: row.error))
        #expect(problem.status == row.status)
        #expect(problem.kind == row.kind)
        #expect(problem.title == row.title)
        #expect(problem.detail == row.detail)
        #expect(problem.headers[.retryAfter] == row.retryAfter)
    }

    /// A taken code or name is answered by the caller that knows what was taken; any other error
    /// is no domain error, answered 500 `internal` by the middleware.
    @Test func leavesTakenNamesAndUnknownErrorsUnmapped() {
        #expect(Problem(answering: StoreError.codeTaken("abc")) == nil)
        #expect(Problem(answering: StoreError.nameTaken("key", "ci")) == nil)
        #expect(Problem(answering: CancellationError()) == nil)
        #expect(Problem.internalError.status == .internalServerError)
        #expect(Problem.internalError.kind == "internal")
    }

    @Test func refusesAttestationsAndAssertionsWithTheStepThatFailed() {
        let attestation = Problem.attestationInvalid("certificate-chain: the chain does not lead to Apple's root")
        #expect(attestation.status == .forbidden)
        #expect(attestation.kind == "attestation-invalid")
        #expect(attestation.detail == "certificate-chain: the chain does not lead to Apple's root")
        let assertion = Problem.assertionInvalid("the assertion is not standard base64")
        #expect(assertion.status == .forbidden)
        #expect(assertion.kind == "assertion-invalid")
        #expect(assertion.title == "Assertion not valid")
    }

    /// The codes keep the raw values logs and JSON output print, and match as `catch` patterns.
    @Test func codesKeepTheirRawValuesAndMatch() {
        #expect(StoreError.Code.codeTaken.rawValue == "code_taken")
        #expect(StoreError.Code.invalidCursor.rawValue == "invalid_cursor")
        #expect(FirebaseLinkError.Code.notALongLink.rawValue == "not_a_long_link")
        let taken: any Error = StoreError.nameTaken("key", "ci")
        var matched = false
        do { throw taken } catch StoreError.Code.nameTaken { matched = true } catch {}
        #expect(matched)
        #expect(!(StoreError.Code.codeTaken ~= taken))
    }

    @Test func namesWhatWasTaken() {
        #expect(Problem.aliasTaken("spring").status == .conflict)
        #expect(Problem.aliasTaken("spring").kind == "alias-taken")
        #expect(Problem.aliasTaken("spring").detail == "the alias 'spring' is already in use")
        #expect(Problem.keyNameTaken("ci").status == .conflict)
        #expect(Problem.keyNameTaken("ci").kind == "key-name-taken")
        #expect(Problem.keyNameTaken("ci").detail == "a key named 'ci' exists")
    }
}
