import CommandTestSupport
import Foundation
import Switchyard
import Testing

/// `switchyard teams` and `switchyard keys` as real processes on an SQLite file, then `serve` on
/// it: a team and a key made from the command line work over HTTP without the environment's keys,
/// each key within its team; revoked from the command line, the key is refused; mistakes are
/// clear errors with exit status 1.
@Suite struct KeysCommandTests {
    @Test func teamsAndKeysFromTheCommandLineServeWithoutTheEnvironmentsKeys() async throws {
        let scratch = try TemporaryDirectory()
        let database = "sqlite:" + scratch.url.appendingPathComponent("keys.sqlite").path
        #expect(try Switchyard.run(["teams", "create", "shop", "--database", database]).standardOutput == "team 'shop' created\n")
        #expect(try Switchyard.run(["teams", "create", "blog", "--database", database]).status == 0)
        let again = try Switchyard.run(["teams", "create", "shop", "--database", database])
        #expect(again.status == 1)
        #expect(again.standardError == "switchyard: error: a team named 'shop' exists\n")
        #expect(try Switchyard.run(["teams", "list", "--database", database]).lines.map { $0.prefix { $0 != "\t" } } == ["blog", "shop"])

        let made = try Switchyard.run(["keys", "create", "--team", "shop", "--name", "ops", "--role", "admin", "--expires", "90d",
                                       "--database", database])
        #expect(made.status == 0, "\(made)")
        let key = made.standardOutput.trimmingCharacters(in: .newlines)
        #expect(key.hasPrefix("syk_") && key.count == 36)
        #expect(made.standardError.hasPrefix("key 'ops' (admin, team shop, expires "))
        let blog = try Switchyard.run(["keys", "create", "--team", "blog", "--name", "blog-ops", "--role", "admin", "--database", database])
        let blogKey = blog.standardOutput.trimmingCharacters(in: .newlines)
        let missing = try Switchyard.run(["keys", "create", "--team", "nope", "--name", "x", "--role", "viewer", "--database", database])
        #expect(missing.standardError == "switchyard: error: no team 'nope'; create it first with: switchyard teams create nope\n")
        let listed = try Switchyard.run(["keys", "list", "--team", "shop", "--database", database])
        #expect(listed.lines.first == "NAME\tTEAM\tROLE\tCREATED\tLAST USED\tEXPIRES\tREVOKED")
        #expect(listed.lines.dropFirst().map { $0.split(separator: "\t").prefix(3).joined(separator: " ") } == ["ops shop admin"])
        #expect(!listed.standardOutput.contains(key))

        let server = try ServeProcess(database: database, environment: [:], scratch: scratch)
        #expect(!server.log.contains("SWITCHYARD_API_KEY was not set"), "a named admin key makes the bootstrap key unneeded")
        let created = try await server.request("POST", "/api/v1/links", key: key, json: #"{"route": "about/team", "alias": "shop-only"}"#)
        #expect(created.0 == 201, "\(created.1)")
        #expect(try await server.request("GET", "/api/v1/links/shop-only", key: blogKey).0 == 404)
        #expect(try await server.request("GET", "/api/v1/links/shop-only", key: key).0 == 200)

        let revoked = try Switchyard.run(["keys", "revoke", "ops", "--database", database])
        #expect(revoked.standardOutput == "key 'ops' revoked\n")
        try await Task.sleep(for: .seconds(1))
        #expect(try await server.request("GET", "/api/v1/links", key: key).0 == 401)
        #expect(server.stop() == 0)
        #expect(try Switchyard.run(["keys", "revoke", "ops", "--database", database]).standardError
            == "switchyard: error: no key 'ops' that works\n")
    }
}
