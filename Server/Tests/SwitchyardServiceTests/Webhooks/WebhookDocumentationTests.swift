import Foundation
import Hummingbird
import HummingbirdTesting
@_spi(SwitchyardService) import Switchyard
@testable import SwitchyardService
@testable import SwitchyardStore
import Testing

/// The README's verification example is the receiver's own code, which the tests run.
@Suite("Webhook documentation")
struct WebhookDocumentationTests {
    @Test("The README's verify() is the one in Server/Scripts/webhook-receiver.py")
    func readmeExampleIsTheTestedOne() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../..").standardizedFileURL
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let script = try String(contentsOf: root.appendingPathComponent("Server/Scripts/webhook-receiver.py"), encoding: .utf8)
        func verify(in text: String) -> String? {
            guard let start = text.range(of: "def verify(") else { return nil }
            let rest = text[start.lowerBound...]
            guard let end = rest.range(of: "return hmac.compare_digest(expected, signature)") else { return nil }
            return String(rest[..<end.upperBound])
        }
        let documented = try #require(verify(in: readme))
        #expect(documented == verify(in: script))
    }
}
