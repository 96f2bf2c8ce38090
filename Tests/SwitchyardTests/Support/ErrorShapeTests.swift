import Switchyard
import Testing

/// Every public error has the same shape: a `code` (a `Code` with a stable `rawValue`, matchable
/// with `==` and as a `catch` pattern) and a `message`. Plain `import`: apps see only this.
@Suite struct ErrorShapeTests {
    static let table = try! RouteTable(["product/:id<int>"], schemes: ["shop"])

    @Test func aLinkInputErrorMatchesItsCode() {
        do {
            _ = try Self.table.resolve("ftp://product/1")
            Issue.record("resolved")
        } catch LinkInputError.Code.unknownScheme {
        } catch {
            Issue.record("caught \(error)")
        }
        let error = #expect(throws: LinkInputError.self) { try Self.table.resolve("") }
        #expect(error?.code == .emptyInput)
        #expect(error?.code.rawValue == "empty_input")
    }

    @Test func aRouteTableBuildErrorHasATopLevelCodeAndItsIssues() {
        let error = #expect(throws: RouteTableBuildError.self) { try RouteTable(["bad/:", "a", "a"]) }
        #expect(error?.code == .invalidTable)
        #expect(error?.code.rawValue == "invalid_table")
        #expect(error?.issues.map(\.code) == [.syntax, .conflict])
        #expect(error?.message == error?.description)
        #expect(RouteTableBuildError.Code.invalidTable ~= (error as (any Error)?)!)
    }

    @Test func aPatternErrorHasAMessageWithoutThePosition() {
        do {
            _ = try RoutePattern("bad/:")
            Issue.record("parsed")
        } catch PatternError.Code.emptyParameterName {
        } catch {
            Issue.record("caught \(error)")
        }
        let error = #expect(throws: PatternError.self) { try RoutePattern("bad/:") }
        #expect(error?.message == "empty parameter name")
        #expect(error?.description == "empty parameter name at 5 in 'bad/:'")
    }

    @Test func aDestinationErrorMatchesItsCode() {
        let error: any Error = DestinationError.invalidParameters("no id")
        #expect(DestinationError.Code.invalidParameters ~= error)
        #expect(!(DestinationError.Code.notFound ~= error))
        #expect((error as? DestinationError)?.message == "invalid parameters: no id")
    }

    @Test func aFileWriteErrorHasACode() {
        let error = FileWriteError(path: "/p", message: "disk full")
        #expect(error.code == .cannotWrite)
        #expect(error.code.rawValue == "cannot_write")
        #expect(error.description == "could not write /p: disk full")
    }

    @Test func codesPrintTheirRawValue() {
        #expect("\(PipelineError.Code.redirectLoop)" == "redirect_loop")
        #expect("\(ParameterError.Code.missing)" == "missing_parameter")
        #expect(LinkBuildError.Code.missingParameter.rawValue == "missing_parameter")
        #expect(JSONParseError.Code.duplicateKey.rawValue == "duplicate_key")
        #expect(RouteTableFileError.Code.unknownKey.rawValue == "unknown_key")
        #expect(DeferredLinks.Refusal.Code.stale.rawValue == "stale")
    }

    /// An error of the app's own that adopts ``CodedError`` gets the same `Code`, patterns and description.
    @Test func anAppErrorAdoptsTheSameShape() {
        struct CheckoutError: CodedError, Equatable {
            let code: Code
            let message: String
        }
        let error: any Error = CheckoutError(code: .init(rawValue: "sold_out"), message: "sold out")
        #expect(CheckoutError.Code(rawValue: "sold_out") ~= error)
        #expect(!(PipelineError.Code.redirectLoop ~= error))
        #expect("\(error)" == "sold out")
    }
}
