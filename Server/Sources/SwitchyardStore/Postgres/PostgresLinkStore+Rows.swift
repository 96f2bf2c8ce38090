import Foundation
import PostgresNIO

extension PostgresLinkStore {
    /// The `links` columns (``LinkColumns``), in the order the statements bind them.
    static let columns = LinkColumns.names

    /// How many ``columns`` there are.
    static let columnCount = LinkColumns.all.count

    /// The VALUES list of a multi-row INSERT: `($1, $2), ($3, $4)` for two rows of two columns.
    static func placeholders(rows: Int, columns: Int) -> String {
        (0..<rows).map { row in
            "(" + (1...columns).map { "$\(row * columns + $0)" }.joined(separator: ", ") + ")"
        }.joined(separator: ", ")
    }

    /// Appends a link's values in the order of ``columns``.
    static func bind(_ link: SmartLink, into bindings: inout PostgresBindings) {
        for column in LinkColumns.all { bind(column.read(link), into: &bindings) }
    }

    /// Appends one column's value as PostgreSQL keeps it.
    static func bind(_ value: ColumnValue, into bindings: inout PostgresBindings) {
        switch value {
        case .text(let text): bindings.append(text)
        case .integer(let integer): bindings.append(integer)
        case .flag(let flag): bindings.append(flag)
        case .instant(let instant): bindings.append(instant.map(StoredDate.rounded))
        }
    }

    /// A link from a row that selects ``columns`` (by name, in any order).
    static func decodeLink(_ row: PostgresRow) throws -> SmartLink {
        let row = row.makeRandomAccess()
        return try LinkColumns.link { column, _ in
            let cell = row[column.name]
            return switch column.kind {
            case .text: .text(try cell.decode(String?.self))
            case .integer: .integer(try cell.decode(Int?.self))
            case .flag: .flag(try cell.decode(Bool.self))
            case .instant: .instant(try cell.decode(Date?.self).map(StoredDate.rounded))
            }
        }
    }

    /// The SQL type of a kind of link column (``LinkColumns/migrations(types:false:)``).
    static func columnType(_ kind: LinkColumn.Kind) -> String {
        switch kind {
        case .text: "text"
        case .integer: "bigint"
        case .flag: "boolean"
        case .instant: "timestamptz"
        }
    }
}
