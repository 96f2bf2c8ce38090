import Foundation
import GRDB
import Switchyard

extension SQLiteLinkStore {
    /// The `links` columns (``LinkColumns``), in the order ``insertArguments(_:)`` binds them.
    static let columns = LinkColumns.names
    static let placeholders = Array(repeating: "?", count: LinkColumns.all.count).joined(separator: ", ")

    /// A link's values, in the order of ``columns``.
    static func insertArguments(_ link: SmartLink) -> StatementArguments {
        StatementArguments(LinkColumns.all.map { argument($0.read(link)) })
    }

    /// A column's value as SQLite keeps it.
    static func argument(_ value: ColumnValue) -> (any DatabaseValueConvertible)? {
        switch value {
        case .text(let text): text
        case .integer(let integer): integer
        case .flag(let flag): flag
        case .instant(let instant): instant.map(StoredDate.milliseconds)
        }
    }

    /// A link from a row of ``columns``, read by position (every query that decodes links selects
    /// exactly ``columns``, in that order; by position skips GRDB's case-insensitive name lookup).
    static func decodeLink(_ row: Row) throws -> SmartLink {
        try LinkColumns.link { column, index in
            switch column.kind {
            case .text: .text(try row.decode(String?.self, atIndex: index))
            case .integer: .integer(try row.decode(Int?.self, atIndex: index))
            case .flag: .flag(try row.decode(Bool.self, atIndex: index))
            case .instant: .instant(try row.decode(Int64?.self, atIndex: index).map(StoredDate.date(milliseconds:)))
            }
        }
    }

    /// The SQL type of a kind of link column (``LinkColumns/migrations(types:false:)``).
    static func columnType(_ kind: LinkColumn.Kind) -> String {
        switch kind {
        case .text: "TEXT"
        case .integer, .instant: "INTEGER"
        case .flag: "INTEGER"
        }
    }
}
