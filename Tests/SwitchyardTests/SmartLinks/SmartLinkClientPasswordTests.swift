import Foundation
import Switchyard
import Synchronization
import Testing

/// Password links: the client sends `Switchyard-Link-Password` only when given a password, and
/// reads the service's 401 `password-required` and 403 `wrong-password` as their own error codes,
/// apart from a refused app key (401 too). A stand-in transport (``PasswordLinkService``) answers
/// as the service would. (The real service: the Server package's password tests.)
@Suite struct SmartLinkClientPasswordTests {
    static let table = try! RouteTable(["product/:id"], hosts: ["shop.example.com"])

    /// A client of `https://{host}` with the link domain `promo.example.com`.
    static func client(host: String, attestor: (any InstallAttestor)? = nil) -> SmartLinkClient {
        SmartLinkClient(service: URL(string: "https://\(host)")!, appKey: "k", table: table,
                        linkDomains: ["promo.example.com"], installID: "install-1", appRelease: nil,
                        session: PasswordLinkService.session, attestor: attestor)
    }

    /// The errors of a resolve and of a redeem of `code` (nil, recorded as an issue, where one succeeds).
    static func errors(_ client: SmartLinkClient, code: String, password: String? = nil) async -> [SmartLinkError?] {
        var errors: [SmartLinkError?] = []
        do throws(SmartLinkError) {
            _ = try await client.resolve(code: code, password: password)
            Issue.record("resolved")
            errors.append(nil)
        } catch {
            errors.append(error)
        }
        do throws(SmartLinkError) {
            _ = try await client.redeem(code: code, password: password)
            Issue.record("redeemed")
            errors.append(nil)
        } catch {
            errors.append(error)
        }
        return errors
    }

    @Test func thePasswordHeaderIsSentOnlyWhenGiven() async throws {
        let host = "header.example.com"
        let client = Self.client(host: host)
        let plain = try await client.resolve(code: "Ab3dE9xQ")
        #expect(try await client.redeem(code: "Ab3dE9xQ") == ["coupon": "VIP"])
        let given = try await client.resolve(code: "Ab3dE9xQ", password: "open sesame")
        #expect(try await client.redeem(code: "Ab3dE9xQ", password: "open sesame") == ["coupon": "VIP"])
        #expect(plain == given, "a link without a password ignores one")
        #expect(PasswordLinkService.requests(to: host) == [
            "GET Ab3dE9xQ none", "POST Ab3dE9xQ none", "GET Ab3dE9xQ open sesame", "POST Ab3dE9xQ open sesame",
        ])
        #expect(SmartLinkClient.passwordHeaderName == "Switchyard-Link-Password")
    }

    @Test(arguments: ["Vip2025", "promo.example.com/Vip2025"])
    func withoutItsPasswordAPasswordLinkIsPasswordRequired(code: String) async throws {
        let client = Self.client(host: "required.example.com")
        let errors = await Self.errors(client, code: code)
        #expect(errors.count == 2)
        for error in errors {
            #expect(error?.code == .passwordRequired)
            #expect(error?.code.rawValue == "password_required")
            #expect(error?.linkCode == code, "names the link to ask again for")
            #expect(error?.message == "link '\(code)' asks for a password")
        }
    }

    /// The pattern the client's documentation shows an app: catch the code, ask, call again.
    /// (Its own test: beside the loop of `#expect`s above, a `catch` that rethrows the rest made
    /// Swift 6.3.1's mandatory SIL passes run without end.)
    @Test func anAppCatchesPasswordRequiredByItsCodeAndCallsAgain() async throws {
        let client = Self.client(host: "catch.example.com")
        let link: DeepLink
        do {
            link = try await client.resolve(code: "Vip2025")
        } catch SmartLinkError.Code.passwordRequired {
            link = try await client.resolve(code: "Vip2025", password: PasswordLinkService.password)
        }
        #expect(link.routeParameters == ["id": "42"])
    }

    @Test func anotherPasswordIsWrongPassword() async throws {
        let host = "wrong.example.com"
        let client = Self.client(host: host)
        for error in await Self.errors(client, code: "Vip2025", password: "guess") {
            #expect(error?.code == .wrongPassword)
            #expect(error?.code.rawValue == "wrong_password")
            #expect(error?.linkCode == "Vip2025")
            #expect(error?.message == "the password given for link 'Vip2025' is wrong")
        }
        #expect(PasswordLinkService.requests(to: host) == ["GET Vip2025 guess", "POST Vip2025 guess"])
    }

    @Test func itsPasswordResolvesAndRedeemsThePasswordLink() async throws {
        let client = Self.client(host: "right.example.com")
        let link = try await client.resolve(code: "Vip2025", password: PasswordLinkService.password)
        #expect(link.routeParameters == ["id": "42"])
        #expect(link.source == .smartLink && link.metadata == ["coupon": "VIP"])
        #expect(link.smartLink == SmartLinkReference(code: "Vip2025", url: "https://right.example.com/Vip2025"))
        #expect(try await client.redeem(code: "Vip2025", password: PasswordLinkService.password) == ["coupon": "VIP"])
    }

    @Test func aRefusedAppKeyIsStillUnauthorized() async {
        let error = await Self.errors(Self.client(host: "refused.example.com"), code: "Refused")[0]
        #expect(error?.code == .unauthorized)
        #expect(error?.linkCode == nil)
        #expect(error?.message == "missing or invalid API key")
    }

    @Test func tooManyGuessesIsAServiceErrorAsAnyRateLimit() async {
        let client = Self.client(host: "guessed.example.com")
        for error in await Self.errors(client, code: "Guessed", password: "guess") {
            #expect(error?.code == .service)
            #expect(error?.message == "too many password guesses (HTTP 429)")
        }
    }

    /// A device whose keychain holds `key-old`, which the service no longer knows; it attests `key-new`.
    final class StaleKeyAttestor: InstallAttestor {
        private let stored = Mutex<String?>("key-old")
        var isSupported: Bool { true }
        func generateKey() async throws -> String { "key-new" }
        func attestKey(_ keyID: String, clientData: Data) async throws -> Data { Data("attestation".utf8) }
        func generateAssertion(_ keyID: String, clientData: Data) async throws -> Data { Data("assertion".utf8) }
        func storedKeyID() -> String? { stored.withLock { $0 } }
        func storeKeyID(_ keyID: String?) { stored.withLock { $0 = keyID } }
    }

    @Test func aRequestSentAgainForAnUnknownAttestKeyCarriesThePasswordAgain() async throws {
        for (host, call) in [("attest-resolve.example.com", "GET"), ("attest-redeem.example.com", "POST")] {
            let client = Self.client(host: host, attestor: StaleKeyAttestor())
            if call == "GET" {
                #expect(try await client.resolve(code: "Vip2025", password: PasswordLinkService.password).metadata == ["coupon": "VIP"])
            } else {
                #expect(try await client.redeem(code: "Vip2025", password: PasswordLinkService.password) == ["coupon": "VIP"])
            }
            #expect(PasswordLinkService.requests(to: host) == [
                "\(call) Vip2025 open sesame", "POST /api/v1/attest/challenge", "POST /api/v1/attest", "\(call) Vip2025 open sesame",
            ])
        }
    }
}
