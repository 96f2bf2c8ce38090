import Foundation
import SwitchyardCodegen
import Testing

/// The `switchyard-routes-codegen` executable the plugin runs: it writes what the generator gives,
/// and a bad table fails the build with the table's problems and status 1.
@Suite struct RoutesCodegenToolTests {
    /// The tool, built beside the test binary.
    static let tool: String? = BuildFolder.find("switchyard-routes-codegen").map(\.path)

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try GeneratedTableTypecheckTests.run(try #require(tool), arguments)
    }

    static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-codegen-tool-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test(.enabled(if: tool != nil, "switchyard-routes-codegen not found beside the test binary: tool tests skipped"))
    func writesTheGeneratorsSource() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("shop.routes.json").path
        let output = folder.appendingPathComponent("ShopRoutes.swift").path
        try CodegenFixture.json.write(toFile: input, atomically: true, encoding: .utf8)
        let run = try Self.run([input, output, "--type", "ShopRoute"])
        #expect(run.status == 0 && run.output == "", "\(run.output)")
        let written = try String(contentsOfFile: output, encoding: .utf8)
        #expect(written == (try RouteCodeGenerator.swiftSource(forFile: input, typeName: "ShopRoute")))
        #expect(written.contains("from `shop.routes.json`"), "the header names the file, not its path")
    }

    @Test(
        .enabled(if: tool != nil, "switchyard-routes-codegen not found beside the test binary: tool tests skipped"),
        arguments: [
            (#"{"routes": ["a", "bad/:"]}"#, "route 2: empty parameter name at 5 in 'bad/:'"),
            (
                #"{"routes": ["product/:id", "product/{pid}"]}"#,
                "routes 1 and 2: conflict: 'product/:id' and 'product/{pid}' match the same URLs"
            ),
        ])
    func aBadTableFailsWithTheSDKText(table: String, message: String) throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("routes.json").path
        let output = folder.appendingPathComponent("AppRoutes.swift").path
        try table.write(toFile: input, atomically: true, encoding: .utf8)
        let run = try Self.run([input, output])
        #expect(run.status == 1)
        #expect(run.output == "switchyard-routes-codegen: error: \(input): \(message)\n")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test(
        .enabled(if: tool != nil, "switchyard-routes-codegen not found beside the test binary: tool tests skipped"),
        arguments: [[], ["only-one.json"], ["a.json", "b.swift", "--type"], ["a.json", "b.swift", "--bogus"]])
    func usageMistakesExit64(arguments: [String]) throws {
        let run = try Self.run(arguments)
        #expect(run.status == 64)
        #expect(run.output.contains("usage: switchyard-routes-codegen INPUT.json OUTPUT.swift"))
    }
}
