import CommandTestSupport
import Foundation
import Switchyard
import SwitchyardCodegen
import Testing

/// `switchyard routes swift`: the SDK's generator behind a command, run as a subprocess.
@Suite struct RoutesSwiftCommandTests {
    @Test func theShopExampleGivesTheGeneratorsSource() throws {
        let run = try Switchyard.run(["routes", "swift", "--routes", Switchyard.shopRoutes])
        #expect(run.status == 0, "\(run)")
        #expect(run.standardError == "")
        #expect(run.standardOutput == (try RouteCodeGenerator.swiftSource(forFile: Switchyard.shopRoutes)))
        #expect(run.standardOutput.contains("\npublic enum AppRoute: Hashable, Sendable {\n"))
        #expect(run.standardOutput.contains("    case product(id: Int)\n"))
        #expect(run.standardOutput.contains("    case docs(path: String)\n"))
        #expect(run.standardOutput.contains("//   about/team\n"), "the unnamed route is listed in the header")
    }

    @Test func typeOutputAndInternal() throws {
        let directory = try TemporaryDirectory()
        let run = try Switchyard.run(
            [
                "routes", "swift", "--routes", Switchyard.shopRoutes, "--type", "ShopRoute",
                "--output", "ShopRoutes.swift", "--internal",
            ], in: directory.url)
        #expect(run.status == 0, "\(run)")
        #expect(run.standardOutput == "" && run.standardError == "")
        let written = try String(contentsOf: directory.url.appendingPathComponent("ShopRoutes.swift"), encoding: .utf8)
        #expect(
            written
                == (try RouteCodeGenerator.swiftSource(
                    forFile: Switchyard.shopRoutes, typeName: "ShopRoute",
                    access: .internal)))
        #expect(written.contains("\nenum ShopRoute: Hashable, Sendable {\n"))
        #expect(!written.contains("public "))
    }

    @Test(
        arguments: [
            (
                #"{"routes": ["about", {"pattern": "bad/:", "name": "bad"}]}"#, [],
                ["routes.json: route 2: empty parameter name at 5 in 'bad/:'"]
            ),
            (
                #"{"routes": ["product/:id", "x", "product/{pid}"]}"#, [],
                ["routes.json: routes 1 and 3: conflict: 'product/:id' and 'product/{pid}' match the same URLs"]
            ),
            (
                "{\"routes\": [\n  \"a\",\n  \"b\" \"c\"\n]}", [],
                ["routes.json: line 3, column 7: expected ',' or ']' after array element"]
            ),
            (
                #"{"routes": [{"pattern": "a", "name": "gift-card"}, {"pattern": "b", "name": "gift_card"}]}"#, [],
                ["routes.json: routes 1 and 2: the names 'gift-card' and 'gift_card' both give the case 'giftCard'"]
            ),
            (
                #"{"routes": ["a"]}"#, ["--type", "my-route"],
                ["'my-route' is not a valid Swift type name"].map { "routes.json: " + $0 }
            ),
        ] as [(String, [String], [String])])
    func problemsGoToStandardErrorWithStatus1(file: String, options: [String], expected: [String]) throws {
        let directory = try TemporaryDirectory()
        try directory.write("routes.json", file)
        let run = try Switchyard.run(
            ["routes", "swift", "--routes", "routes.json", "--output", "out.swift"] + options,
            in: directory.url)
        #expect(run.status == 1, "\(run)")
        #expect(run.standardOutput == "")
        #expect(run.standardError == expected.map { "switchyard: error: \($0)\n" }.joined())
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("out.swift").path))
    }

    @Test func aMissingFileIsNamed() throws {
        let directory = try TemporaryDirectory()
        let run = try Switchyard.run(["routes", "swift", "--routes", "missing.json"], in: directory.url)
        #expect(run.status == 1)
        #expect(run.standardError == "switchyard: error: missing.json: cannot read file: No such file or directory\n")
    }

    @Test func anUnwritableOutputIsNamed() throws {
        let run = try Switchyard.run([
            "routes", "swift", "--routes", Switchyard.shopRoutes,
            "--output", "/nonexistent-folder/out.swift",
        ])
        #expect(run.status == 1)
        #expect(
            run.standardError.hasPrefix("switchyard: error: /nonexistent-folder/out.swift: cannot write the file: "))
    }
}
