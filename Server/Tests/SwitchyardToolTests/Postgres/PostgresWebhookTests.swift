import CommandTestSupport
import Foundation
import Testing

extension PostgresProcessTests {
    @Suite(.enabled(if: PostgresEnvironment.url != nil, "\(PostgresEnvironment.skipped)"))
    struct PostgresWebhookTests {
        static let keys = ["SWITCHYARD_API_KEY": "pg-webhook-admin-key", "SWITCHYARD_APP_KEY": "pg-webhook-app-key01"]

        @Test("A kill during delivery loses no event (PostgreSQL)")
        func killDuringDelivery() async throws {
            let schema = PostgresSchema(server: PostgresEnvironment.url ?? "", prefix: "hook_crash")
            let scratch = try TemporaryDirectory()
            do {
                try await WebhookProcess.killDuringDelivery(database: schema.databaseURL, keys: Self.keys, scratch: scratch)
            } catch {
                try? await schema.drop()
                throw error
            }
            try await schema.drop()
        }

        @Test("Two instances on one database deliver each event once (FOR UPDATE SKIP LOCKED and leases)")
        func twoInstancesDeliverOnce() async throws {
            let schema = PostgresSchema(server: PostgresEnvironment.url ?? "", prefix: "hook_pair")
            let scratch = try TemporaryDirectory()
            do {
                let receiver = try ReceiverProcess(scratch: scratch)
                let first = try ServeProcess(database: schema.databaseURL, environment: Self.keys, scratch: scratch, arguments: WebhookProcess.flags)
                let second = try ServeProcess(database: schema.databaseURL, environment: Self.keys, scratch: scratch, arguments: WebhookProcess.flags)
                // Events are written by the instance that took the subscription (the other learns of it
                // at its next refresh); both instances' dispatchers claim from the one outbox.
                try await WebhookProcess.subscribe(first, receiver, adminKey: "pg-webhook-admin-key")
                let codes = try await WebhookProcess.createLinks(40, on: first, adminKey: "pg-webhook-admin-key")
                try await WebhookProcess.wait("every event delivered") { Set(receiver.verifiedCodes()).isSuperset(of: codes) }
                try await Task.sleep(for: .milliseconds(300))
                #expect(receiver.verifiedCodes().count == codes.count)
                #expect(receiver.count("duplicate") == 0, "an event was delivered twice")
                #expect(first.stop() == 0 && second.stop() == 0)
            } catch {
                try? await schema.drop()
                throw error
            }
            try await schema.drop()
        }
    }
}
