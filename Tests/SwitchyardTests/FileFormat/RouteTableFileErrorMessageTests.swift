import Switchyard
import Testing

/// Each mistake in a route-table file gives its exact message and code, naming the file and
/// the route or position.
@Suite struct RouteTableFileErrorMessageTests {
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
                "routes.json: route 5: unknown key 'patern' (expected one of: pattern, name, webOnly, defaults, allowedParameters, container, root, presenter, formerNames, since)",
            code: "unknown_key"),
        Invalid(
            text: #"{"routes": [{"pattern": "p", "Name": "x"}]}"#,
            message:
                "routes.json: route 1 ('p'): unknown key 'Name' (expected one of: pattern, name, webOnly, defaults, allowedParameters, container, root, presenter, formerNames, since)",
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
}
