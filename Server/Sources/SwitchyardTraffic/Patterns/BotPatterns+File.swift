public import Foundation
@_spi(SwitchyardService) import Switchyard
import SwitchyardRules

/// Reading the data file.
extension BotPatterns {
    /// The largest file read (bytes).
    static let maximumFileSize = 4 << 20

    /// Reads a pattern file: the built-in one or an operator's (see ``BotPatterns`` for its shape).
    ///
    /// - Throws: ``BotPatternsError`` naming the file, the entry and what is wrong:
    ///   `extra-bots.json: addressRanges[1].range: '10.0.0.0/33' is not an address range: an IPv4
    ///   prefix is 0 to 32 bits`.
    public init(contentsOf url: URL) throws(BotPatternsError) {
        let name = url.path(percentEncoded: false)
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            data = try handle.read(upToCount: Self.maximumFileSize + 1) ?? Data()
        } catch {
            throw BotPatternsError(.unreadableFile, in: name, at: nil, "cannot be read (\(error.localizedDescription))")
        }
        guard data.count <= Self.maximumFileSize else {
            throw BotPatternsError(.unreadableFile, in: name, at: nil, "is larger than \(Self.maximumFileSize) bytes, the most a pattern file holds")
        }
        let value: JSONValue
        do {
            value = try JSONValue.parse(bytes: data)
        } catch {
            throw BotPatternsError(.notJSON, in: name, at: nil, "is not JSON: \(error.message)")
        }
        try self.init(json: value, file: name)
    }

    /// Reads patterns from JSON text, naming `file` in errors.
    ///
    /// - Throws: ``BotPatternsError``, as ``init(contentsOf:)``.
    public init(json text: String, file: String = "bot patterns") throws(BotPatternsError) {
        let value: JSONValue
        do {
            value = try JSONValue.parse(text)
        } catch {
            throw BotPatternsError(.notJSON, in: file, at: nil, "is not JSON: \(error.message)")
        }
        try self.init(json: value, file: file)
    }

    init(json value: JSONValue, file: String) throws(BotPatternsError) {
        let reader = EntryReader(file: file)
        let top = try reader.object(value, at: nil, allowed: ["about", "sources", "userAgents", "referrers", "addressRanges"])
        _ = try reader.optionalText(top["about"], at: "about")
        let sources = try reader.list(top["sources"], at: "sources") { entry, path throws(BotPatternsError) in
            let members = try reader.object(entry, at: path, allowed: ["id", "name", "url", "note"])
            return Source(
                id: try reader.text(members["id"], at: path + ".id"),
                name: try reader.text(members["name"], at: path + ".name"),
                url: try reader.text(members["url"], at: path + ".url"),
                note: try reader.optionalText(members["note"], at: path + ".note")
            )
        }
        let userAgents = try reader.list(top["userAgents"], at: "userAgents") { entry, path throws(BotPatternsError) in
            let members = try reader.object(entry, at: path, allowed: ["pattern", "kind", "source", "note"])
            var kind = Kind.other
            if let name = try reader.optionalText(members["kind"], at: path + ".kind") {
                guard let known = Kind(rawValue: name) else {
                    throw BotPatternsError(.invalidEntry, in: file, at: path + ".kind",
                                           "'\(name.prefix(40))' is not a kind (known: \(Kind.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                kind = known
            }
            return UserAgentPattern(
                try reader.text(members["pattern"], at: path + ".pattern"),
                kind: kind,
                source: try reader.text(members["source"], at: path + ".source"),
                note: try reader.optionalText(members["note"], at: path + ".note")
            )
        }
        let referrers = try reader.list(top["referrers"], at: "referrers") { entry, path throws(BotPatternsError) in
            let members = try reader.object(entry, at: path, allowed: ["host", "source", "note"])
            return ReferrerPattern(
                host: try reader.text(members["host"], at: path + ".host"),
                source: try reader.text(members["source"], at: path + ".source"),
                note: try reader.optionalText(members["note"], at: path + ".note")
            )
        }
        let addressRanges = try reader.list(top["addressRanges"], at: "addressRanges") { entry, path throws(BotPatternsError) in
            let members = try reader.object(entry, at: path, allowed: ["range", "source", "note"])
            let text = try reader.text(members["range"], at: path + ".range")
            let range: AddressRange
            do throws(AddressRange.ParseError) {
                range = try AddressRange(parsing: text)
            } catch {
                throw BotPatternsError(.invalidRange, in: file, at: path + ".range", error.message)
            }
            return AddressPattern(
                range: range,
                source: try reader.text(members["source"], at: path + ".source"),
                note: try reader.optionalText(members["note"], at: path + ".note")
            )
        }
        try self.init(checking: sources, userAgents, referrers, addressRanges, in: file)
    }
}

/// Reads the members of a pattern file, naming each problem's place.
private struct EntryReader {
    let file: String

    func object(_ value: JSONValue, at path: String?, allowed: Set<String>) throws(BotPatternsError) -> [String: JSONValue] {
        guard case .object(let members) = value else {
            throw BotPatternsError(.invalidEntry, in: file, at: path, "must be an object, got \(value.kindName)")
        }
        if let unknown = members.keys.filter({ !allowed.contains($0) }).sorted().first {
            throw BotPatternsError(.invalidEntry, in: file, at: path,
                                   "has an unknown member '\(unknown.prefix(64))' (known: \(allowed.sorted().joined(separator: ", ")))")
        }
        return members
    }

    func list<Entry>(_ value: JSONValue?, at path: String,
                     _ read: (JSONValue, String) throws(BotPatternsError) -> Entry) throws(BotPatternsError) -> [Entry] {
        guard let value else { return [] }
        guard case .array(let elements) = value else {
            throw BotPatternsError(.invalidEntry, in: file, at: path, "must be an array, got \(value.kindName)")
        }
        guard elements.count <= BotPatterns.maximumPatterns else {
            throw BotPatternsError(.tooManyPatterns, in: file, at: path,
                                   "has \(elements.count) entries; a file holds \(BotPatterns.maximumPatterns) patterns at most")
        }
        var entries: [Entry] = []
        for (index, element) in elements.enumerated() {
            entries.append(try read(element, "\(path)[\(index)]"))
        }
        return entries
    }

    func text(_ value: JSONValue?, at path: String) throws(BotPatternsError) -> String {
        guard let value else { throw BotPatternsError(.invalidEntry, in: file, at: path, "is missing") }
        guard case .string(let text) = value else {
            throw BotPatternsError(.invalidEntry, in: file, at: path, "must be a string, got \(value.kindName)")
        }
        return text
    }

    func optionalText(_ value: JSONValue?, at path: String) throws(BotPatternsError) -> String? {
        guard let value, !value.isNull else { return nil }
        return try text(value, at: path)
    }
}
