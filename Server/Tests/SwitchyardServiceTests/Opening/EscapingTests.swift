import Hummingbird
import HummingbirdTesting
import Switchyard
import Testing
@testable import SwitchyardService

/// `<script>` in any value a link carries comes out escaped on every page.
@Suite struct EscapingTests {
    static let hostile = #"</title></script><script>alert("x")</script><img src=x onerror='y'>"#

    @Test(arguments: [Agents.iPhone, Agents.desktop, Agents.crawlers[1], Agents.android])
    func hostileValuesAreEscapedOnEveryPage(agent: String) async throws {
        try await Harness.live(.memory) { client, _ in
            let body = JSONValue.object([
                "route": "product",
                "routeParameters": .object(["product_id": .string(Self.hostile)]),
                "queryParameters": .object(["q": .string(Self.hostile)]),
                "metadata": .object(["note": .string(Self.hostile)]),
                "preview": .object(["title": .string(Self.hostile), "description": .string(Self.hostile)]),
                "fallbacks": .object(["ios": "https://apps.apple.com/app/id1?x=%3Cscript%3E';"]),
            ]).serialized()
            let code = try #require(try await client.create(body)["code"]?.stringValue)
            let response = try await client.open(code, userAgent: agent)
            let page = response.text
            #expect(!page.contains("<script>alert"))
            #expect(!page.contains("<img src=x"))
            #expect(!page.contains("</title></script>"))
            if response.status == .ok {
                #expect(page.contains("&lt;/title&gt;&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)"))
            }
            if response.status == .ok && agent == Agents.iPhone {
                #expect(page.contains(#"href="https://apps.apple.com/app/id1?x=%3Cscript%3E&#39;;""#))
                #expect(page.contains(#"var link="https:\u002f\u002fgo.example.com\u002f"#), "the short link, JS-escaped")
            }
            // Only the page's own script element, if any.
            #expect(page.components(separatedBy: "<script").count <= 2)
        }
    }

    @Test func javaScriptStringsCannotCloseTheScript() {
        let literal = HTML.javaScriptString("</script><!--\u{2028}\"'\\")
        #expect(!literal.contains("<"))
        #expect(!literal.contains("\u{2028}"))
        #expect(literal == #""\u003c\u002fscript\u003e\u003c\u0021--\u2028\u0022\u0027\u005c""#)
    }
}
