import Hummingbird
import HummingbirdTesting
@_spi(SwitchyardService) import Switchyard
import Testing
@testable import SwitchyardService

/// `<script>` in any value a link carries comes out escaped on every dashboard page.
@Suite struct DashboardEscapingTests {
    static let hostile = #"</title></script><script>alert("x")</script><img src=x onerror='y'>"#

    static func expectEscaped(_ page: String, _ where: String) {
        #expect(!page.contains("<script"), "\(`where`)")
        #expect(!page.contains("<img src=x"), "\(`where`)")
        #expect(!page.contains("onerror='y'"), "\(`where`)")
    }

    @Test func hostileValuesAreEscapedInTheListTheLinkPageAndTheForm() async throws {
        try await Harness.live(.memory) { client, _ in
            let body = JSONValue.object([
                "route": "docs",
                "routeParameters": .object(["path": .string(Self.hostile)]),
                "queryParameters": .object([Self.hostile: .string(Self.hostile)]),
                "metadata": .object([Self.hostile: .string(Self.hostile)]),
                "preview": .object(["title": .string(Self.hostile), "description": .string(Self.hostile)]),
            ]).serialized()
            let code = try #require(try await client.create(body)["code"]?.stringValue)
            let browser = DashboardClient(client)
            let csrf = try await browser.signIn()
            let list = try await browser.get("/").text
            Self.expectEscaped(list, "list")
            #expect(list.contains("&lt;/title&gt;&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)"))
            let page = try await browser.get("/dashboard/links/\(code)").text
            Self.expectEscaped(page, "link page")
            #expect(page.contains("<title>&lt;/title&gt;"))
            // The form shown again after an error keeps hostile input, escaped.
            let form = try await browser.post("/dashboard/new", form: [
                ("csrf", csrf), ("route", "product"), ("param.product_id", ""), ("metadata", Self.hostile),
                ("preview.title", Self.hostile), ("query", "q=" + Self.hostile), ("fallback.web", Self.hostile),
            ])
            Self.expectEscaped(form.text, "form")
            // A hostile route name in the picker's error.
            let picker = try await browser.get("/dashboard/new?route=" + PercentEncoding.encode(Self.hostile)).text
            Self.expectEscaped(picker, "picker")
            // A link created through the form with hostile values.
            let created = try await browser.post("/dashboard/new", form: [
                ("csrf", csrf), ("route", "docs"), ("param.path", Self.hostile), ("metadata", #"{"k": "\#(Self.hostile.replacingOccurrences(of: "\"", with: "\\\""))"}"#),
                ("preview.title", Self.hostile), ("query", "q=" + Self.hostile),
            ])
            #expect(created.status == .seeOther)
            let location = try #require(created.headers[.location])
            Self.expectEscaped(try await browser.get(location).text, "created link page")
            Self.expectEscaped(try await browser.get("/").text, "list with both")
        }
    }

    @Test func onlyHTTPURLsBecomeLinks() {
        #expect(DashboardPage.href("https://example.org/a?b=1&c=2") == "https://example.org/a?b=1&c=2")
        #expect(DashboardPage.href("javascript:alert(1)") == nil)
        #expect(DashboardPage.href("data:text/html,<script>") == nil)
        #expect(DashboardPage.href(#"https://example.org/"onmouseover="x"#) == nil)
        // The template escapes the href it is given.
        #expect(Template.cell.render(DashboardPage.link("https://example.org/a?b=1&c=2"))
            == #"<a href="https://example.org/a?b=1&amp;c=2" rel="noopener noreferrer">https://example.org/a?b=1&amp;c=2</a>"#)
        #expect(Template.cell.render(DashboardPage.link("javascript:alert(1)")) == "<code>javascript:alert(1)</code>")
        #expect(Template.cell.render(DashboardPage.link("javascript:alert('<x>')")) == "<code>javascript:alert(&#39;&lt;x&gt;&#39;)</code>")
    }
}
