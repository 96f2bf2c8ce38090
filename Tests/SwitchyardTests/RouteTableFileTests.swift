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

    struct Invalid: Sendable, CustomTestStringConvertible {
        let text: String
        let message: String
        let code: String
        var testDescription: String { text }
    }

    static let invalid: [Invalid] = [
        Invalid(
            text: "{\n  \"routes\": [\n    \"a\",\n    \"b\" \"c\"\n  ]\n}",
            message: "routes.json: line 4, column 9: expected ',' or ']' after array element", code: "invalid_json"),
        Invalid(
            text: "", message: "routes.json: line 1, column 1: unexpected end of input, expected a value",
            code: "invalid_json"),
        Invalid(
            text: #"{"routes": [], "routes": []}"#,
            message: "routes.json: line 1, column 16: duplicate key 'routes' in object", code: "invalid_json"),
        Invalid(
            text: #"["a"]"#, message: "routes.json: the top-level value must be an object", code: "wrong_type"),
        Invalid(text: "{}", message: "routes.json: missing required key 'routes'", code: "missing_key"),
        Invalid(
            text: #"{"route": []}"#,
            message:
                "routes.json: unknown key 'route' (expected one of: schemes, hosts, delimiter, caseSensitive, apps, routes)",
            code: "unknown_key"),
        Invalid(text: #"{"routes": {}}"#, message: "routes.json: 'routes' must be an array", code: "wrong_type"),
        Invalid(
            text: #"{"routes": ["a", "b", {"pattern": "product/:id", "name": 3}]}"#,
            message: "routes.json: route 3 ('product/:id'): 'name' must be a string", code: "wrong_type"),
        Invalid(
            text: #"{"routes": ["a", "b", "c", "d", {"patern": "x"}]}"#,
            message:
                "routes.json: route 5: unknown key 'patern' (expected one of: pattern, name, webOnly, defaults, allowedParameters, container, root, presenter)",
            code: "unknown_key"),
        Invalid(
            text: #"{"routes": [{"pattern": "p", "Name": "x"}]}"#,
            message:
                "routes.json: route 1 ('p'): unknown key 'Name' (expected one of: pattern, name, webOnly, defaults, allowedParameters, container, root, presenter)",
            code: "unknown_key"),
        Invalid(
            text: #"{"routes": [{"name": "x"}]}"#, message: "routes.json: route 1: missing required key 'pattern'",
            code: "missing_key"),
        Invalid(
            text: #"{"routes": [{"pattern": 7}]}"#, message: "routes.json: route 1: 'pattern' must be a string",
            code: "wrong_type"),
        Invalid(
            text: #"{"routes": ["a", ""]}"#, message: "routes.json: route 2: 'pattern' must not be empty",
            code: "empty_value"),
        Invalid(
            text: #"{"routes": [{"pattern": ""}]}"#, message: "routes.json: route 1: 'pattern' must not be empty",
            code: "empty_value"),
        Invalid(
            text: #"{"routes": [{"pattern": "a", "name": ""}]}"#,
            message: "routes.json: route 1 ('a'): 'name' must not be empty", code: "empty_value"),
        Invalid(
            text: #"{"routes": [{"pattern": "a", "container": 1}]}"#,
            message: "routes.json: route 1 ('a'): 'container' must be a string", code: "wrong_type"),
        Invalid(
            text: #"{"routes": ["a", {"pattern": "logout{Login}", "root": "yes"}]}"#,
            message: "routes.json: route 2 ('logout{Login}'): 'root' must be a boolean", code: "wrong_type"),
        Invalid(
            text: #"{"routes": [{"pattern": "share{Share}!", "presenter": ""}]}"#,
            message: "routes.json: route 1 ('share{Share}!'): 'presenter' must not be empty", code: "empty_value"),
        Invalid(
            text: #"{"routes": [{"pattern": "share{Share}!", "presenter": ["feed"]}]}"#,
            message: "routes.json: route 1 ('share{Share}!'): 'presenter' must be a string", code: "wrong_type"),
        Invalid(
            text: #"{"routes": ["a", 12]}"#,
            message: "routes.json: route 2: a route must be a pattern string or an object", code: "wrong_type"),
        Invalid(
            text: #"{"routes": [{"pattern": "a", "webOnly": "yes"}]}"#,
            message: "routes.json: route 1 ('a'): 'webOnly' must be a boolean", code: "wrong_type"),
        Invalid(
            text: #"{"routes": [{"pattern": "a", "defaults": ["tab"]}]}"#,
            message: "routes.json: route 1 ('a'): 'defaults' must be an object", code: "wrong_type"),
        Invalid(
            text: #"{"routes": [{"pattern": "a", "defaults": {"tab": null}}]}"#,
            message: "routes.json: route 1 ('a'): 'defaults.tab' must be a string, number or boolean",
            code: "wrong_type"),
        Invalid(
            text: #"{"routes": [{"pattern": "a", "allowedParameters": ["x", 1]}]}"#,
            message: "routes.json: route 1 ('a'): 'allowedParameters' must be an array of strings", code: "wrong_type"),
        Invalid(
            text: #"{"routes": [{"pattern": "p", "name": "product"}, "a", "b", {"pattern": "q", "name": "product"}]}"#,
            message: "routes.json: duplicate route name 'product': route 1 ('p') and route 4 ('q')", code: "duplicate_name"),
        Invalid(
            text: #"{"schemes": "shop", "routes": []}"#,
            message: "routes.json: 'schemes' must be an array of strings", code: "wrong_type"),
        Invalid(
            text: #"{"schemes": ["1shop"], "routes": []}"#,
            message:
                "routes.json: invalid scheme '1shop': a scheme is a letter followed by letters, digits, '+', '-' or '.'",
            code: "invalid_scheme"),
        Invalid(
            text: #"{"schemes": ["shop://"], "routes": []}"#,
            message:
                "routes.json: invalid scheme 'shop://': a scheme is a letter followed by letters, digits, '+', '-' or '.'",
            code: "invalid_scheme"),
        Invalid(
            text: #"{"schemes": [""], "routes": []}"#,
            message:
                "routes.json: invalid scheme '': a scheme is a letter followed by letters, digits, '+', '-' or '.'",
            code: "invalid_scheme"),
        Invalid(
            text: #"{"hosts": [""], "routes": []}"#,
            message: "routes.json: invalid host '': a host must not be empty", code: "invalid_host"),
        Invalid(
            text: #"{"hosts": ["https://shop.example.com"], "routes": []}"#,
            message: "routes.json: invalid host 'https://shop.example.com': a host must not include a scheme",
            code: "invalid_host"),
        Invalid(
            text: #"{"hosts": ["shop.example.com/app"], "routes": []}"#,
            message: "routes.json: invalid host 'shop.example.com/app': a host must not include a path",
            code: "invalid_host"),
        Invalid(
            text: #"{"hosts": ["shop.example.com:8443"], "routes": []}"#,
            message: "routes.json: invalid host 'shop.example.com:8443': a host must not include a port",
            code: "invalid_host"),
        Invalid(
            text: #"{"hosts": ["shop example.com"], "routes": []}"#,
            message: "routes.json: invalid host 'shop example.com': a host must not contain whitespace or control characters",
            code: "invalid_host"),
        Invalid(
            text: #"{"hosts": ["me@shop.example.com"], "routes": []}"#,
            message: "routes.json: invalid host 'me@shop.example.com': a host must not contain '@'",
            code: "invalid_host"),
        Invalid(
            text: #"{"delimiter": "//", "routes": []}"#,
            message: "routes.json: invalid delimiter '//': a delimiter is exactly one character", code: "invalid_delimiter"),
        Invalid(
            text: #"{"delimiter": "", "routes": []}"#,
            message: "routes.json: invalid delimiter '': a delimiter is exactly one character", code: "invalid_delimiter"),
        Invalid(
            text: #"{"delimiter": 47, "routes": []}"#, message: "routes.json: 'delimiter' must be a string",
            code: "wrong_type"),
        Invalid(
            text: #"{"delimiter": "x", "routes": []}"#,
            message:
                "routes.json: invalid delimiter 'x': letters, digits, '_' and { } ( ) < > ! * ? # have a meaning in patterns",
            code: "invalid_delimiter"),
        Invalid(
            text: #"{"delimiter": "7", "routes": []}"#,
            message:
                "routes.json: invalid delimiter '7': letters, digits, '_' and { } ( ) < > ! * ? # have a meaning in patterns",
            code: "invalid_delimiter"),
        Invalid(
            text: #"{"delimiter": "{", "routes": []}"#,
            message:
                "routes.json: invalid delimiter '{': letters, digits, '_' and { } ( ) < > ! * ? # have a meaning in patterns",
            code: "invalid_delimiter"),
        Invalid(
            text: #"{"delimiter": "!", "routes": []}"#,
            message:
                "routes.json: invalid delimiter '!': letters, digits, '_' and { } ( ) < > ! * ? # have a meaning in patterns",
            code: "invalid_delimiter"),
        Invalid(
            text: #"{"delimiter": " ", "routes": []}"#,
            message: "routes.json: invalid delimiter ' ': a delimiter cannot be whitespace or a control character",
            code: "invalid_delimiter"),
        Invalid(
            text: #"{"caseSensitive": "no", "routes": []}"#,
            message: "routes.json: 'caseSensitive' must be a boolean", code: "wrong_type"),
        Invalid(
            text: #"{"apps": [], "routes": []}"#, message: "routes.json: 'apps' must be an object", code: "wrong_type"),
        Invalid(
            text: #"{"apps": {"iOS": []}, "routes": []}"#,
            message: "routes.json: unknown key 'iOS' in 'apps' (expected one of: ios, android)", code: "unknown_key"),
        Invalid(
            text: #"{"apps": {"ios": "TEAM.app"}, "routes": []}"#,
            message: "routes.json: 'apps.ios' must be an array of strings", code: "wrong_type"),
        Invalid(
            text: #"{"apps": {"android": {}}, "routes": []}"#,
            message: "routes.json: 'apps.android' must be an array", code: "wrong_type"),
        Invalid(
            text: #"{"apps": {"android": ["com.example"]}, "routes": []}"#,
            message: "routes.json: Android app 1 must be an object", code: "wrong_type"),
        Invalid(
            text:
                #"{"apps": {"android": [{"package": "a", "sha256CertFingerprints": []}, {"sha256CertFingerprints": []}]}, "routes": []}"#,
            message: "routes.json: missing required key 'package' in Android app 2", code: "missing_key"),
        Invalid(
            text: #"{"apps": {"android": [{"package": "a"}]}, "routes": []}"#,
            message: "routes.json: missing required key 'sha256CertFingerprints' in Android app 1", code: "missing_key"),
        Invalid(
            text: #"{"apps": {"android": [{"package": "", "sha256CertFingerprints": []}]}, "routes": []}"#,
            message: "routes.json: 'package' of Android app 1 must be a non-empty string", code: "wrong_type"),
        Invalid(
            text: #"{"apps": {"android": [{"package": "a", "sha256": []}]}, "routes": []}"#,
            message:
                "routes.json: unknown key 'sha256' in Android app 1 (expected one of: package, sha256CertFingerprints)",
            code: "unknown_key"),
        Invalid(
            text: #"{"apps": {"android": [{"package": "a", "sha256CertFingerprints": "AB:CD"}]}, "routes": []}"#,
            message: "routes.json: 'sha256CertFingerprints' of Android app 1 must be an array of strings",
            code: "wrong_type"),
    ]

    @Test(arguments: invalid)
    func rejectsInvalidFileWithExactMessage(_ row: Invalid) {
        let error = #expect(throws: RouteTableFileError.self) {
            try RouteTableFile.parse(row.text, fileName: "routes.json")
        }
        #expect(error?.description == row.message)
        #expect(error?.code.rawValue == row.code)
        #expect(error?.file == "routes.json")
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

@Suite struct RouteTableFileLoadingTests {
    /// A fresh directory per test, removed when the test ends.
    final class TemporaryDirectory {
        let url: URL
        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        }
        deinit { try? FileManager.default.removeItem(at: url) }

        func write(_ name: String, _ contents: Data) throws -> String {
            let file = url.appendingPathComponent(name)
            try contents.write(to: file)
            return file.path
        }
    }

    @Test func loadsTheDesignExampleFromDisk() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("routes.json", Data(RouteTableFileParsingTests.designExample.utf8))
        let configuration = try RouteTableFile.load(path: path)
        #expect(configuration == (try RouteTableFile.parse(RouteTableFileParsingTests.designExample, fileName: "x")))
        #expect(configuration.routes.count == 4)
        #expect(configuration.apps.android.first?.package == "com.example.shop")
    }

    @Test func errorsInAFileOnDiskNameThePath() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(
            "bad.json", Data("{\"routes\": [\n  {\"pattern\": \"a\", \"name\": true}\n]}".utf8))
        let error = #expect(throws: RouteTableFileError.self) { try RouteTableFile.load(path: path) }
        #expect(error?.description == "\(path): route 1 ('a'): 'name' must be a string")
    }

    @Test func missingFileIsACannotReadError() throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("routes.json").path
        let error = #expect(throws: RouteTableFileError.self) { try RouteTableFile.load(path: path) }
        #expect(error?.description == "\(path): cannot read file: No such file or directory")
        #expect(error?.code == .cannotReadFile)
    }

    @Test func directoryIsACannotReadError() throws {
        let directory = try TemporaryDirectory()
        let error = #expect(throws: RouteTableFileError.self) { try RouteTableFile.load(path: directory.url.path) }
        #expect(error?.description == "\(directory.url.path): cannot read file: Is a directory")
    }

    @Test func fileOverTheLimitIsRejectedAndOneAtTheLimitIsRead() throws {
        let directory = try TemporaryDirectory()
        let limit = RouteTableFile.maximumFileSize
        #expect(limit == 16 * 1024 * 1024)
        let document = Array(#"{"routes": ["a"]}"#.utf8)
        // Pad with whitespace, which JSON allows, to exactly the limit and one byte beyond it.
        let atLimit = try directory.write(
            "at.json", Data(document + Array(repeating: 0x20, count: limit - document.count)))
        #expect(try RouteTableFile.load(path: atLimit).routes == [RouteDefinition("a")])

        let over = try directory.write(
            "over.json", Data(document + Array(repeating: 0x20, count: limit - document.count + 1)))
        let error = #expect(throws: RouteTableFileError.self) { try RouteTableFile.load(path: over) }
        #expect(error?.description == "\(over): file is larger than 16 MiB")
        #expect(error?.code == .fileTooLarge)
    }

    @Test func emptyFileIsASyntaxError() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("empty.json", Data())
        let error = #expect(throws: RouteTableFileError.self) { try RouteTableFile.load(path: path) }
        #expect(error?.description == "\(path): line 1, column 1: unexpected end of input, expected a value")
    }
}
