import Foundation
import Switchyard
import Testing

@Suite struct RouteTableFileParsingTests {
    /// The example from DESIGN.md ("The route table file"), verbatim.
    static let designExample = """
        {
          "schemes": ["shop"],
          "hosts": ["shop.example.com"],
          "delimiter": "/",
          "apps": { "ios": ["TEAMID.com.example.shop"],
                    "android": [{ "package": "com.example.shop", "sha256CertFingerprints": ["..."] }] },
          "routes": [
            "about/team",
            { "pattern": "product/:product_id", "name": "product" },
            { "pattern": "legal/terms", "webOnly": true },
            { "pattern": "list{ListScreen}/:itemID{DetailScreen}", "defaults": { "tab": "all" },
              "allowedParameters": ["itemID", "tab"] }
          ]
        }
        """

    @Test func designExampleLoadsWithEveryField() throws {
        let configuration = try RouteTableFile.parse(Self.designExample, fileName: "routes.json")
        #expect(
            configuration
                == RouteTableConfiguration(
                    schemes: ["shop"],
                    hosts: ["shop.example.com"],
                    delimiter: "/",
                    caseSensitive: true,
                    apps: AppIdentifiers(
                        ios: ["TEAMID.com.example.shop"],
                        android: [.init(package: "com.example.shop", sha256CertFingerprints: ["..."])]
                    ),
                    routes: [
                        RouteDefinition("about/team"),
                        RouteDefinition("product/:product_id", name: "product"),
                        RouteDefinition("legal/terms", webOnly: true),
                        RouteDefinition(
                            "list{ListScreen}/:itemID{DetailScreen}",
                            defaults: ["tab": "all"],
                            allowedParameters: ["itemID", "tab"]
                        ),
                    ]
                )
        )
    }

    struct Valid: Sendable, CustomTestStringConvertible {
        let text: String
        let configuration: RouteTableConfiguration
        var testDescription: String { text }
    }

    static let valid: [Valid] = [
        Valid(text: #"{"routes": []}"#, configuration: RouteTableConfiguration()),
        Valid(
            text: #"{"delimiter": ":", "caseSensitive": false, "routes": ["post:{postId}"]}"#,
            configuration: RouteTableConfiguration(
                delimiter: ":", caseSensitive: false, routes: [RouteDefinition("post:{postId}")])
        ),
        Valid(
            text:
                #"{"schemes": ["shop", "x-Shop+1.beta"], "hosts": ["Shop.Example.COM", "münchen.example"], "routes": []}"#,
            configuration: RouteTableConfiguration(
                schemes: ["shop", "x-Shop+1.beta"], hosts: ["shop.example.com", "münchen.example"])
        ),
        Valid(
            text: #"""
                {"routes": [{"pattern": "p/:id", "name": "p", "webOnly": false, "container": "tabs.shop",
                  "defaults": {"s": "x", "n": 3, "f": 2.5, "big": 1e21, "neg": -0.5, "t": true, "no": false},
                  "allowedParameters": []}]}
                """#,
            configuration: RouteTableConfiguration(routes: [
                RouteDefinition(
                    "p/:id", name: "p", webOnly: false,
                    defaults: [
                        "s": "x", "n": "3", "f": "2.5", "big": "1e+21", "neg": "-0.5", "t": "true", "no": "false",
                    ],
                    allowedParameters: [], container: "tabs.shop")
            ])
        ),
        Valid(
            text: #"{"routes": [{"pattern": "logout{Login}", "root": true}, {"pattern": "share{Share}!", "presenter": "feed"}]}"#,
            configuration: RouteTableConfiguration(routes: [
                RouteDefinition("logout{Login}", replacesRoot: true),
                RouteDefinition("share{Share}!", presenter: "feed"),
            ])
        ),
        Valid(
            text: #"{"apps": {}, "routes": ["a", "b"]}"#,
            configuration: RouteTableConfiguration(routes: [RouteDefinition("a"), RouteDefinition("b")])
        ),
        Valid(
            text: #"{"apps": {"android": [{"package": "a.b", "sha256CertFingerprints": []}]}, "routes": []}"#,
            configuration: RouteTableConfiguration(
                apps: AppIdentifiers(android: [.init(package: "a.b", sha256CertFingerprints: [])]))
        ),
        Valid(
            text: #"{"delimiter": "~", "routes": [{"pattern": "a", "name": "x"}, {"pattern": "b", "name": "X"}]}"#,
            configuration: RouteTableConfiguration(
                delimiter: "~", routes: [RouteDefinition("a", name: "x"), RouteDefinition("b", name: "X")])
        ),
    ]

    @Test(arguments: valid)
    func parsesValidFile(_ row: Valid) throws {
        #expect(try RouteTableFile.parse(row.text, fileName: "routes.json") == row.configuration)
        #expect(try RouteTableFile.parse(bytes: Array(row.text.utf8), fileName: "routes.json") == row.configuration)
    }

    @Test func errorsCarryTheRouteAndPosition() throws {
        let routeError = #expect(throws: RouteTableFileError.self) {
            try RouteTableFile.parse(#"{"routes": ["a", {"pattern": "b/:id", "webOnly": 1}]}"#, fileName: "t.json")
        }
        #expect(routeError?.routeIndex == 1)
        #expect(routeError?.routePattern == "b/:id")
        #expect(routeError?.line == nil)
        #expect(routeError?.message == "'webOnly' must be a boolean")

        let duplicate = #expect(throws: RouteTableFileError.self) {
            try RouteTableFile.parse(
                #"{"routes": [{"pattern": "a", "name": "n"}, {"pattern": "b", "name": "n"}]}"#, fileName: "t.json")
        }
        #expect(duplicate?.routeIndex == 1)
        #expect(duplicate?.routePattern == "b")

        let syntax = #expect(throws: RouteTableFileError.self) {
            try RouteTableFile.parse("{\n\"routes\": [,]}", fileName: "t.json")
        }
        #expect(syntax?.line == 2)
        #expect(syntax?.column == 12)
        #expect(syntax?.routeIndex == nil)
        #expect(syntax?.syntaxError?.code == .unexpectedCharacter)
        #expect(syntax?.syntaxError?.offset == 13)
    }

    @Test func errorKindsWorkAsCatchPatterns() {
        func kind(of text: String) -> String {
            do {
                _ = try RouteTableFile.parse(text, fileName: "t.json")
                return "none"
            } catch RouteTableFileError.unknownKey {
                return "unknown key"
            } catch RouteTableFileError.invalidJSON {
                return "invalid JSON"
            } catch {
                return "other \(error.code)"
            }
        }
        #expect(kind(of: #"{"routes": [], "x": 1}"#) == "unknown key")
        #expect(kind(of: "{") == "invalid JSON")
        #expect(kind(of: #"{"routes": 1}"#) == "other wrong_type")
        #expect(kind(of: #"{"routes": []}"#) == "none")
        let anyError: any Error = RouteTableFileError.init(from: #"{"hosts": [":"], "routes": []}"#)
        #expect(RouteTableFileError.invalidHost ~= anyError)
        #expect(!(RouteTableFileError.invalidScheme ~= anyError))
    }

    @Test func invalidUTF8BytesAreASyntaxError() {
        let bytes: [UInt8] = Array(#"{"routes": [""#.utf8) + [0xC3, 0x28] + Array(#""]}"#.utf8)
        let error = #expect(throws: RouteTableFileError.self) {
            try RouteTableFile.parse(bytes: bytes, fileName: "bytes.json")
        }
        #expect(error?.description == "bytes.json: line 1, column 15: invalid UTF-8 byte 0x28")
    }

    @Test func manyRoutesLoadInOrder() throws {
        let count = 5_000
        let routes = (0..<count).map { #"{"pattern": "r\#($0)/:id", "name": "r\#($0)"}"# }.joined(separator: ",")
        let configuration = try RouteTableFile.parse(#"{"routes": [\#(routes)]}"#, fileName: "big.json")
        #expect(configuration.routes.count == count)
        #expect(configuration.routes.map(\.name) == (0..<count).map { "r\($0)" })
    }
}

extension RouteTableFileError {
    /// The error that parsing `text` throws, for tests that need an `any Error`.
    fileprivate init(from text: String) {
        do {
            _ = try RouteTableFile.parse(text, fileName: "t.json")
            fatalError("expected an error for \(text)")
        } catch {
            self = error
        }
    }
}
