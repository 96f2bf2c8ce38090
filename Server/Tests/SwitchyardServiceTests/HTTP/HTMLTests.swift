import Switchyard
import SwitchyardStore
import Testing
@testable import SwitchyardService

@Suite struct HTMLTests {
    @Test func escapesEveryMarkupCharacter() {
        #expect(HTML.escape(#"<a href="x" onclick='y'>&`"#) == "&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&#96;")
        #expect(HTML.escape("plain text é") == "plain text é")
    }
}
