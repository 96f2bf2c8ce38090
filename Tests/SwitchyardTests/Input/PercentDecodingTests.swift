import Testing
@_spi(SwitchyardService) import Switchyard

/// `PercentDecoding.decode(_:plusIsSpace:)`, the exact decoder the link service reads Firebase long
/// links with: one row per documented behaviour.
@Suite struct PercentDecodingTests {
    @Test(arguments: [
        ("red%20shoes+42", true, "red shoes 42"),
        ("red%20shoes+42", false, "red shoes+42"),
        ("%E2%9C%93%e2%9c%93", false, "✓✓"),
        ("", true, ""),
        ("plain", true, "plain"),
    ] as [(String, Bool, String)])
    func decodesEscapesAndPlus(text: String, plusIsSpace: Bool, expected: String) {
        #expect(PercentDecoding.decode(text, plusIsSpace: plusIsSpace) == expected)
    }

    @Test(arguments: ["100%", "%4", "%ZZ", "a%2", "%FF", "%C3%28", "%ED%A0%80"])
    func refusesBrokenEscapesAndBytesThatAreNotUTF8(text: String) {
        #expect(PercentDecoding.decode(text, plusIsSpace: true) == nil)
    }
}
