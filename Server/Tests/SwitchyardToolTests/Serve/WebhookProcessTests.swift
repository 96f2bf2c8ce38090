import CommandTestSupport
import Foundation
import Testing

@Suite("Webhooks through serve")
struct WebhookProcessTests {
    @Test("A kill during delivery loses no event: the restarted serve delivers every one (SQLite)")
    func killDuringDelivery() async throws {
        let scratch = try TemporaryDirectory()
        let keys = ["SWITCHYARD_API_KEY": "webhook-admin-key-001", "SWITCHYARD_APP_KEY": "webhook-app-key-0001"]
        try await WebhookProcess.killDuringDelivery(database: "sqlite:" + scratch.url.appendingPathComponent("hooks.sqlite").path,
                                                    keys: keys, scratch: scratch)
    }

    @Test("Without --webhook-allow-private, 127.0.0.1, 10.x and 169.254.169.254 are refused with their reasons")
    func privateRefused() async throws {
        let scratch = try TemporaryDirectory()
        let keys = ["SWITCHYARD_API_KEY": "webhook-admin-key-001", "SWITCHYARD_APP_KEY": "webhook-app-key-0001"]
        let server = try ServeProcess(database: "sqlite:" + scratch.url.appendingPathComponent("hooks.sqlite").path,
                                      environment: keys, scratch: scratch)
        for (url, reason) in [("http://127.0.0.1:8000/hook", "is a loopback address"), ("http://10.0.0.8/hook", "is a private address"),
                              ("http://169.254.169.254/latest", "is a cloud metadata address")] {
            let (status, body) = try await server.request("POST", "/api/v1/webhooks", key: "webhook-admin-key-001",
                                                          json: #"{"url": "\#(url)", "events": ["link.clicked"]}"#)
            #expect(status == 400)
            #expect(body.contains(reason), "\(body)")
        }
        #expect(server.stop() == 0)
    }
}
