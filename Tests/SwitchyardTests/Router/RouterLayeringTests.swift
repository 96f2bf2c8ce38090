import Foundation
import Testing

/// The router does not depend on the navigator: the navigator decides with the router's
/// ``RouteDecision`` and runs links through its pipeline, never the other way round. The router's
/// code (its own folders) names no navigator type; its doc comments may link to them.
@Suite struct RouterLayeringTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/Switchyard")

    /// The folders whose code is the router's: routing, the pipeline, destinations, pending links,
    /// plans and the screens they apply to.
    static let routerFolders = ["Router", "Pipeline", "Destinations", "PendingLinks", "Plans", "Screens"]

    /// Names that belong to the navigator (its folder's types and their members).
    static let navigatorNames = ["Navigator", "OutcomeReporting", "LinkQueue", "QueuedLink", "Arrival",
                                 "NavigatorClock", "OutcomePromise", "Taker"]

    /// The lines of code (comments left out) of every Swift file in a folder, with where they are.
    static func codeLines(in folder: String) throws -> [(file: String, line: String)] {
        let root = sources.appendingPathComponent(folder)
        let files = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".swift") }
        return try files.flatMap { file in
            try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n")
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.hasPrefix("//") }
                .map { (file: "\(folder)/\(file)", line: String($0.split(separator: "//").first ?? "")) }
        }
    }

    @Test(arguments: routerFolders)
    func theRoutersCodeNamesNoNavigatorType(folder: String) throws {
        let lines = try Self.codeLines(in: folder)
        try #require(!lines.isEmpty, "the folder \(folder) has code")
        for (file, line) in lines {
            for name in Self.navigatorNames where line.contains(name) {
                Issue.record("\(file): '\(line)' names the navigator's \(name)")
            }
        }
    }

    @Test func theNavigatorIsTheOneThatNamesTheRouter() throws {
        let navigator = try Self.codeLines(in: "Navigator")
        #expect(navigator.contains { $0.line.contains("router.decision(") },
                "the navigator decides through the router's decision")
    }
}
