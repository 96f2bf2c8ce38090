@_spi(SwitchyardService) import Switchyard

// `Codable` reads through the API's reader (`init(from:at:countryDatabase:)`), so that a decoder
// refuses what the API refuses, with the same message. It cannot know whether the service has a
// country database, so it takes country conditions (as the store must, for rules written while
// it had one); ``RedirectRule/validate(_:at:countryDatabase:)`` refuses them where there is none.

extension RedirectRule: Codable {
    /// Decodes the API's JSON shape; a rule out of shape is a `DecodingError.dataCorrupted` whose
    /// description is the ``RuleError``'s message, its path from the coding path (`rules[2].target: ...`).
    public init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        do {
            try self.init(from: value, at: JSONPath.path(decoder.codingPath, root: "rules", alone: "rule"), countryDatabase: true)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.message))
        }
    }

    /// Encodes the API's JSON shape (``json``).
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}

extension RuleCondition: Codable {
    /// Decodes the API's JSON shape (`{"type": "language", "value": "fr"}`); see ``RedirectRule/init(from:)``.
    public init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        do {
            try self.init(from: value, at: JSONPath.path(decoder.codingPath, root: "conditions", alone: "condition"), countryDatabase: true)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.message))
        }
    }

    /// Encodes the API's JSON shape (``json``).
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}

extension RuleTarget: Codable {
    /// Decodes `{"url": ...}` or `{"route": ..., "parameters": {...}}`; see ``RedirectRule/init(from:)``.
    public init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        do {
            try self.init(from: value, at: JSONPath.path(decoder.codingPath, root: "targets", alone: "target"))
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.message))
        }
    }

    /// Encodes the API's JSON shape (``json``).
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}

/// Coding paths written as the reader's messages write them.
enum JSONPath {
    /// `rules[2].conditions[0]` for a coding path of `rules`, 2, `conditions`, 0; a path that starts
    /// with an index is under `root` (`rules[2]`), an empty one is `alone` (`rule`).
    static func path(_ codingPath: [any CodingKey], root: String, alone: String) -> String {
        guard !codingPath.isEmpty else { return alone }
        var path = ""
        for key in codingPath {
            if let index = key.intValue {
                if path.isEmpty { path = root }
                path += "[\(index)]"
            } else {
                path += path.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return path
    }
}
