import Foundation
import Hummingbird
@_spi(SwitchyardService) import Switchyard
@testable import SwitchyardService
import SwitchyardStore
import Testing

/// The served OpenAPI document and the router stay in step: every API route is documented with its
/// methods, and every documented operation is routed.
@Suite struct OpenAPIRoutesTests {
    /// Routes that are pages for people, not API: the dashboard (`/` is documented: with `link=`
    /// it answers Firebase long links).
    static func isUndocumented(_ path: String) -> Bool {
        path.hasPrefix("/dashboard")
    }

    /// `/api/v1/links/:code` → `/api/v1/links/{code}`.
    static func openAPIPath(_ routerPath: String) -> String {
        "/" + routerPath.split(separator: "/").map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }.joined(separator: "/")
    }

    @Test func theDocumentAndTheRouterNameTheSameOperations() throws {
        let service = try makeService(configuration: Harness.configuration(), store: InMemoryLinkStore(), logger: Harness.logger)
        let routed = Set(makeRouter(service: service).routes
            .filter { $0.method != .head }
            .map { "\($0.method.rawValue) \(Self.openAPIPath($0.path.description))" }
            .filter { !Self.isUndocumented(String($0.split(separator: " ")[1])) })
        let document = try JSONValue.parse(OpenAPIDocument.text)
        let paths = try #require(document["paths"]?.objectValue)
        var documented: Set<String> = []
        for (path, item) in paths {
            for method in ["get", "post", "put", "patch", "delete"] where item[method] != nil {
                documented.insert("\(method.uppercased()) \(path)")
            }
        }
        #expect(routed.subtracting(documented).sorted() == [], "routed but not documented")
        #expect(documented.subtracting(routed).sorted() == [], "documented but not routed")
    }
}
