import Switchyard
import SwitchyardTestSupport
import Testing

extension GeneratedTables {
    /// Compiles a generated table (``GeneratedTables/compile(_:seed:recording:)``), recording each
    /// problem as an issue of the running test at the caller's line.
    static func compile(_ configuration: RouteTableConfiguration, seed: UInt64,
                        sourceLocation: SourceLocation = #_sourceLocation) -> RouteTable? {
        compile(configuration, seed: seed) { Issue.record(Comment(rawValue: $0), sourceLocation: sourceLocation) }
    }
}
