import ArgumentParser

/// The `--routes FILE` option that every table command takes.
public struct TableOptions: ParsableArguments {
    /// The route-table file (JSON), as given on the command line.
    @Option(name: .long, help: ArgumentHelp("The route-table file (JSON).", valueName: "file"))
    public var routes: String

    /// Creates the options; argument-parser fills them in.
    public init() {}
}
