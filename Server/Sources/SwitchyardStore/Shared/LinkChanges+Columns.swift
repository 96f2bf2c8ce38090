import SwitchyardRules
/// One column a link update may set.
struct ColumnChange: Sendable {
    /// The column's name.
    let column: String
    /// Whether the update sets it; when false the column keeps its value.
    let sets: Bool
    /// The stored value it is set to.
    let value: ColumnValue

    init(column: String, sets: Bool, value: String?) {
        self.init(column: column, sets: sets, stored: .text(value))
    }

    init(column: String, sets: Bool, stored: ColumnValue) {
        self.column = column
        self.sets = sets
        self.value = stored
    }

    /// The assignment, with the back end's placeholders for `sets` and `value`:
    /// `column = CASE WHEN sets THEN value ELSE column END`, so one statement serves every change.
    func assignment(sets setsPlaceholder: String, value valuePlaceholder: String) -> String {
        "\(column) = CASE WHEN \(setsPlaceholder) THEN \(valuePlaceholder) ELSE \(column) END"
    }
}

extension LinkChanges {
    /// The columns a link update may set, each with whether these changes set it and its stored
    /// value. Both back ends build their `UPDATE` from this list, so a changeable field is named
    /// here once.
    var columnChanges: [ColumnChange] {
        let actions = InstallProofAction.storedText(installProofFor ?? nil)
        return [
            ColumnChange(column: "fallback_ios", sets: fallbacks != nil, value: fallbacks?.ios),
            ColumnChange(column: "fallback_android", sets: fallbacks != nil, value: fallbacks?.android),
            ColumnChange(column: "fallback_web", sets: fallbacks != nil, value: fallbacks?.web),
            ColumnChange(column: "install_proof", sets: installProof != nil, value: installProof??.rawValue),
            ColumnChange(column: "install_proof_for", sets: installProofFor != nil, value: actions),
            ColumnChange(column: "password_hash", sets: passwordHash != nil, value: passwordHash ?? nil),
            ColumnChange(column: "rules", sets: rules != nil,
                         value: (rules ?? nil).flatMap { $0.isEmpty ? nil : RedirectRule.storedText($0) }),
            ColumnChange(column: "variants", sets: variants != nil, value: (variants ?? nil)?.storedText),
            ColumnChange(column: "variants_pending_end", sets: variants != nil, stored: .instant((variants ?? nil)?.pendingEnd)),
        ]
    }
}
