@_spi(SwitchyardService) public import Switchyard

/// An `apple-app-site-association` or `assetlinks.json` file, read into the apps it names and the
/// components that say which URLs open each (see ``AssociationComponent`` for the rules).
///
/// ```swift
/// let apple = try AssociationDocument(apple: text, file: "apple-app-site-association")
/// apple.decision(for: AssociationURL("https://go.example.com/Ab3dE9xQ"), app: "TEAMID.com.example.shop")
/// // .opens(component 14: /?*)
/// ```
public struct AssociationDocument: Sendable, Hashable {
    /// Which system reads the file.
    public enum Platform: String, Sendable, Hashable, CaseIterable {
        /// `apple-app-site-association`, read by iOS, iPadOS and macOS.
        case apple
        /// `assetlinks.json`, read by Android.
        case android
    }

    /// One app the file names, with the components that apply to it.
    public struct Claim: Sendable, Hashable {
        /// The iOS app ID (`TEAMID.bundle.id`) or the Android package name.
        public var app: String
        /// The Android signing-certificate fingerprints (empty for Apple).
        public var fingerprints: [String]
        /// The components, in order; nil when the file gives none (a plain `assetlinks.json`,
        /// whose paths are in the app's manifest, or a legacy file without `components`/`paths`).
        public var components: [AssociationComponent]?
    }

    /// What a file decides for one URL and one app.
    public enum Decision: Sendable, Hashable {
        /// The first matching component includes the URL: the app opens.
        case opens(AssociationComponent)
        /// The first matching component excludes the URL: it stays in the browser.
        case excluded(AssociationComponent)
        /// No component matches: it stays in the browser.
        case unmatched
        /// The file does not name the app.
        case appNotListed
        /// The file names the app but lists no components to read (Android: the manifest decides).
        case noComponents
    }

    /// The platform whose file this is.
    public let platform: Platform
    /// The apps named, in file order (an app named twice keeps its first entry's components first).
    public let claims: [Claim]

    /// The canonical file name of a platform.
    public static func fileName(_ platform: Platform) -> String {
        platform == .apple ? "apple-app-site-association" : "assetlinks.json"
    }

    /// Reads an `apple-app-site-association` file.
    ///
    /// - Throws: ``AssociationFileError`` naming `file` and what is wrong: not JSON, no `applinks`
    ///   object, a `details` entry or component of the wrong shape.
    public init(apple text: String, file: String) throws(AssociationFileError) {
        platform = .apple
        let root = try Self.parse(text, file: file)
        guard let applinks = root["applinks"], applinks.objectValue != nil else {
            throw AssociationFileError(file: file, "not an apple-app-site-association file: it has no \"applinks\" object")
        }
        guard let details = applinks["details"]?.arrayValue else {
            throw AssociationFileError(file: file, "\"applinks.details\" must be an array")
        }
        let fileDefaults = try Defaults(applinks["defaults"], file: file, at: "applinks.defaults", inherited: Defaults())
        var claims: [Claim] = []
        for (index, detail) in details.enumerated() {
            let place = "applinks.details[\(index)]"
            guard detail.objectValue != nil else { throw AssociationFileError(file: file, "\(place) must be an object") }
            var apps: [String] = []
            if let one = detail["appID"] {
                guard let app = one.stringValue else { throw AssociationFileError(file: file, "\(place).appID must be a string") }
                apps.append(app)
            }
            if let many = detail["appIDs"] {
                guard let list = many.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else {
                    throw AssociationFileError(file: file, "\(place).appIDs must be an array of strings")
                }
                apps += list.compactMap(\.stringValue)
            }
            let defaults = try Defaults(detail["defaults"], file: file, at: "\(place).defaults", inherited: fileDefaults)
            let components: [AssociationComponent]?
            if let list = detail["components"] {
                guard let entries = list.arrayValue else { throw AssociationFileError(file: file, "\(place).components must be an array") }
                components = try entries.enumerated().map { (offset, entry) throws(AssociationFileError) in
                    try Self.component(entry, position: offset + 1, defaults: defaults, file: file, at: "\(place).components[\(offset)]")
                }
            } else if let legacy = detail["paths"] {
                guard let entries = legacy.arrayValue, entries.allSatisfy({ $0.stringValue != nil }) else {
                    throw AssociationFileError(file: file, "\(place).paths must be an array of strings")
                }
                // The pre-iOS 13 form: "NOT /path" excludes.
                components = entries.compactMap(\.stringValue).enumerated().map { offset, path in
                    let excluded = path.hasPrefix("NOT ")
                    return AssociationComponent(path: excluded ? String(path.dropFirst(4)) : path, exclude: excluded,
                                                caseSensitive: defaults.caseSensitive, percentEncoded: defaults.percentEncoded,
                                                position: offset + 1)
                }
            } else {
                components = nil
            }
            for app in apps { claims.append(Claim(app: app, fingerprints: [], components: components)) }
        }
        self.claims = claims
    }

    /// Reads an `assetlinks.json` file: its `handle_all_urls` statements for Android apps, with
    /// their dynamic App Links components (`relation_extensions`) where present.
    ///
    /// - Throws: ``AssociationFileError``: not JSON, not an array of statements, a statement or
    ///   component of the wrong shape.
    public init(android text: String, file: String) throws(AssociationFileError) {
        platform = .android
        let root = try Self.parse(text, file: file)
        guard let statements = root.arrayValue else {
            throw AssociationFileError(file: file, "not an assetlinks.json file: expected an array of statements, found \(root.typeName)")
        }
        let relation = "delegate_permission/common.handle_all_urls"
        var claims: [Claim] = []
        for (index, statement) in statements.enumerated() {
            let place = "statement \(index)"
            guard statement.objectValue != nil else { throw AssociationFileError(file: file, "\(place) must be an object") }
            guard let relations = statement["relation"]?.arrayValue else {
                throw AssociationFileError(file: file, "\(place) has no \"relation\" array")
            }
            guard relations.contains(.string(relation)) else { continue }
            guard let target = statement["target"], target["namespace"]?.stringValue == "android_app" else { continue }
            guard let package = target["package_name"]?.stringValue else {
                throw AssociationFileError(file: file, "\(place): target.package_name must be a string")
            }
            let fingerprints = target["sha256_cert_fingerprints"]?.arrayValue?.compactMap(\.stringValue) ?? []
            var components: [AssociationComponent]?
            if let list = statement["relation_extensions"]?[relation]?["dynamic_app_link_components"] {
                guard let entries = list.arrayValue else {
                    throw AssociationFileError(file: file, "\(place): dynamic_app_link_components must be an array")
                }
                components = try entries.enumerated().map { (offset, entry) throws(AssociationFileError) in
                    try Self.component(entry, position: offset + 1, defaults: Defaults(), file: file,
                                       at: "\(place).dynamic_app_link_components[\(offset)]")
                }
            }
            claims.append(Claim(app: package, fingerprints: fingerprints, components: components))
        }
        self.claims = claims
    }

    /// What the file decides for `url` and `app`: the first component (across the app's entries,
    /// in file order) that matches.
    public func decision(for url: AssociationURL, app: String) -> Decision {
        let entries = claims.filter { $0.app == app }
        guard !entries.isEmpty else { return .appNotListed }
        var sawComponents = false
        for entry in entries {
            guard let components = entry.components else { continue }
            sawComponents = true
            if let first = components.first(where: { $0.matches(url) }) {
                return first.exclude ? .excluded(first) : .opens(first)
            }
        }
        return sawComponents ? .unmatched : .noComponents
    }

    /// The apps the file names, without repeats.
    public var apps: [String] {
        var seen: Set<String> = []
        return claims.map(\.app).filter { seen.insert($0).inserted }
    }

    /// `caseSensitive` and `percentEncoded` as a `defaults` object sets them.
    struct Defaults {
        var caseSensitive = true
        var percentEncoded = true

        init() {}

        init(_ value: JSONValue?, file: String, at place: String, inherited: Defaults) throws(AssociationFileError) {
            self = inherited
            guard let value else { return }
            guard value.objectValue != nil else { throw AssociationFileError(file: file, "\(place) must be an object") }
            caseSensitive = try AssociationDocument.flag(value["caseSensitive"], file: file, at: "\(place).caseSensitive") ?? caseSensitive
            percentEncoded = try AssociationDocument.flag(value["percentEncoded"], file: file, at: "\(place).percentEncoded") ?? percentEncoded
        }
    }

    static func flag(_ value: JSONValue?, file: String, at place: String) throws(AssociationFileError) -> Bool? {
        guard let value else { return nil }
        guard let flag = value.boolValue else { throw AssociationFileError(file: file, "\(place) must be true or false") }
        return flag
    }

    static func component(_ entry: JSONValue, position: Int, defaults: Defaults, file: String,
                          at place: String) throws(AssociationFileError) -> AssociationComponent {
        guard entry.objectValue != nil else { throw AssociationFileError(file: file, "\(place) must be an object") }
        func string(_ key: String) throws(AssociationFileError) -> String? {
            guard let value = entry[key] else { return nil }
            guard let text = value.stringValue else { throw AssociationFileError(file: file, "\(place).\"\(key)\" must be a string") }
            return text
        }
        var query: AssociationComponent.Query?
        if let value = entry["?"] {
            if let text = value.stringValue {
                query = .pattern(text)
            } else if let object = value.objectValue, object.values.allSatisfy({ $0.stringValue != nil }) {
                query = .items(object.compactMapValues(\.stringValue))
            } else {
                throw AssociationFileError(file: file, "\(place).\"?\" must be a string or an object of strings")
            }
        }
        let comment = try string("comment")
        let comments = try string("comments")
        return AssociationComponent(
            path: try string("/"), query: query, fragment: try string("#"),
            exclude: try flag(entry["exclude"], file: file, at: "\(place).exclude") ?? false,
            caseSensitive: try flag(entry["caseSensitive"], file: file, at: "\(place).caseSensitive") ?? defaults.caseSensitive,
            percentEncoded: try flag(entry["percentEncoded"], file: file, at: "\(place).percentEncoded") ?? defaults.percentEncoded,
            comment: comment ?? comments, position: position)
    }

    static func parse(_ text: String, file: String) throws(AssociationFileError) -> JSONValue {
        do {
            return try JSONValue.parse(text)
        } catch {
            throw AssociationFileError(file: file, "not JSON: \(error.message)")
        }
    }
}

/// An association file that cannot be read: which file, and what is wrong with it.
public struct AssociationFileError: CodedError, Sendable, Hashable {
    /// ``ErrorCode/invalidAssociationFile``.
    public var code: Code { .invalidAssociationFile }
    /// The file's path or URL.
    public let file: String
    /// What is wrong.
    public let message: String

    /// Creates an error.
    public init(file: String, _ message: String) {
        self.file = file
        self.message = message
    }

    /// `FILE: MESSAGE`.
    public var description: String { "\(file): \(message)" }
}

extension ErrorCode<AssociationFileError> {
    /// Not JSON, or not the shape of an `apple-app-site-association` or `assetlinks.json` file.
    public static var invalidAssociationFile: Self { Self(rawValue: "invalid_association_file") }
}
