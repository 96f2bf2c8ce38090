import Foundation
import Logging
import SwitchyardService
import SwitchyardStore

/// `switchyard-serve [--routes FILE] [--database sqlite:PATH] [--host H] [--port N] [--base-url URL]`:
/// the link service with its dashboard, for the headless-browser test until `switchyard serve` is
/// wired into the `switchyard` command (then this target can go). SQLite only.
@main
struct SwitchyardServe {
    static func main() async {
        var options: [String: String] = [:]
        var arguments = CommandLine.arguments.dropFirst()[...]
        while let flag = arguments.popFirst() {
            guard flag.hasPrefix("--"), let value = arguments.popFirst() else {
                fail("usage: switchyard-serve [--routes FILE] [--database sqlite:PATH] [--host H] [--port N] [--base-url URL]")
            }
            options[String(flag.dropFirst(2))] = value
        }
        do {
            let settings = try ServeSettings(
                routesPath: options["routes"] ?? ServeSettings.defaultRoutesPath,
                database: options["database"] ?? ServeSettings.defaultDatabase,
                host: options["host"] ?? "127.0.0.1",
                port: options["port"].flatMap(Int.init) ?? 8080,
                baseURL: options["base-url"],
                environment: ProcessInfo.processInfo.environment)
            try await serve(settings, logger: Logger(label: "switchyard")) { location in
                guard case .sqlite(let path) = location else { fail("switchyard-serve opens SQLite only") }
                return try SQLiteLinkStore(path: path)
            }
        } catch {
            fail("switchyard-serve: \(error)")
        }
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(1)
    }
}
