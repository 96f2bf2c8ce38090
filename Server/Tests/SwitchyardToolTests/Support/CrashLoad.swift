import Foundation
@_spi(SwitchyardService) import Switchyard

/// The crash-safety load, the same for every back end: 8 clients create links; the server is
/// killed with SIGKILL after the 100th acknowledgement, while creations are still in flight.
enum CrashLoad {
    /// A link whose creation the server acknowledged (201), with the number it carries.
    struct Acknowledgement: Sendable {
        let code: String
        let n: Int
    }

    actor Acknowledged {
        private(set) var links: [Acknowledgement] = []
        var count: Int { links.count }
        func add(code: String, n: Int) { links.append(Acknowledgement(code: code, n: n)) }
    }

    /// The number of clients and the creations each attempts (the kill lands long before 480).
    static let clients = 8
    static let perClient = 60

    /// Creates links until `server` is killed; the links it acknowledged.
    static func createUntilKilled(_ server: ServeProcess, adminKey: String) async -> [Acknowledgement] {
        let acknowledged = Acknowledged()
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<clients {
                group.addTask {
                    for i in 0..<perClient {
                        let n = worker * 1000 + i
                        let body = #"{"route": "product", "routeParameters": {"id": "\#(n)"}, "metadata": {"n": \#(n)}}"#
                        guard let (status, text) = try? await server.request("POST", "/api/v1/links", key: adminKey,
                                                                             json: body) else { return }
                        if status == 201, let code = (try? JSONValue.parse(text))?["code"]?.stringValue {
                            await acknowledged.add(code: code, n: n)
                        }
                    }
                }
            }
            group.addTask {
                // Kill while creations are in flight: after the 100th acknowledgement (or three
                // minutes, a liveness bound for a loaded machine).
                let deadline = ContinuousClock.now + .seconds(180)
                while await acknowledged.count < 100, ContinuousClock.now < deadline {
                    try? await Task.sleep(for: .milliseconds(2))
                }
                server.crash()
            }
        }
        return await acknowledged.links
    }

    /// The acknowledged links that `server` does not give back intact (missing, or with another
    /// parameter or metadata).
    static func lost(_ links: [Acknowledgement], on server: ServeProcess, appKey: String) async throws -> [String] {
        var lost: [String] = []
        for link in links {
            let (status, text) = try await server.request("GET", "/api/v1/links/\(link.code)/resolve", key: appKey)
            let json = try? JSONValue.parse(text)
            if status != 200 || json?["routeParameters"]?["id"]?.stringValue != "\(link.n)"
                || json?["metadata"]?["n"]?.intValue != link.n {
                lost.append(link.code)
            }
        }
        return lost
    }

    /// The acknowledged links whose `link.created` audit entry `server` does not give back.
    static func unaudited(_ links: [Acknowledgement], on server: ServeProcess, adminKey: String) async throws -> [String] {
        var audited: Set<String> = []
        var cursor: String?
        repeat {
            let (status, text) = try await server.request(
                "GET", "/api/v1/audit?action=link.created&limit=200" + (cursor.map { "&cursor=\($0)" } ?? ""), key: adminKey)
            guard status == 200, let page = try? JSONValue.parse(text) else { return ["audit log answered \(status): \(text)"] }
            audited.formUnion(page["entries"]?.arrayValue?.compactMap { $0["target"]?.stringValue } ?? [])
            cursor = page["nextCursor"]?.stringValue
        } while cursor != nil
        return links.map(\.code).filter { !audited.contains($0) }
    }
}
