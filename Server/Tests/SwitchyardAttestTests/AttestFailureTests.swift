import Foundation
import Switchyard
import SwitchyardAttest
import Testing

/// Attestation and CBOR errors as ``CodedError``s: a stable code per step or stop, and the message
/// the command line prints and the service answers.
@Suite struct AttestFailureTests {
    @Test(arguments: AttestFailure.Step.allCases) func eachStepHasItsSnakeCaseCode(_ step: AttestFailure.Step) {
        let failure = AttestFailure(step, "what was wrong")
        #expect(failure.code.rawValue == step.rawValue.replacingOccurrences(of: "-", with: "_"))
        #expect(failure.message == "\(step.rawValue): what was wrong")
        #expect(failure.description == failure.message)
    }

    @Test func aFailureMatchesItsCode() {
        let failure: any Error = AttestFailure(.counter, "the counter 3 is not above 3: a replayed assertion")
        var matched = false
        do { throw failure } catch AttestFailure.Code.counter { matched = true } catch {}
        #expect(matched)
    }

    @Test func cborErrorsNameWhereReadingStopped() throws {
        let error = try #require(throws: CBORError.self) { try CBORReader.read([0x18]) }
        #expect(error.code == .truncated)
        #expect(error.message == "CBOR: input ends inside an item at byte 0")
        let trailing = try #require(throws: CBORError.self) { try CBORReader.read([0x01, 0x02]) }
        #expect(trailing.code == .trailingBytes)
        #expect(trailing.message == "CBOR: bytes follow the item at byte 1")
    }
}
