public import Switchyard

/// A bot-pattern file or value that cannot be used: its ``message`` names the file, the entry
/// (`userAgents[3].pattern`) and what is wrong.
///
/// ```swift
/// do {
///     extra = try BotPatterns(contentsOf: url)
/// } catch BotPatternsError.Code.unknownSource {
///     // "extra-bots.json: userAgents[0].source: no source 'ops' in this file's sources (known: ...)"
/// }
/// ```
public struct BotPatternsError: CodedError, Sendable, Hashable {
    /// The kind of problem.
    public let code: Code
    /// What is wrong, starting with where.
    public let message: String

    init(_ code: Code, in file: String?, at path: String?, _ problem: String) {
        self.code = code
        let place = [file, path].compactMap(\.self).joined(separator: ": ")
        message = place.isEmpty ? problem : "\(place): \(problem)"
    }
}

extension ErrorCode<BotPatternsError> {
    /// The file cannot be read (missing, unreadable, too large).
    public static var unreadableFile: Self { Self(rawValue: "unreadable_file") }
    /// The file is not JSON.
    public static var notJSON: Self { Self(rawValue: "not_json") }
    /// A member is missing, unknown, or of the wrong type.
    public static var invalidEntry: Self { Self(rawValue: "invalid_entry") }
    /// A user-agent pattern or referrer host that cannot be used: empty, too long, in capitals,
    /// listed twice, or matching an ordinary browser.
    public static var invalidPattern: Self { Self(rawValue: "invalid_pattern") }
    /// An address range that does not read, or covers too much.
    public static var invalidRange: Self { Self(rawValue: "invalid_range") }
    /// An entry cites a source the file does not declare.
    public static var unknownSource: Self { Self(rawValue: "unknown_source") }
    /// A source is declared twice, or without a name or URL.
    public static var invalidSource: Self { Self(rawValue: "invalid_source") }
    /// More than ``BotPatterns/maximumPatterns`` patterns.
    public static var tooManyPatterns: Self { Self(rawValue: "too_many_patterns") }
}
