import Foundation
import Testing
import Switchyard

/// The client's offline parts; its exchanges with a real service are tested in the Server package.
@Suite struct SmartLinkClientTests {
    let client = SmartLinkClient(service: URL(string: "https://go.example.com")!, appKey: "k",
                                 table: try! RouteTable(["product/:id"], hosts: ["shop.example.com"]))

    @Test(arguments: [
        ("https://go.example.com/Ab3dE9xQ", "Ab3dE9xQ"),
        ("https://GO.example.com/Ab3dE9xQ", "Ab3dE9xQ"),
        ("https://go.example.com/my-alias_1", "my-alias_1"),
        ("https://go.example.com/", nil),
        ("https://go.example.com/a/b", nil),
        ("https://evil.example.com/Ab3dE9xQ", nil),
        ("http://go.example.com/Ab3dE9xQ", nil),
        ("https://go.example.com:8443/Ab3dE9xQ", nil),
        ("https://go.example.com/..", nil),
    ] as [(String, String?)])
    func codesOnlyFromTheService(_ url: String, _ code: String?) {
        #expect(client.code(in: URL(string: url)!) == code)
    }

    @Test func aServiceUnderAPathKeepsIt() {
        let nested = SmartLinkClient(service: URL(string: "https://example.com/go")!, appKey: "k", table: client.table)
        #expect(nested.code(in: URL(string: "https://example.com/go/abc")!) == "abc")
        #expect(nested.code(in: URL(string: "https://example.com/abc")!) == nil)
    }

    @Test func anUnreachableServiceIsATransportError() async {
        let offline = SmartLinkClient(service: URL(string: "http://127.0.0.1:9")!, appKey: "k", table: client.table)
        await #expect {
            _ = try await offline.resolve(code: "abc")
        } throws: { ($0 as? SmartLinkError)?.code == .transport }
    }
}
