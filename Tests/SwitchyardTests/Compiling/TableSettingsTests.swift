import Switchyard
import Testing

/// One rule for each table setting: the file loader, the builder (and `Router`) and the link
/// builder refuse the same schemes, hosts and delimiters, with the same message.
@Suite struct TableSettingsTests {
    enum Setting: Sendable, CustomStringConvertible {
        case scheme(String)
        case host(String)
        case delimiter(Character)

        var description: String {
            switch self {
            case .scheme(let scheme): "scheme \(scheme.debugDescription)"
            case .host(let host): "host \(host.debugDescription)"
            case .delimiter(let delimiter): "delimiter \(String(delimiter).debugDescription)"
            }
        }

        var configuration: RouteTableConfiguration {
            switch self {
            case .scheme(let scheme): RouteTableConfiguration(schemes: [scheme])
            case .host(let host): RouteTableConfiguration(hosts: [host])
            case .delimiter(let delimiter): RouteTableConfiguration(delimiter: delimiter)
            }
        }

        /// The same setting in a route-table file.
        var json: String {
            func quoted(_ text: String) -> String {
                var result = "\""
                for scalar in text.unicodeScalars {
                    switch scalar {
                    case "\"": result += "\\\""
                    case "\\": result += "\\\\"
                    case _ where scalar.value < 0x20: result += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
                    default: result.unicodeScalars.append(scalar)
                    }
                }
                return result + "\""
            }
            return switch self {
            case .scheme(let scheme): #"{"schemes": [\#(quoted(scheme))], "routes": []}"#
            case .host(let host): #"{"hosts": [\#(quoted(host))], "routes": []}"#
            case .delimiter(let delimiter): #"{"delimiter": \#(quoted(String(delimiter))), "routes": []}"#
            }
        }
    }

    static let schemeRule = "a scheme is a letter followed by letters, digits, '+', '-' or '.'"
    static let delimiterRule = "letters, digits, '_' and { } ( ) < > ! * ? # have a meaning in patterns"

    /// Each refused setting, the file loader's code, and the message every entry point gives.
    static let refused: [(Setting, String, String)] = [
        (.scheme(""), "invalid_scheme", "invalid scheme '': \(schemeRule)"),
        (.scheme("1shop"), "invalid_scheme", "invalid scheme '1shop': \(schemeRule)"),
        (.scheme("shop://"), "invalid_scheme", "invalid scheme 'shop://': \(schemeRule)"),
        (.scheme("sh op"), "invalid_scheme", "invalid scheme 'sh op': \(schemeRule)"),
        (.scheme("shöp"), "invalid_scheme", "invalid scheme 'shöp': \(schemeRule)"),
        (.scheme("http"), "invalid_scheme", "scheme 'http' is for universal links: name the host instead"),
        (.scheme("HTTPS"), "invalid_scheme", "scheme 'HTTPS' is for universal links: name the host instead"),
        (.host(""), "invalid_host", "invalid host '': a host must not be empty"),
        (.host("https://shop.example.com"), "invalid_host",
         "invalid host 'https://shop.example.com': a host must not include a scheme"),
        (.host("shop.example.com/app"), "invalid_host", "invalid host 'shop.example.com/app': a host must not include a path"),
        (.host("shop.example.com:8443"), "invalid_host",
         "invalid host 'shop.example.com:8443': a host must not include a port"),
        (.host("shop example.com"), "invalid_host",
         "invalid host 'shop example.com': a host must not contain whitespace or control characters"),
        (.host("shop\u{1}.com"), "invalid_host",
         "invalid host 'shop\u{1}.com': a host must not contain whitespace or control characters"),
        (.host("me@shop.example.com"), "invalid_host", "invalid host 'me@shop.example.com': a host must not contain '@'"),
        (.host("shop.example.com?x"), "invalid_host", "invalid host 'shop.example.com?x': a host must not contain '?'"),
        (.host("shop.example.com#x"), "invalid_host", "invalid host 'shop.example.com#x': a host must not contain '#'"),
        (.host(#"shop\example"#), "invalid_host", #"invalid host 'shop\example': a host must not contain '\'"#),
        (.delimiter("x"), "invalid_delimiter", "invalid delimiter 'x': \(delimiterRule)"),
        (.delimiter("7"), "invalid_delimiter", "invalid delimiter '7': \(delimiterRule)"),
        (.delimiter("_"), "invalid_delimiter", "invalid delimiter '_': \(delimiterRule)"),
        (.delimiter("{"), "invalid_delimiter", "invalid delimiter '{': \(delimiterRule)"),
        (.delimiter("!"), "invalid_delimiter", "invalid delimiter '!': \(delimiterRule)"),
        (.delimiter("?"), "invalid_delimiter", "invalid delimiter '?': \(delimiterRule)"),
        (.delimiter("#"), "invalid_delimiter", "invalid delimiter '#': \(delimiterRule)"),
        (.delimiter("%"), "invalid_delimiter", "invalid delimiter '%': a delimiter cannot be '%', which starts a percent-encoded byte"),
        (.delimiter(" "), "invalid_delimiter",
         "invalid delimiter ' ': a delimiter cannot be whitespace or a control character"),
        (.delimiter("\t"), "invalid_delimiter",
         "invalid delimiter '\t': a delimiter cannot be whitespace or a control character"),
        (.delimiter("é"), "invalid_delimiter", "invalid delimiter 'é': a delimiter is one ASCII character"),
    ]

    @Test(arguments: refused)
    func refusedEverywhere(setting: Setting, code: String, message: String) {
        // The file loader: its code, and the message.
        do {
            _ = try RouteTableFile.parse(setting.json, fileName: "routes.json")
            Issue.record("the file loader accepted \(setting)")
        } catch {
            #expect(error.code.rawValue == code)
            #expect(error.message == message)
            #expect(error.description == "routes.json: " + message)
        }
        // The builder, a table and a router: one issue with the same code and message.
        let builders: [(String, () throws(RouteTableBuildError) -> Void)] = [
            ("RouteTableBuilder", { () throws(RouteTableBuildError) in _ = try RouteTableBuilder(setting.configuration) }),
            ("RouteTable", { () throws(RouteTableBuildError) in _ = try RouteTable(setting.configuration) }),
            ("Router", { () throws(RouteTableBuildError) in _ = try Router(setting.configuration) }),
        ]
        for (entry, body) in builders {
            do {
                try body()
                Issue.record("\(entry) accepted \(setting)")
            } catch {
                #expect(error.issues.map(\.code.rawValue) == [code], "\(entry): the file loader's code")
                #expect(error.issues.map(\.message) == [message], "\(entry)")
            }
        }
        // The link builder checks a scheme it is given by the same rule.
        if case .scheme(let scheme) = setting {
            let table = try! RouteTable(["a"])
            do {
                _ = try table.url(for: "a", scheme: scheme)
                Issue.record("the link builder accepted \(setting)")
            } catch {
                #expect(error.code.description == code)
                #expect(error.message == message)
            }
        }
    }

    /// Settings every entry point accepts.
    static let accepted: [Setting] = [
        .scheme("shop"), .scheme("x-shop+v1.2"), .scheme("Shop"), .host("shop.example.com"), .host("localhost"),
        .host("xn--bcher-kva.example"), .delimiter("/"), .delimiter(":"), .delimiter("."), .delimiter("-"),
        .delimiter("|"), .delimiter("~"),
    ]

    @Test(arguments: accepted)
    func acceptedEverywhere(setting: Setting) throws {
        _ = try RouteTableFile.parse(setting.json, fileName: "routes.json")
        _ = try RouteTableBuilder(setting.configuration)
        _ = try Router(setting.configuration)
        if case .scheme(let scheme) = setting {
            #expect(try RouteTable(["a"]).url(for: "a", scheme: scheme) == scheme + "://a")
        }
    }

    @Test func aDuplicateNameIsOneMessage() throws {
        let routes = [RouteDefinition("p/:id", name: "p"), RouteDefinition("q"), RouteDefinition("r/:x", name: "p")]
        let message = "duplicate route name 'p': route 1 ('p/:id') and route 3 ('r/:x')"
        let file = #expect(throws: RouteTableFileError.self) {
            try RouteTableFile.parse(
                #"{"routes": [{"pattern": "p/:id", "name": "p"}, "q", {"pattern": "r/:x", "name": "p"}]}"#,
                fileName: "routes.json")
        }
        #expect(file?.code == .duplicateName)
        #expect(file?.message == message)
        let built = #expect(throws: RouteTableBuildError.self) { try RouteTableBuilder(RouteTableConfiguration(routes: routes)) }
        #expect(built?.issues.map(\.code) == [.duplicateName])
        #expect(built?.issues.map(\.message) == [message])
    }
}
