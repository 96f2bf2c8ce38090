import Switchyard
import SwitchyardStore
import Testing
@testable import SwitchyardService

@Suite struct APIKeyringTests {
    @Test func findsOwnersOnlyForExactKeys() {
        let keyring = APIKeyring(["alpha-key": "alpha", "beta-key": "beta"])
        #expect(keyring.owner(of: "alpha-key") == "alpha")
        #expect(keyring.owner(of: "beta-key") == "beta")
        #expect(keyring.owner(of: "alpha-ke") == nil)
        #expect(keyring.owner(of: "alpha-key ") == nil)
        #expect(keyring.owner(of: "") == nil)
        #expect(APIKeyring([:]).owner(of: "x") == nil)
    }

    @Test func keepsOnlyDigests() {
        #expect(APIKeyring.digest("abc").count == 32)
        #expect(APIKeyring.digest("abc") != APIKeyring.digest("abd"))
        #expect(APIKeyring.constantTimeEqual([1, 2, 3], [1, 2, 3]))
        #expect(!APIKeyring.constantTimeEqual([1, 2, 3], [1, 2, 4]))
        #expect(!APIKeyring.constantTimeEqual([1, 2], [1, 2, 3]))
    }
}
