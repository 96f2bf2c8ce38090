import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Switchyard
@testable import SwitchyardService
import SwitchyardStore
import Testing

/// A team's default redirect rules (issue 54): set by an admin, tried on every link of the team
/// after the link's own, for browsers, the app and explain; refused by name; kept on every store.
@Suite struct TeamRulesTests {
    static let defaults = #"""
        {"rules": [{"name": "French", "conditions": [{"type": "language", "value": "fr"}], "target": {"url": "https://shop.example.com/fr"}}]}
        """#

    @Test(arguments: StoreKind.available)
    func aTeamsDefaultRulesComeAfterALinksOwn(kind: StoreKind) async throws {
        try await Harness.live(kind, configuration: RedirectRulesTests.configuration()) { client, harness in
            let plain = try #require(try await client.create(#"{"route": "about/team", "fallbacks": {"web": "https://shop.example.com/team"}}"#)["code"]?.stringValue)
            let own = try #require(try await client.create(#"""
                {"route": "about/team", "fallbacks": {"web": "https://shop.example.com/team"},
                 "rules": [{"conditions": [{"type": "language", "value": "fr-CA"}], "target": {"url": "https://shop.example.com/ca"}}]}
                """#)["code"]?.stringValue)
            let put = try await client.send(.put, "/api/v1/team/rules", json: Self.defaults)
            #expect(put.status == .ok, "\(put.text)")
            #expect(try put.json()["rules"]?[0]?["name"] == "French")
            #expect(try await harness.store.teamRules()["shop"]?.count == 1, "kept in the store")

            let french = try await RedirectRulesTests.open(client, "/\(plain)", agent: Agents.desktop, language: "fr")
            #expect(french.headers[.location] == "https://shop.example.com/fr", "a link without rules follows the team's")
            let canadian = try await RedirectRulesTests.open(client, "/\(own)", agent: Agents.desktop, language: "fr-CA")
            #expect(canadian.headers[.location] == "https://shop.example.com/ca", "the link's own rule first")
            let parisian = try await RedirectRulesTests.open(client, "/\(own)", agent: Agents.desktop, language: "fr-FR")
            #expect(parisian.headers[.location] == "https://shop.example.com/fr", "then the team's")
            #expect(try await RedirectRulesTests.open(client, "/\(own)", agent: Agents.desktop, language: "en").headers[.location]
                == "https://shop.example.com/team")

            // The app and explain see them too, their index after the link's own.
            var headers = HTTPFields()
            headers[.acceptLanguage] = "fr"
            let resolved = try await client.send(.get, "/api/v1/links/\(own)/resolve", key: Keys.app, headers: headers).json()
            #expect(resolved["rule"] == 1 && resolved["redirect"] == "https://shop.example.com/fr")
            let explained = try await client.send(.get, "/api/v1/links/\(own)/explain?language=fr").json()
            #expect(explained["rules"]?[3]?["fired"] == 1, "desktop: the team's rule, after the link's")

            // Viewers read them; only admins replace them; the change is in the audit log.
            let keys = try await harness.keyOfEachRole()
            #expect(try await client.send(.get, "/api/v1/team/rules", key: keys[.viewer]!).json()["rules"]?.arrayValue?.count == 1)
            #expect(try await client.send(.put, "/api/v1/team/rules", key: keys[.editor]!, json: Self.defaults).status == .forbidden)
            let removed = try await client.send(.put, "/api/v1/team/rules", json: #"{"rules": null}"#)
            #expect(try removed.json()["rules"]?.arrayValue?.isEmpty == true)
            #expect(try await RedirectRulesTests.open(client, "/\(plain)", agent: Agents.desktop, language: "fr").headers[.location]
                == "https://shop.example.com/team")
            let audit = try await client.send(.get, "/api/v1/audit").text
            #expect(audit.contains(#""action":"team.rules_updated""#) && audit.contains(#""detail":"1 rules""#)
                    && audit.contains(#""detail":"removed""#))
            // Another team's links are not touched.
            #expect(try await client.send(.get, "/api/v1/team/rules", key: Keys.otherTeam).json()["rules"]?.arrayValue?.isEmpty == true)
        }
    }

    @Test func refusedDefaultsNameTheirPath() async throws {
        try await Harness.live(.memory, configuration: RedirectRulesTests.configuration()) { client, _ in
            let bad = try await client.send(.put, "/api/v1/team/rules", json: #"""
                {"rules": [{"conditions": [{"type": "os", "value": "beos"}], "target": {"url": "https://shop.example.com/"}}]}
                """#)
            #expect(bad.status == .badRequest)
            #expect(try bad.json()["detail"]?.stringValue?.hasPrefix("rules[0].conditions[0].value: 'beos' is not a os") == true)
            let missing = try await client.send(.put, "/api/v1/team/rules", json: "{}")
            #expect(missing.status == .badRequest)
        }
    }
}
