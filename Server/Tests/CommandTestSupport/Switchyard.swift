import Foundation

/// Runs the built `switchyard` executable as a subprocess and captures what it wrote.
///
/// The executable is found through the `SWITCHYARD_BIN` environment variable when set, else next
/// to the test binary (`.build/<triple>/debug/` on Linux, the `.xctest` bundle's folder on macOS).
package struct Switchyard {
    /// What one run printed and how it ended.
    package struct Run: CustomStringConvertible {
        package var status: Int32
        package var standardOutput: String
        package var standardError: String

        /// The standard output's lines, without the final newline.
        package var lines: [String] {
            standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }

        package var description: String {
            "exit \(status)\n--- stdout\n\(standardOutput)--- stderr\n\(standardError)"
        }
    }

    /// The executable's location.
    package static let executable: URL = {
        if let override = ProcessInfo.processInfo.environment["SWITCHYARD_BIN"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        var folders = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        folders += Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
            .map { $0.deletingLastPathComponent() }
        let candidates = folders.map { $0.appendingPathComponent("switchyard") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }()

    /// The shop example's route table, in the repository.
    package static let shopRoutes = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/shop/routes.json").path

    /// Runs `switchyard arguments...` (or another `executable`) with `input` on standard input, in
    /// `directory` when given, with `environment` added to the test's.
    package static func run(_ arguments: [String], input: String = "", in directory: URL? = nil,
                    executable: URL = Switchyard.executable, environment: [String: String] = [:]) throws -> Run {
        let scratch = try TemporaryDirectory()
        let stdin = scratch.url.appendingPathComponent("stdin")
        let stdout = scratch.url.appendingPathComponent("stdout")
        let stderr = scratch.url.appendingPathComponent("stderr")
        try Data(input.utf8).write(to: stdin)
        try Data().write(to: stdout)
        try Data().write(to: stderr)

        let input = try FileHandle(forReadingFrom: stdin)
        let output = try FileHandle(forWritingTo: stdout)
        let errors = try FileHandle(forWritingTo: stderr)
        let process = try ChildProcess(
            executable: executable, arguments: arguments,
            environment: environment.isEmpty ? nil : ProcessInfo.processInfo.environment.merging(environment) { $1 },
            directory: directory, standardInput: input, standardOutput: output, standardError: errors)
        process.waitUntilExit()
        try input.close()
        try output.close()
        try errors.close()
        return Run(
            status: process.terminationStatus,
            standardOutput: String(decoding: try Data(contentsOf: stdout), as: UTF8.self),
            standardError: String(decoding: try Data(contentsOf: stderr), as: UTF8.self))
    }
}

/// A fresh directory under the system's temporary directory, removed when the value is released.
package final class TemporaryDirectory {
    package let url: URL

    package init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `text` to a file named `name` in the directory and returns its path.
    @discardableResult
    package func write(_ name: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
