/// Reads route-table files: the JSON form of a ``RouteTableConfiguration`` that the command-line
/// tool and the link service share with the app.
///
/// ```swift
/// let configuration = try RouteTableFile.load(path: "routes.json")
/// ```
///
/// The format (every key but `routes` is optional):
///
/// ```json
/// {
///   "schemes": ["shop"],
///   "hosts": ["shop.example.com"],
///   "delimiter": "/",
///   "caseSensitive": true,
///   "apps": { "ios": ["TEAMID.com.example.shop"],
///             "android": [{ "package": "com.example.shop", "sha256CertFingerprints": ["..."] }] },
///   "routes": [
///     "about/team",
///     { "pattern": "product/:product_id", "name": "product", "webOnly": false,
///       "defaults": { "tab": "all", "page": 1 }, "allowedParameters": ["tab"], "container": "shop" },
///     { "pattern": "logout{LoginScreen}", "root": true },
///     { "pattern": "share{ShareScreen}!", "presenter": "feed" },
///     { "pattern": "posts/:post_id", "name": "post", "formerNames": ["article"] },
///     { "pattern": "rewards/:id", "name": "rewards", "since": {"ios": "2.3", "android": 230} }
///   ]
/// }
/// ```
///
/// A route is a pattern string or an object with a `pattern`. Default values may be strings,
/// numbers or Booleans and become strings (`3` → `"3"`, `true` → `"true"`). `"root": true` makes
/// the route's plan replace the app's root (``RouteDefinition/replacesRoot``); `"presenter"` names
/// the container that presents its modal step (``RouteDefinition/presenter``); `"formerNames"`
/// lists names the route had before (``RouteDefinition/formerNames``), so that smart links stored
/// under them keep opening it; `"since"` gives the oldest app versions that have the route
/// (``RouteDefinition/since``: iOS as dotted numbers, Android as a `versionCode`). Unknown keys are
/// errors, so a typo never passes silently. Schemes, hosts, the delimiter and route names follow
/// the same rules as in ``RouteTableBuilder``, with the same messages: schemes follow RFC 3986 and
/// are not `http` or `https`; hosts are bare host names (no scheme, path, port, user info, query,
/// fragment or whitespace) and are lower-cased; the delimiter is one ASCII character that the
/// pattern language does not reserve; route names are unique. Patterns themselves are checked
/// when the table is compiled, not here.
///
/// Errors are ``RouteTableFileError``s that name the file, the route (numbered from 1 in
/// messages) and the reason.
public enum RouteTableFile {
    /// The largest file ``load(path:)`` reads: 16 MiB.
    public static let maximumFileSize = 16 << 20

    /// Reads and decodes the route-table file at `path`; errors name the file by `path` as given.
    ///
    /// - Complexity: O(*n*) in the size of the file.
    public static func load(path: String) throws(RouteTableFileError) -> RouteTableConfiguration {
        let bytes: [UInt8]
        switch readFile(atPath: path, limit: maximumFileSize) {
        case .success(let contents): bytes = contents
        case .failure(.tooLarge): throw RouteTableFileError(.fileTooLarge(limit: maximumFileSize), file: path)
        case .failure(.system(let message)): throw RouteTableFileError(.cannotReadFile(message), file: path)
        }
        return try parse(bytes: bytes, fileName: path)
    }

    /// Decodes a route table from JSON text; `fileName` names it in errors.
    ///
    /// ```swift
    /// let configuration = try RouteTableFile.parse(#"{"routes": ["about/team"]}"#, fileName: "inline")
    /// ```
    public static func parse(_ text: String, fileName: String) throws(RouteTableFileError) -> RouteTableConfiguration {
        try decode(Result { () throws(JSONParseError) in try JSONValue.parse(text) }, fileName: fileName)
    }

    /// Decodes a route table from UTF-8 bytes (an upload, say); `fileName` names it in errors.
    public static func parse(
        bytes: some Collection<UInt8>, fileName: String
    ) throws(RouteTableFileError) -> RouteTableConfiguration {
        try decode(Result { () throws(JSONParseError) in try JSONValue.parse(bytes: bytes) }, fileName: fileName)
    }

    private static func decode(
        _ document: Result<JSONValue, JSONParseError>, fileName: String
    ) throws(RouteTableFileError) -> RouteTableConfiguration {
        switch document {
        case .success(let value): return try RouteTableDecoder(file: fileName).decode(value)
        case .failure(let error): throw RouteTableFileError(.invalidJSON(error), file: fileName)
        }
    }
}
