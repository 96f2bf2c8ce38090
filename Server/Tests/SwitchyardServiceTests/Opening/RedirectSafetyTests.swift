import Hummingbird
import HummingbirdTesting
import Switchyard
import Testing

/// A redirect only ever goes to a URL stored on that link, whatever the request adds.
@Suite struct RedirectSafetyTests {
    static let attacks = [
        "?url=https://evil.com", "?redirect=//evil.com&next=https%3A%2F%2Fevil.com", "?fallback=javascript:alert(1)",
        "/", "//evil.com", "/%2F%2Fevil.com", "/..%2F..%2Fevil.com", "%2F%2Fevil.com", "%5C%5Cevil.com", "/%5Cevil.com",
        "#https://evil.com", "/https://evil.com", "%0d%0aLocation:%20https://evil.com",
    ]

    @Test(arguments: attacks)
    func redirectsGoOnlyToStoredURLs(suffix: String) async throws {
        try await Harness.live(.memory) { client, _ in
            let code = try #require(try await client.create(OpenLinkTests.fullLink)["code"]?.stringValue)
            for agent in [Agents.desktop, Agents.android, Agents.iPhone, "curl/8.4.0"] {
                let response = try await client.executeRequest(
                    uri: "/\(code)\(suffix)", method: .get, headers: [.userAgent: agent], body: nil)
                #expect(response.status != .movedPermanently)
                if let location = response.headers[.location] {
                    let stored = ["https://shop.example.com/product/42", "https://apps.apple.com/app/id123"]
                    #expect(stored.contains(location) || location.hasPrefix("intent://product/42?ref=mail#Intent;scheme=shop;"),
                            "\(suffix) → \(location)")
                }
                #expect(!response.text.contains("evil.com"), "\(suffix) echoed on the page")
            }
        }
    }

    @Test func codesThatAreNotCodesNeverReachTheStore() async throws {
        try await Harness.live(.memory) { client, _ in
            for path in ["/a%2Fb", "/%3Cscript%3E", "/" + String(repeating: "a", count: 65)] {
                let response = try await client.executeRequest(uri: path, method: .get, headers: [.userAgent: Agents.desktop], body: nil)
                #expect(response.status == .notFound)
                #expect(!response.text.contains("<script>"))
            }
        }
    }
}
