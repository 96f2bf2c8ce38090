import ArgumentParser

/// A `name=value` command-line value, as `--param` and `--query` take it. The value is everything
/// after the first `=` and may be empty or contain `=`; the name may not be empty.
public struct KeyValue: ExpressibleByArgument, Sendable, Hashable {
    /// The part before the first `=`.
    public var name: String
    /// The part after the first `=`.
    public var value: String

    /// Splits `argument` at its first `=`; nil (a usage error) when there is none or the name is empty.
    public init?(argument: String) {
        guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else { return nil }
        name = String(argument[..<equals])
        value = String(argument[argument.index(after: equals)...])
    }

    /// Shown in usage lines: `<name=value>`.
    public static var defaultValueDescription: String { "name=value" }
}
