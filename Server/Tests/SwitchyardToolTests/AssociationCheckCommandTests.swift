import CommandTestSupport
import Foundation
@_spi(SwitchyardService) import Switchyard
import Testing

/// `switchyard association check` against what `serve` publishes (fetched over HTTP) and against
/// files broken the ways people break them.
@Suite struct AssociationCheckCommandTests {
    @Test func whatServePublishesIsCovered() async throws {
        let scratch = try TemporaryDirectory()
        let server = try ServeProcess(database: "sqlite:" + scratch.url.appendingPathComponent("a.sqlite").path,
                                      environment: ["SWITCHYARD_API_KEY": "assoc-admin-key-00001"], scratch: scratch)
        let base = "http://127.0.0.1:\(server.port)"
        let run = try Switchyard.run(["association", "check", "--routes", Switchyard.shopRoutes, "--url", base])
        #expect(run.status == 0, "\(run)")
        #expect(run.lines.last?.hasPrefix("\(base): the association files cover \(Switchyard.shopRoutes): ") == true)
        let json = try Switchyard.run(["association", "check", "--routes", Switchyard.shopRoutes, "--url", base, "--json"])
        let object = try JSONValue.parse(json.standardOutput)
        #expect(object["covered"] == true && object["gaps"] == [])
        // The same files, saved and read back.
        let apple = try await server.send("GET", "/.well-known/apple-app-site-association")
        let android = try await server.send("GET", "/.well-known/assetlinks.json")
        #expect(server.stop() == 0)
        let files = try Switchyard.run(["association", "check", "--routes", Switchyard.shopRoutes,
                                        "--apple", try scratch.write("aasa.json", apple.body),
                                        "--android", try scratch.write("assetlinks.json", android.body)])
        #expect(files.status == 0, "\(files)")
    }

    @Test func aBrokenFileFailsWithItsGaps() throws {
        let scratch = try TemporaryDirectory()
        // Another team's app ID, and an Android file without the product route.
        let apple = try scratch.write("aasa.json", #"{"applinks": {"details": [{"appIDs": ["OTHER.com.example.shop"], "components": [{"/": "*"}]}]}}"#)
        let android = try scratch.write("assetlinks.json", """
            [{"relation": ["delegate_permission/common.handle_all_urls"],
              "target": {"namespace": "android_app", "package_name": "com.example.shop",
                         "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]},
              "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [
                {"/": "/product/*", "exclude": true}, {"/": "/?*"}]}}}]
            """)
        let run = try Switchyard.run(["association", "check", "--routes", Switchyard.shopRoutes, "--apple", apple, "--android", android, "--json"])
        #expect(run.status == 1, "\(run)")
        let object = try JSONValue.parse(run.standardOutput)
        #expect(object["covered"] == false)
        let gaps = try #require(object["gaps"]?.arrayValue)
        let rows = gaps.map { gap in ["kind", "platform", "route", "example"].map { gap[$0]?.stringValue ?? "-" } }
        #expect(rows.first?[0] == "missing-app" && rows.first?[1] == "apple")
        #expect(rows.contains(["unclaimed", "android", "product/:id<int>", "/product/42"]))
        #expect(rows.contains(["claimed", "android", "-", "/api/v1/links"]), "no exclude keeps the API in the browser")
    }

    @Test(arguments: [
        ("{not json", "switchyard: error: BAD: not JSON: "),
        (#"{"webcredentials": {"apps": ["T.a"]}}"#, #"switchyard: error: BAD: not an apple-app-site-association file: it has no "applinks" object"#),
    ])
    func aFileThatIsNotAnAssociationFileIsNamed(text: String, message: String) throws {
        let scratch = try TemporaryDirectory()
        let bad = try scratch.write("bad.json", text)
        let good = try scratch.write("assetlinks.json", "[]")
        let run = try Switchyard.run(["association", "check", "--routes", Switchyard.shopRoutes, "--apple", bad, "--android", good])
        #expect(run.status == 1)
        #expect(run.standardError.hasPrefix(message.replacingOccurrences(of: "BAD", with: bad)), "\(run)")
    }

    @Test func unreadableFilesAndUnreachableServicesAreNamed() throws {
        let missing = try Switchyard.run(["association", "check", "--routes", Switchyard.shopRoutes, "--apple", "/nonexistent/aasa",
                                          "--android", "/nonexistent/al"])
        #expect(missing.status == 1)
        #expect(missing.standardError == "switchyard: error: cannot read /nonexistent/aasa: no such file\n")
        let unreachable = try Switchyard.run(["association", "check", "--routes", Switchyard.shopRoutes, "--url", "http://127.0.0.1:9"])
        #expect(unreachable.status == 1)
        #expect(unreachable.standardError.hasPrefix("switchyard: error: cannot fetch http://127.0.0.1:9/.well-known/apple-app-site-association: "))
        let notURL = try Switchyard.run(["association", "check", "--routes", Switchyard.shopRoutes, "--url", "go.example.com"])
        #expect(notURL.standardError == "switchyard: error: --url must be a link domain's base URL, as https://go.example.com; got 'go.example.com'\n")
        let usage = try Switchyard.run(["association", "check", "--routes", Switchyard.shopRoutes, "--apple", "a"])
        #expect(usage.status == 64)
    }
}
