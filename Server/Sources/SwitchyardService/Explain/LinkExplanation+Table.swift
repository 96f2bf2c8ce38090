import Foundation

extension LinkExplanation {
    /// The explanation as `switchyard explain` prints it: a heading, the route, a table with one
    /// row per case (platform, app, action, target, claim, deferred, the service's answer), each
    /// case's reason, then the warnings.
    public var table: String {
        var lines: [String] = []
        lines.append(url + "  (" + kind.replacingOccurrences(of: "-", with: " ") + (code.map { " \($0)" } ?? "") + ")")
        if let route {
            var text = "route: " + route.pattern + (route.name.map { " (\($0))" } ?? "")
            if !route.parameters.isEmpty {
                text += "  {" + route.parameters.sorted { $0.key < $1.key }
                    .map { "\($0.key): \($0.value) (\(route.parameterTypes[$0.key] ?? "string"))" }.joined(separator: ", ") + "}"
            }
            if !route.queryParameters.isEmpty {
                text += "  ?" + route.queryParameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
            }
            if route.webOnly { text += "  [web only]" }
            lines.append(text)
            if !route.plan.isEmpty {
                lines.append("plan: " + route.plan.map { ($0.presentation == "modal" ? "present " : "push ") + $0.screen }.joined(separator: ", "))
            }
        } else {
            lines.append("route: none")
        }
        lines.append("")
        let header = ["#", "PLATFORM", "APP", "ACTION", "TARGET", "CLAIM", "DEFERRED", "SERVICE ANSWERS"]
        var rows = [header]
        for (index, entry) in cases.enumerated() {
            let claim = entry.claim.map { claim in
                claim.file.map { "\($0) #\(claim.position ?? 0) \(claim.component)" } ?? "scheme \(claim.component)"
            }
            let answer = entry.status.map { "\($0)" + (entry.location == nil ? "" : " Location") } ?? "-"
            rows.append(["\(index + 1)", entry.platform, entry.app ?? "-", entry.action, Self.shortened(entry.target ?? "-"),
                         claim ?? "-", entry.deferred.path, answer])
        }
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            lines.append(row.enumerated().map { column, text in
                column == row.count - 1 ? text : text.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  "))
        }
        lines.append("")
        for (index, entry) in cases.enumerated() {
            lines.append("\(index + 1). \(entry.platform)\(entry.app.map { " (app \($0))" } ?? ""): \(entry.reason)")
        }
        if !appVersions.isEmpty {
            lines.append("")
            lines.append("app versions:")
            for entry in appVersions { lines.append("  \(entry.platform) \(entry.requiredVersion) or newer: \(entry.reason)") }
        }
        lines += rulesTable
        if !variants.isEmpty {
            lines.append("")
            lines.append("A/B variants (\(variantTest ?? "")):")
            for variant in variants {
                lines.append("  variant \(variant.index)\(variant.winner ? " (winner)" : ""): \(variant.weight)% → \(variant.target)")
            }
        }
        if !warnings.isEmpty {
            lines.append("")
            lines.append("warnings:")
            for warning in warnings { lines.append("  \(warning.code): \(warning.message)") }
        }
        return lines.joined(separator: "\n")
    }

    /// A long target cut to 60 characters for the table (the JSON has it whole).
    static func shortened(_ text: String) -> String {
        text.count <= 60 ? text : String(text.prefix(57)) + "..."
    }
}
