import Foundation
import Testing
@testable import SwitchyardStore

extension LinkStoreConformance {
    /// Every team's links that are not deleted come back in byte order of their codes, a page at a
    /// time, expired ones included; a page continues after the code it is given.
    static func liveLinks(_ database: TestDatabase) async throws {
        let store = try await database.open()
        let codes = ["b-2", "A-1", "a_3", "Z9", "deleted", "expired"]
        for (index, code) in codes.enumerated() {
            let expiry = code == "expired" ? Instant.at(1) : nil
            try await store.insert(makeLink(code, team: index.isMultiple(of: 2) ? "acme" : "other", expiresAt: expiry))
        }
        #expect(try await store.delete(code: "deleted", team: "acme", at: Instant.at(2)))
        let expected = ["A-1", "Z9", "a_3", "b-2", "expired"]
        #expect(try await store.liveLinks(after: nil, limit: 1000).map(\.code) == expected)
        var pages: [[String]] = []
        var after: String?
        while true {
            let page = try await store.liveLinks(after: after, limit: 2).map(\.code)
            if page.isEmpty { break }
            pages.append(page)
            after = page.last
        }
        #expect(pages == [["A-1", "Z9"], ["a_3", "b-2"], ["expired"]])
        #expect(try await store.liveLinks(after: nil, limit: 1).first == makeLink("A-1", team: "other"))
    }
}
