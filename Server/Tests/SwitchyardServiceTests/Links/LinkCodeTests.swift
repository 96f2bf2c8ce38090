import Switchyard
import SwitchyardStore
import Testing
@testable import SwitchyardService

@Suite struct LinkCodeTests {
    @Test func generatedCodesUseTheAlphabet() {
        for _ in 0..<200 {
            let code = LinkCodes.generate(length: 8)
            #expect(code.count == 8)
            #expect(code.allSatisfy { LinkCodes.alphabet.contains($0) })
        }
        #expect(LinkCodes.alphabet.count == 62)
    }

    @Test(arguments: [("abc", nil), ("A_b-9", nil), (String(repeating: "x", count: 64), nil),
                      ("ab", "alias 'ab' must be 3 to 64 characters long"),
                      (String(repeating: "x", count: 65), "alias '\(String(repeating: "x", count: 65))' must be 3 to 64 characters long"),
                      ("a/b", "alias 'a/b' may contain only letters, digits, '-' and '_'"),
                      ("ünï", "alias 'ünï' may contain only letters, digits, '-' and '_'"),
                      ("Metrics", "alias 'Metrics' is reserved"), ("dashboard", "alias 'dashboard' is reserved")] as [(String, String?)])
    func aliases(alias: String, refusal: String?) {
        #expect(LinkCodes.aliasRefusal(alias) == refusal)
    }
}
