extension JSONValue {
    /// How deeply arrays and objects may nest in a route-table file (and in any JSON the SDK reads)
    /// before reading gives up with ``JSONParseError/nestingTooDeep`` (rather than exhausting the stack).
    public static let maximumDepth = 512

    /// Parses a JSON document (RFC 8259) without Foundation.
    ///
    /// ```swift
    /// let metadata = try JSONValue.parse(#"{"coupon": "SPRING", "uses": 1}"#)
    /// ```
    ///
    /// The whole text must be one value, optionally surrounded by whitespace (a leading UTF-8 byte
    /// order mark is skipped). Strings may use every escape, surrogate pairs included; raw control
    /// characters, lone surrogates, duplicate object keys, numbers beyond `Double`'s range and
    /// nesting deeper than ``maximumDepth`` are rejected with a positioned ``JSONParseError``.
    ///
    /// - Important: SPI for the Switchyard service (the `Server` package, which reads request bodies
    ///   and stored metadata with the SDK's reader), not for apps: it is visible only to
    ///   `@_spi(SwitchyardService) import Switchyard`, and may change without notice. Apps get JSON
    ///   read for them: route-table files through ``RouteTableFile`` (syntax errors as
    ///   ``JSONParseError``), smart-link metadata as ``JSONValue``.
    ///
    /// - Complexity: O(*n*) in the length of the text.
    @_spi(SwitchyardService)
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        var text = text
        return try text.withUTF8(parseBuffer).get()
    }

    /// Parses a JSON document from UTF-8 bytes, rejecting bytes that are not well-formed UTF-8.
    ///
    /// - Important: SPI for the Switchyard service, not for apps; see ``parse(_:)``.
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    @_spi(SwitchyardService)
    public static func parse(bytes: some Collection<UInt8>) throws(JSONParseError) -> JSONValue {
        if let result = bytes.withContiguousStorageIfAvailable(parseBuffer) {
            return try result.get()
        }
        return try Array(bytes).withUnsafeBufferPointer(parseBuffer).get()
    }

    /// Parses a whole buffer; a `Result` keeps the typed error through untyped `rethrows` APIs.
    private static func parseBuffer(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<JSONValue, JSONParseError> {
        var parser = JSONParser(buffer)
        return Result { () throws(JSONParseError) in try parser.parseDocument() }
    }
}
