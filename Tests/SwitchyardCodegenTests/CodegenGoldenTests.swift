import Foundation
import Switchyard
import SwitchyardCodegen
import Testing

/// The generator's output for the fixture table is the checked-in `FixtureRoute.swift`, byte for
/// byte, and its errors carry the SDK's text or name the clashing routes.
@Suite struct CodegenGoldenTests {
    static let goldenPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("FixtureRoute.swift").path

    static func fixtureSource() throws -> String {
        let configuration = try RouteTableFile.parse(CodegenFixture.json, fileName: CodegenFixture.sourceName)
        return try RouteCodeGenerator.swiftSource(
            for: configuration, typeName: CodegenFixture.typeName,
            sourceName: CodegenFixture.sourceName)
    }

    @Test func outputEqualsTheCheckedInFile() throws {
        let generated = try Self.fixtureSource()
        // After a deliberate change to the generator: SWITCHYARD_UPDATE_GOLDEN=1 swift test --filter CodegenGolden
        if ProcessInfo.processInfo.environment["SWITCHYARD_UPDATE_GOLDEN"] == "1" {
            try generated.write(toFile: Self.goldenPath, atomically: true, encoding: .utf8)
        }
        let golden = try String(contentsOfFile: Self.goldenPath, encoding: .utf8)
        let firstDifference = zip(
            generated.split(separator: "\n", omittingEmptySubsequences: false),
            golden.split(separator: "\n", omittingEmptySubsequences: false)
        )
        .enumerated().first { $1.0 != $1.1 }
        #expect(
            generated.utf8.elementsEqual(golden.utf8),
            "FixtureRoute.swift is stale; first difference at line \((firstDifference?.offset ?? -1) + 1): generated '\(firstDifference?.element.0 ?? "")', checked in '\(firstDifference?.element.1 ?? "")'"
        )
    }

    @Test func unnamedAndWildcardRoutesGetNoCaseAndAreListed() throws {
        let source = try Self.fixtureSource()
        #expect(source.contains("// Unnamed routes get no case: 1 here:\n//   help\n"))
        #expect(
            source.contains(
                "an anonymous wildcard (*) get no case either, since a link does not carry its value:\n//   legacy\n"))
        #expect(!source.contains("case legacy"))
    }

    @Test func outputIsDeterministicAndInternalAccessDropsPublic() throws {
        let configuration = try RouteTableFile.parse(CodegenFixture.json, fileName: "x")
        let a = try RouteCodeGenerator.swiftSource(for: configuration, typeName: "R", access: .internal)
        let b = try RouteCodeGenerator.swiftSource(for: configuration, typeName: "R", access: .internal)
        #expect(a == b)
        #expect(!a.contains("public "))
        #expect(a.contains("\nenum R: Hashable, Sendable {\n"))
        #expect(a.contains("\nimport Switchyard\n"))
    }

    @Test func theImportOfFoundationComesOnlyWithUUIDs() throws {
        let plain = RouteTableConfiguration(routes: [RouteDefinition("a/:id<int>", name: "a")])
        let withUUID = RouteTableConfiguration(routes: [RouteDefinition("a/:id<uuid>", name: "a")])
        #expect(!(try RouteCodeGenerator.swiftSource(for: plain)).contains("Foundation"))
        #expect(try RouteCodeGenerator.swiftSource(for: withUUID).contains("public import Foundation"))
    }

    // MARK: Errors

    /// A table that does not compile fails with the SDK's own issues, in the `routes check` form.
    @Test(arguments: [
        ["a/:id", "b/:"],
        ["product/:id", "product/{pid}"],
        ["x/:v<nope>", "x(/y"],
    ])
    func tableProblemsCarryTheSDKText(patterns: [String]) throws {
        let configuration = RouteTableConfiguration(routes: patterns.map { RouteDefinition($0, name: $0) })
        let sdkError = #expect(throws: RouteTableBuildError.self) {
            _ = try RouteTable(configuration, constraints: [ParameterConstraint("nope") { _ in true }])
        }
        let error = #expect(throws: RouteCodeGenerationError.self) {
            _ = try RouteCodeGenerator.swiftSource(for: configuration)
        }
        let issues = try #require(sdkError).issues
        let problems = try #require(error).problems
        #expect(problems.map(\.message) == issues.map(\.message))
        #expect(problems.map(\.routeIndices) == issues.map(\.routeIndices))
        #expect(problems.map(\.code.rawValue) == issues.map(\.code.rawValue))
        #expect(sdkError?.code == .invalidTable)
        #expect(error?.code == .invalidTable)
    }

    @Test func aSyntaxErrorNamesTheFileRouteAndPosition() throws {
        let configuration = RouteTableConfiguration(routes: [
            RouteDefinition("a"), RouteDefinition("bad/:", name: "bad"),
        ])
        let error = #expect(throws: RouteCodeGenerationError.self) {
            _ = try RouteCodeGenerator.swiftSource(for: configuration)
        }
        #expect(error?.lines(file: "routes.json") == ["routes.json: route 2: empty parameter name at 5 in 'bad/:'"])
    }

    @Test func aConflictNamesBothRoutes() throws {
        let configuration = RouteTableConfiguration(routes: [
            RouteDefinition("product/:id", name: "a"), RouteDefinition("x"),
            RouteDefinition("product/{pid}", name: "b"),
        ])
        let error = #expect(throws: RouteCodeGenerationError.self) {
            _ = try RouteCodeGenerator.swiftSource(for: configuration)
        }
        #expect(
            error?.lines(file: "t.json")
                == ["t.json: routes 1 and 3: conflict: 'product/:id' and 'product/{pid}' match the same URLs"])
    }

    @Test func twoNamesGivingOneCaseAreRefusedNamingBoth() throws {
        let configuration = RouteTableConfiguration(routes: [
            RouteDefinition("a", name: "product-detail"), RouteDefinition("b"),
            RouteDefinition("c", name: "product_detail"),
        ])
        let error = #expect(throws: RouteCodeGenerationError.self) {
            _ = try RouteCodeGenerator.swiftSource(for: configuration)
        }
        #expect(error?.code == .unrepresentable)
        #expect(error?.problems.first?.code == .caseNameClash)
        #expect(
            error?.description
                == "routes 1 and 3: the names 'product-detail' and 'product_detail' both give the case 'productDetail'")
    }

    @Test func twoParametersGivingOneLabelAreRefused() throws {
        let configuration = RouteTableConfiguration(routes: [RouteDefinition("a/:user_id/:userId", name: "a")])
        let error = #expect(throws: RouteCodeGenerationError.self) {
            _ = try RouteCodeGenerator.swiftSource(for: configuration)
        }
        #expect(error?.description == "route 1: the parameters 'user_id' and 'userId' both give the label 'userId'")
    }

    @Test(arguments: ["", "1Route", "my-route", "enum", "Route Type", "Ünicode"])
    func aTypeNameThatIsNotAnIdentifierIsRefused(name: String) throws {
        let error = #expect(throws: RouteCodeGenerationError.self) {
            _ = try RouteCodeGenerator.swiftSource(for: RouteTableConfiguration(routes: []), typeName: name)
        }
        #expect(error?.description == "'\(name)' is not a valid Swift type name")
    }

    @Test func aNameWithNoLettersOrDigitsIsRefused() throws {
        let configuration = RouteTableConfiguration(routes: [RouteDefinition("a", name: "--")])
        let error = #expect(throws: RouteCodeGenerationError.self) {
            _ = try RouteCodeGenerator.swiftSource(for: configuration)
        }
        #expect(error?.description == "route 1: the route name '--' gives no Swift identifier")
    }

    @Test func fileErrorsKeepTheFilesOwnText() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("codegen-\(UUID()).routes.json").path
        try #"{"routes": ["a", 3]}"#.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fileError = #expect(throws: RouteTableFileError.self) { _ = try RouteTableFile.load(path: path) }
        let error = #expect(throws: RouteCodeGenerationError.self) {
            _ = try RouteCodeGenerator.swiftSource(forFile: path)
        }
        #expect(error?.lines(file: path) == [try #require(fileError).description])
    }

    // MARK: Names

    @Test(arguments: [
        ("product", "product"), ("product_detail", "productDetail"), ("Product-Detail", "productDetail"),
        ("URLScheme", "urlScheme"), ("ID", "id"), ("user profile", "userProfile"), ("42things", "_42things"),
        ("default", "`default`"), ("name", "nameRoute"), ("url", "urlRoute"), ("self", "selfRoute"),
        ("café", "caf"),
    ])
    func caseNames(routeName: String, expected: String) throws {
        let source = try RouteCodeGenerator.swiftSource(
            for: RouteTableConfiguration(routes: [RouteDefinition("a", name: routeName)]))
        #expect(source.contains("    case \(expected)\n"), "\(routeName) should give \(expected)")
    }

    @Test func stringsAreEscapedInLiteralsAndComments() throws {
        let name = "quote\" back\\slash \n new é 🚀"
        let source = try RouteCodeGenerator.swiftSource(
            for: RouteTableConfiguration(routes: [RouteDefinition("a", name: name)]))
        #expect(source.contains(#"case "quote\" back\\slash \n new \u{E9} \u{1F680}":"#))
        #expect(!source.contains("\n new"), "a newline in a name must not break a line of the generated file")
    }
}
