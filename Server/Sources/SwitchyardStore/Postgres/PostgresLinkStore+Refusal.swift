import Foundation
import Logging
import PostgresNIO
import Synchronization

extension PostgresLinkStore {
    /// Why the server refuses a new connection, when a call found none within its time limit.
    ///
    /// The pool retries a refused connection quietly, so a call waiting on it only sees time run
    /// out. This tries one connection of its own (within `bound`) and names the refusal: a wrong
    /// password, a missing database, a server or role out of connections, a refused socket. Nil
    /// when that connection opens (the pool is only busy) or cannot be tried in time. One attempt
    /// at most runs at a time and its answer serves every call for a few seconds, so a database
    /// in trouble is not sent a connection per waiting request.
    func refusal(within bound: Duration) async -> String? {
        let now = ContinuousClock.now
        let cached: String?? = refusalProbe.withLock { probe in
            if let last = probe.last, now - last.at < .seconds(5) { return .some(last.reason) }
            if probe.running { return .some(probe.last?.reason) }
            probe.running = true
            return .none
        }
        if let cached { return cached }
        let logger = logger
        let reason: String?
        do {
            var configuration = PostgresConnection.Configuration(
                host: url.host, port: url.port, username: url.username, password: url.password,
                database: url.database, tls: try Self.connectionTLS(url.tls))
            configuration.options.connectTimeout = TimeAmount(bound)
            let attempt = configuration
            reason = switch try? await withDeadline(bound, { await Self.attempt(attempt, logger: logger) }) {
            case .value(let reason): reason
            default: nil
            }
        } catch {
            reason = "TLS settings refused: \(error)"
        }
        refusalProbe.withLock { probe in
            probe.running = false
            probe.last = (ContinuousClock.now, reason)
        }
        return reason
    }

    /// One connection, opened and closed: nil when it opens, else why not.
    static func attempt(_ configuration: PostgresConnection.Configuration, logger: Logger) async -> String? {
        do {
            let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
            try? await connection.close()
            return nil
        } catch let error as PSQLError where error.code == .server {
            let message = error.serverInfo?[.message] ?? "server error"
            return "\(message) (\(error.serverInfo?[.sqlState] ?? "?"))"
        } catch let error as PSQLError {
            return error.underlying.map { "\($0)" } ?? "\(error.code)"
        } catch {
            return "\(error)"
        }
    }

    /// The probe connection's TLS for a mode, with the pool's settings.
    static func connectionTLS(_ mode: PostgresURL.TLSMode) throws -> PostgresConnection.Configuration.TLS {
        guard let settings = tlsSettings(mode) else { return .disable }
        let context = try NIOSSLContext(configuration: settings.configuration)
        return settings.required ? .require(context) : .prefer(context)
    }
}

/// The last refusal probe's answer and whether one is running (``PostgresLinkStore/refusal(within:)``).
struct RefusalProbe: Sendable {
    var last: (at: ContinuousClock.Instant, reason: String?)?
    var running = false
}
