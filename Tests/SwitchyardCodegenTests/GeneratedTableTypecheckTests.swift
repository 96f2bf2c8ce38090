import Foundation
import Switchyard
import SwitchyardCodegen
import SwitchyardTestSupport
import Testing

/// The generator succeeds on a few hundred generated tables (named routes, keyword and clashing-
/// looking names among them) and its output type-checks with `swiftc -typecheck` against the
/// `Switchyard` module the tests were built with, fifty enums per compiler run (whole-module: one
/// frontend per run, a seventh of the CPU of a frontend per file).
@Suite struct GeneratedTableTypecheckTests {
    static let seeds: Range<UInt64> = 7_000..<7_300
    static let batchSize = 50

    /// Where the compiler and the built `Switchyard` module are; nil when either cannot be found.
    static let toolchain: (swiftc: String, modules: String)? = {
        guard let swiftc = executable(named: "swiftc") else { return nil }
        // The test binary sits in the build folder (`.build/<triple>/debug/`), beside `Modules/`.
        guard let module = BuildFolder.find("Switchyard.swiftmodule", in: ["Modules", "."]) else { return nil }
        return (swiftc, module.deletingLastPathComponent().path)
    }()

    static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Names for the routes of a generated table: plain, keyword-like, member-like and punctuated.
    static let namePool = [
        "default", "for", "self", "name", "url", "parameters", "init", "Type", "switch",
        "product-detail", "user profile", "42nd", "URLScheme", "routeTable", "café", "initial",
    ]

    /// A generated table with most of its routes named.
    static func namedTable(seed: UInt64) -> RouteTableConfiguration? {
        var rng = SplitMixGenerator(seed: seed)
        guard var configuration = GeneratedTables.compile(TableGenerator.configuration(&rng), seed: seed)?.configuration
        else { return nil }
        var pool = namePool.shuffled(using: &rng)
        for index in configuration.routes.indices where rng.chance(85) {
            configuration.routes[index].name = !pool.isEmpty && rng.chance(40) ? pool.removeLast() : "route \(index)"
        }
        return configuration
    }

    @Test(
        .enabled(
            if: toolchain != nil,
            "swiftc or the built Switchyard module not found next to the test binary: type-checking skipped"))
    func generatedSourceTypeChecks() throws {
        let (swiftc, modules) = try #require(Self.toolchain)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-codegen-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var batch: [String] = []
        var generated = 0
        var cases = 0
        func check() throws {
            guard !batch.isEmpty else { return }
            let result = try Self.run(
                swiftc,
                [
                    "-typecheck", "-wmo", "-swift-version", "6", "-warnings-as-errors",
                    "-module-name", "GeneratedRoutes", "-I", modules,
                ] + batch)
            #expect(
                result.status == 0, "swiftc -typecheck failed for \(batch.count) files:\n\(result.output.prefix(4_000))"
            )
            batch = []
        }
        for seed in Self.seeds {
            guard let configuration = Self.namedTable(seed: seed) else { continue }
            let access: RouteCodeGenerator.Access = seed % 2 == 0 ? .public : .internal
            let source: String
            do {
                source = try RouteCodeGenerator.swiftSource(
                    for: configuration, typeName: "Generated\(seed)", access: access)
            } catch {
                Issue.record("seed \(seed): the generator failed: \(error)")
                continue
            }
            cases += source.components(separatedBy: "\n    case ").count - 1
            let file = folder.appendingPathComponent("Generated\(seed).swift")
            try source.write(to: file, atomically: true, encoding: .utf8)
            batch.append(file.path)
            generated += 1
            if batch.count == Self.batchSize { try check() }
        }
        try check()
        #expect(generated >= 250)
        #expect(cases >= 1_000, "too few cases (\(cases)) for the check to say much")
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
