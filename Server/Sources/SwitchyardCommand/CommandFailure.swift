import ArgumentParser
public import Switchyard

/// A failure the command reports itself: each line goes to standard error as
/// `switchyard: error: LINE`, then the process exits with status 1.
///
/// Usage mistakes are not `CommandFailure`s: argument-parser reports those (status 64).
public struct CommandFailure: CodedError, Sendable, Hashable {
    /// The lines of the report, without the `switchyard: error: ` prefix.
    public let lines: [String]

    /// A failure of one or more lines.
    public init(_ lines: [String]) {
        self.lines = lines
    }

    /// A failure of one line.
    public init(_ line: String) {
        self.init([line])
    }

    /// ``ErrorCode/commandFailed``.
    public var code: Code { .commandFailed }

    /// The lines, joined by newlines.
    public var message: String { lines.joined(separator: "\n") }

    /// The prefix of every line written to standard error.
    public static let prefix = "switchyard: error: "

    /// Writes the lines to standard error and gives the exit code to throw.
    func report() -> ExitCode {
        for line in lines { Console.errorLine(Self.prefix + line) }
        return .failure
    }
}

extension ErrorCode<CommandFailure> {
    /// A command that could not do its work; its lines say why.
    public static var commandFailed: Self { Self(rawValue: "command_failed") }
}

/// Runs a command body, turning a ``CommandFailure`` into its report on standard error and exit status 1.
func reportingFailures(_ body: () throws(CommandFailure) -> Void) throws(ExitCode) {
    do {
        try body()
    } catch {
        throw error.report()
    }
}
