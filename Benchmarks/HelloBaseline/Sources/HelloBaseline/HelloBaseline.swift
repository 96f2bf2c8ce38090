import Hummingbird
import Logging

/// The load test's ceiling: a plain Hummingbird 2 server answering `GET /` with "Hello, world!",
/// started the way `switchyard serve` starts its application (same framework, same HTTP/1
/// server, same logger level), so the gap between the two is Switchyard's own work.
///
/// ```sh
/// swift build -c release --package-path Benchmarks/HelloBaseline
/// Benchmarks/HelloBaseline/.build/release/hello-baseline --port 8090
/// ```
@main
struct HelloBaseline {
    static func main() async throws {
        var port = 8090
        var arguments = CommandLine.arguments.dropFirst()
        while let argument = arguments.popFirst() {
            guard argument == "--port", let value = arguments.popFirst().flatMap(Int.init) else {
                print("usage: hello-baseline [--port N]")
                return
            }
            port = value
        }
        var logger = Logger(label: "hello-baseline")
        logger.logLevel = .info
        let router = Router()
        router.get("/") { _, _ in "Hello, world!" }
        let app = Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), serverName: "hello-baseline"),
            logger: logger)
        try await app.runService()
    }
}
