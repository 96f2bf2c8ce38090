import Switchyard
import Testing

/// A route's `"since"` in a route-table file: read into ``RouteDefinition/since``, and each
/// malformed value refused with the route and the field named.
@Suite struct RouteTableSinceTests {
    @Test func sinceIsReadPerPlatform() throws {
        let configuration = try RouteTableFile.parse(
            #"{"routes": [{"pattern": "rewards/:id", "since": {"ios": "2.3", "android": 230}}, {"pattern": "a", "since": {"ios": "3"}}, "b"]}"#,
            fileName: "routes.json")
        #expect(configuration.routes[0].since == AppVersionRequirement(ios: DottedVersion("2.3"), android: 230))
        #expect(configuration.routes[1].since == AppVersionRequirement(ios: DottedVersion("3.0")))
        #expect(configuration.routes[2].since.isEmpty)
    }

    @Test(arguments: [
        (#"{"ios": "2.x"}"#, #"routes.json: route 1 ('p'): 'since.ios' must be a string of one to four dotted numbers, such as "2.3", got "2.x""#,
         "invalid_version"),
        (#"{"ios": 2.3}"#, #"routes.json: route 1 ('p'): 'since.ios' must be a string of one to four dotted numbers, such as "2.3", got 2.3"#,
         "invalid_version"),
        (#"{"android": "230"}"#,
         #"routes.json: route 1 ('p'): 'since.android' must be a whole number from 1 to 2100000000 (the versionCode), such as 230, got "230""#,
         "invalid_version"),
        (#"{"android": 2.5}"#,
         #"routes.json: route 1 ('p'): 'since.android' must be a whole number from 1 to 2100000000 (the versionCode), such as 230, got 2.5"#,
         "invalid_version"),
        (#"{"android": 0}"#,
         #"routes.json: route 1 ('p'): 'since.android' must be a whole number from 1 to 2100000000 (the versionCode), such as 230, got 0"#,
         "invalid_version"),
        (#"{"iOS": "2.3"}"#, "routes.json: route 1 ('p'): unknown key 'iOS' in 'since' (expected one of: ios, android)", "unknown_key"),
        (#""2.3""#, #"routes.json: route 1 ('p'): 'since' must be an object such as {"ios": "2.3", "android": 230}"#, "wrong_type"),
    ])
    func aMalformedSinceNamesTheRouteAndField(since: String, message: String, code: String) {
        #expect {
            _ = try RouteTableFile.parse(#"{"routes": [{"pattern": "p", "since": \#(since)}]}"#, fileName: "routes.json")
        } throws: { error in
            guard let error = error as? RouteTableFileError else { return false }
            return error.description == message && error.code.rawValue == code
        }
    }
}
