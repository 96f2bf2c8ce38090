import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import SwitchyardService
import SwitchyardStore
import Testing

/// The dashboard with named keys, over a real socket on every store: each page says who is signed
/// in; a viewer reads links and their stats but is shown no form that changes a link and is
/// refused one (403); an editor creates links; an app key cannot sign in; revoking the key ends
/// its session; each sign-in is in the audit log.
@Suite struct DashboardRoleTests {
    @Test(arguments: StoreKind.available)
    func aViewerReadsButCannotChangeALink(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            let code = try #require(try await client.create(#"{"route": "about/team"}"#)["code"]?.stringValue)
            let viewer = try await harness.namedKey("reader", role: .viewer)
            let browser = DashboardClient(client)
            _ = try await browser.signIn(viewer)
            let list = try await browser.get("/")
            #expect(list.status == .ok)
            #expect(list.text.contains(#"Signed in as <strong>reader</strong> (viewer) · team <strong>shop</strong>"#))
            #expect(list.text.contains(code))
            for hidden in [#"href="/dashboard/new""#, #"href="/dashboard/import""#, #"href="/dashboard/webhooks""#] {
                #expect(!list.text.contains(hidden), "\(hidden)")
            }
            #expect(try await browser.get("/dashboard/links/\(code)").status == .ok)
            for page in ["/dashboard/new", "/dashboard/import", "/dashboard/webhooks"] {
                let refused = try await browser.get(page)
                #expect(refused.status == .forbidden, "\(page)")
                #expect(refused.text.contains("Your key (reader) has the viewer role"))
            }
            let token = try #require(DashboardClient.csrf(in: list.text))
            let posted = try await browser.post("/dashboard/new", form: [("csrf", token), ("route", "about/team")])
            #expect(posted.status == .forbidden)
            #expect(try await client.send(.get, "/api/v1/links").json()["links"]?.arrayValue?.count == 1)
        }
    }

    @Test(arguments: StoreKind.available)
    func anEditorCreatesAndTheSignInIsAudited(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            let editor = try await harness.namedKey("writer", role: .editor)
            let browser = DashboardClient(client)
            _ = try await browser.signIn(editor)
            let list = try await browser.get("/")
            #expect(list.text.contains(#"href="/dashboard/new""#))
            #expect(!list.text.contains(#"href="/dashboard/webhooks""#))
            let token = try #require(DashboardClient.csrf(in: list.text))
            let created = try await browser.post("/dashboard/new", form: [("csrf", token), ("route", "about/team")])
            #expect(created.status == .seeOther)
            let log = try await client.send(.get, "/api/v1/audit").json()["entries"]?.arrayValue ?? []
            #expect(log.map { "\($0["action"]?.stringValue ?? "") \($0["key"]?.stringValue ?? "") \($0["role"]?.stringValue ?? "")" }
                == ["link.created writer editor", "signin writer editor"])
        }
    }

    @Test(arguments: StoreKind.available)
    func revokingTheKeyEndsItsSessionAndAppKeysCannotSignIn(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            let viewer = try await harness.namedKey("short-lived", role: .viewer)
            let browser = DashboardClient(client)
            _ = try await browser.signIn(viewer)
            #expect(try await browser.get("/").status == .ok)
            #expect(try await client.send(.delete, "/api/v1/keys/short-lived").status == .noContent)
            let after = try await browser.get("/")
            #expect(after.status == .seeOther)
            #expect(after.headers[.location] == "/dashboard/signin")

            let app = try await harness.namedKey("phone", role: .app)
            let other = DashboardClient(client)
            let form = try #require(DashboardClient.csrf(in: try await other.get("/dashboard/signin").text))
            let refused = try await other.post("/dashboard/signin", form: [("csrf", form), ("key", app)])
            #expect(refused.status == .forbidden)
            #expect(refused.text.contains("An app key cannot sign in to the dashboard."))
        }
    }
}
