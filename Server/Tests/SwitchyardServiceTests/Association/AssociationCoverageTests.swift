import Switchyard
@testable import SwitchyardService
import Testing

/// `association check`'s reading of the files follows Apple's rules, and its coverage check finds
/// each mistake people make in these files, and none in what the service publishes.
@Suite struct AssociationCoverageTests {
    static let table = try! RouteTable(Harness.routes)

    /// The files the service publishes for a table, read back.
    static func published(_ table: RouteTable) throws -> (apple: AssociationDocument, android: AssociationDocument) {
        let files = AssociationFiles(table: table)
        return (try AssociationDocument(apple: files.appleAppSiteAssociation, file: "aasa"),
                try AssociationDocument(android: files.assetLinks, file: "assetlinks.json"))
    }

    /// An Apple file for the Harness table's app with these components.
    static func apple(_ components: String, app: String = "TEAMID.com.example.shop") throws -> AssociationDocument {
        try AssociationDocument(apple: #"{"applinks": {"details": [{"appIDs": ["\#(app)"], "components": [\#(components)]}]}}"#, file: "aasa")
    }

    @Test func whatServePublishesHasNoGaps() throws {
        let shop = try RouteTable(RouteTableFile.load(path: Self.shopRoutes))
        for table in [Self.table, shop] {
            let files = try Self.published(table)
            let gaps = AssociationCoverage(table: table, origin: "https://go.example.com").gaps(apple: files.apple, android: files.android)
            #expect(gaps.map(\.message) == [])
        }
    }

    static let shopRoutes = #filePath.split(separator: "/").dropLast(5).joined(separator: "/").prepending("/") + "/Examples/shop/routes.json"

    /// The published components with one changed: `edit` gets them as JSON values.
    static func editedApple(_ edit: (inout [JSONValue]) -> Void, table: RouteTable = table) throws -> AssociationDocument {
        var components = AssociationFiles.components(table: table).map(\.json)
        edit(&components)
        let file = JSONValue.object(["applinks": .object(["details": .array([.object([
            "appIDs": .array(table.configuration.apps.ios.map { .string($0) }), "components": .array(components)])])])])
        return try AssociationDocument(apple: file.serialized(), file: "aasa")
    }

    @Test func aMissingComponentLeavesItsRouteUnclaimed() throws {
        let broken = try Self.editedApple { $0.removeAll { $0["/"] == "/product/*" } }
        let gaps = AssociationCoverage(table: Self.table).gaps(apple: broken, android: nil)
        #expect(gaps.map(\.kind) == ["unclaimed", "unclaimed"])
        #expect(gaps.allSatisfy { $0.route == "product/:product_id" && $0.platform == "apple" })
        #expect(gaps.first?.message.hasPrefix("/product/example (app route) does not open TEAMID.com.example.shop: component ") == true)
    }

    @Test func anExcludeBeforeTheIncludesHidesThem() throws {
        let broken = try Self.editedApple { components in
            let index = components.firstIndex { $0["/"] == "/*/*" }!
            components.insert(components.remove(at: index), at: 0)
        }
        let gaps = AssociationCoverage(table: Self.table).gaps(apple: broken, android: nil)
        #expect(!gaps.isEmpty && gaps.allSatisfy { $0.kind == "unclaimed" })
        let product = try #require(gaps.first { $0.example == "/product/example" })
        #expect(product.message == "/product/example (app route) does not open TEAMID.com.example.shop: component 1 (/*/* (exclude)) excludes it before component 13 (/product/*) can claim it; move the exclude after it or narrow it")
    }

    @Test func anotherTeamIDIsAMissingApp() throws {
        let broken = try Self.apple(#"{"/": "*"}"#, app: "OTHERTEAM.com.example.shop")
        let gaps = AssociationCoverage(table: Self.table).gaps(apple: broken, android: nil)
        #expect(gaps.map(\.kind) == ["missing-app"])
        #expect(gaps.first?.message == "apple-app-site-association does not name TEAMID.com.example.shop (it names OTHERTEAM.com.example.shop): no link opens this app")
    }

    @Test func aCaseSensitiveComponentMissesACaseInsensitiveTable() throws {
        var routes = Harness.routes
        routes.caseSensitive = false
        let table = try RouteTable(routes)
        let broken = try Self.editedApple({ components in
            let index = components.firstIndex { $0["/"] == "/about/team" }!
            components[index] = .object(["/": "/about/team"])
        }, table: table)
        let gaps = AssociationCoverage(table: table).gaps(apple: broken, android: nil)
        #expect(gaps.map(\.example) == ["/ABOUT/TEAM"])
        #expect(gaps.first?.message.contains("matches only in another case: it is case-sensitive") == true)
    }

    @Test func aQueryComponentMissesLinksWithoutThatItem() throws {
        let broken = try Self.editedApple { components in
            let index = components.firstIndex { $0["/"] == "/about/team" }!
            components[index] = .object(["/": "/about/team", "?": .object(["ref": "*"])])
        }
        let gaps = AssociationCoverage(table: Self.table).gaps(apple: broken, android: nil)
        #expect(gaps.map(\.example) == ["/about/team", "/about/team?utm_source=switchyard#top"])
        #expect(gaps.first?.message.contains("matches its path but not its query or fragment pattern") == true)
    }

    @Test func aClaimedServicePathOrWebOnlyRouteIsAGap() throws {
        let broken = try Self.apple(#"{"/": "/product/*"}, {"/": "/legal/*"}, {"/": "*"}"#)
        let gaps = AssociationCoverage(table: Self.table).gaps(apple: broken, android: nil).filter { $0.kind == "claimed" }
        #expect(gaps.contains { $0.route == "legal/terms" })
        #expect(gaps.contains { $0.example == "/api/v1/links" })
        #expect(gaps.contains { $0.example == "/HEALTH" })
    }

    @Test func androidFingerprintsAndComponentsAreChecked() throws {
        let files = try Self.published(Self.table)
        let other = try AssociationDocument(android: """
            [{"relation": ["delegate_permission/common.handle_all_urls"],
              "target": {"namespace": "android_app", "package_name": "com.example.shop", "sha256_cert_fingerprints": ["11:22"]}}]
            """, file: "assetlinks.json")
        let gaps = AssociationCoverage(table: Self.table).gaps(apple: files.apple, android: other)
        #expect(gaps.map(\.kind) == ["missing-fingerprint", "no-components"])
    }

    @Test(arguments: [
        ("/a/*", "/a/b/c", true), ("/a/?", "/a/bc", false), ("/a/?*", "/a/", false), ("/a/?*", "/a/b", true),
        ("*", "/", true), ("/A", "/a", false), ("/caf%C3%A9", "/caf%C3%A9", true),
    ])
    func pathPatterns(pattern: String, path: String, matches: Bool) {
        #expect(AssociationComponent(path: pattern).matches(AssociationURL(path)) == matches)
    }

    @Test func queryFragmentCaseAndPercentEncoding() {
        let items = AssociationComponent(query: .items(["ref": "m*"]))
        #expect(items.matches(AssociationURL("/x?a=1&ref=mail")))
        #expect(!items.matches(AssociationURL("/x?a=1")))
        #expect(!AssociationComponent(query: .pattern("?*")).matches(AssociationURL("/x")))
        #expect(AssociationComponent(fragment: "top").matches(AssociationURL("/x#top")))
        #expect(!AssociationComponent(fragment: "top").matches(AssociationURL("/x")))
        #expect(AssociationComponent(path: "/A", caseSensitive: false).matches(AssociationURL("/a")))
        #expect(!AssociationComponent(path: "/café").matches(AssociationURL("/caf%C3%A9")))
        #expect(AssociationComponent(path: "/café", percentEncoded: false).matches(AssociationURL("/caf%C3%A9")))
    }

    @Test func defaultsApplyWhereAComponentIsSilent() throws {
        let document = try AssociationDocument(apple: """
            {"applinks": {"defaults": {"caseSensitive": false}, "details": [{"appID": "T.app", "defaults": {"percentEncoded": false},
              "components": [{"/": "/Café"}, {"/": "/x", "caseSensitive": true}]}]}}
            """, file: "aasa")
        let components = try #require(document.claims.first?.components)
        #expect(components.map(\.caseSensitive) == [false, true] && components.map(\.percentEncoded) == [false, false])
        #expect(document.decision(for: AssociationURL("/caf%C3%A9"), app: "T.app") == .opens(components[0]))
        #expect(document.decision(for: AssociationURL("/X"), app: "T.app") == .unmatched)
    }

    @Test(arguments: [
        ("{", "aasa: not JSON: "),
        (#"{"webcredentials": {"apps": []}}"#, #"aasa: not an apple-app-site-association file: it has no "applinks" object"#),
        (#"{"applinks": {"details": {}}}"#, #"aasa: "applinks.details" must be an array"#),
        (#"{"applinks": {"details": [{"appIDs": ["T.a"], "components": [{"/": 3}]}]}}"#, #"aasa: applinks.details[0].components[0]."/" must be a string"#),
        (#"{"applinks": {"details": [{"appIDs": ["T.a"], "components": [{"exclude": "yes"}]}]}}"#, "aasa: applinks.details[0].components[0].exclude must be true or false"),
    ])
    func aFileThatIsNotAnAssociationFileIsRefused(text: String, message: String) {
        #expect { try AssociationDocument(apple: text, file: "aasa") } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }

    @Test func anAssetLinksFileMustBeAnArray() {
        #expect(throws: AssociationFileError(file: "al", "not an assetlinks.json file: expected an array of statements, found object")) {
            try AssociationDocument(android: #"{"applinks": {}}"#, file: "al")
        }
    }
}

extension String {
    func prepending(_ prefix: String) -> String { prefix + self }
}
