import Switchyard
import Testing

/// Dotted versions compare number by number; the app-release header reads and writes both
/// platforms; a requirement names the version an older release needs.
@Suite struct AppVersionTests {
    @Test(arguments: [("2.3", "2.10", true), ("2.3", "2.3.0", false), ("2.3.1", "2.3", false), ("1.9.9", "2", true), ("10", "9.99", false)])
    func dottedVersionsCompareNumberByNumber(lhs: String, rhs: String, older: Bool) throws {
        let left = try #require(DottedVersion(lhs)), right = try #require(DottedVersion(rhs))
        #expect((left < right) == older)
    }

    @Test func equalReleasesAreEqualAndHashAlike() throws {
        #expect(DottedVersion("2.3") == DottedVersion("2.3.0"))
        #expect(Set([DottedVersion("2.3")!, DottedVersion("2.3.0")!]).count == 1)
        #expect(DottedVersion("2.3.0")?.description == "2.3.0")
    }

    @Test(arguments: ["", "2.", ".2", "2..3", "v2", "2.x", "1.2.3.4.5", "1234567890", "-1", " 2"])
    func malformedVersionsAreRefused(text: String) {
        #expect(DottedVersion(text) == nil)
    }

    @Test func headerValuesRoundTrip() throws {
        #expect(AppRelease(headerValue: "ios/2.3.1") == .ios(DottedVersion("2.3.1")!))
        #expect(AppRelease(headerValue: "android/230") == .android(versionCode: 230))
        #expect(AppRelease(headerValue: "iOS/2.3")?.headerValue == "ios/2.3")
        #expect(AppRelease.android(versionCode: 230).headerValue == "android/230")
        for bad in ["ios", "ios/", "ios/2.x", "android/2.3", "android/0", "android/-4", "windows/1", "android/12345678901"] {
            #expect(AppRelease(headerValue: bad) == nil, "\(bad)")
        }
    }

    @Test func theRequirementNamesWhatAnOlderReleaseNeeds() {
        let route = AppVersionRequirement(ios: DottedVersion("2.3"), android: 230)
        let link = AppVersionRequirement(ios: DottedVersion("2.10"))
        let both = route.stricter(link)
        #expect(both == AppVersionRequirement(ios: DottedVersion("2.10"), android: 230))
        #expect(both.requiredVersion(for: .ios(DottedVersion("2.9")!)) == "2.10")
        #expect(both.requiredVersion(for: .ios(DottedVersion("2.10.0")!)) == nil)
        #expect(both.requiredVersion(for: .android(versionCode: 229)) == "230")
        #expect(both.requiredVersion(for: .android(versionCode: 230)) == nil)
        #expect(AppVersionRequirement().requiredVersion(for: .android(versionCode: 1)) == nil)
    }
}
