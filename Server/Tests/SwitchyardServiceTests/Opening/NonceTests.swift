import Switchyard
import SwitchyardStore
import Testing
@testable import SwitchyardService

@Suite struct NonceTests {
    @Test func noncesAre32HexDigitsDrawnAnew() {
        let nonces = (0..<2_000).map { _ in Responses.nonce() }
        #expect(Set(nonces).count == nonces.count)
        let hex = Set("0123456789abcdef")
        #expect(nonces.allSatisfy { $0.count == 32 && $0.allSatisfy(hex.contains) })
        // Every digit shows up in the first, the middle and the last position (each draw's
        // nibbles all land somewhere): 2,000 draws miss one with a probability of about 1e-55.
        for position in [0, 15, 16, 31] {
            #expect(Set(nonces.map { Array($0)[position] }) == hex, "position \(position)")
        }
    }
}
