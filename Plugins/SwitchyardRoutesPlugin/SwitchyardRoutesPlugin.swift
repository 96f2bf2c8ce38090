import Foundation
import PackagePlugin

/// Generates typed routes for the target it is applied to: each `NAME.routes.json` (and a plain
/// `routes.json`) among the target's files becomes `NAMERoutes.swift` in the plugin's work
/// directory, an enum named `NAMERoute` (`shop.routes.json` gives `ShopRoute`; `routes.json` gives
/// `AppRoute`), regenerated whenever the table changes. The same commands serve a package target
/// (`BuildToolPlugin`) and an Xcode app target (`XcodeBuildToolPlugin`, in
/// `SwitchyardRoutesPlugin+Xcode.swift`).
///
/// ```swift
/// .executableTarget(name: "Shop", dependencies: [.product(name: "Switchyard", package: "Switchyard")],
///                   plugins: [.plugin(name: "SwitchyardRoutesPlugin", package: "Switchyard")])
/// ```
@main
struct SwitchyardRoutesPlugin: BuildToolPlugin {
    /// The executable that writes the Swift file of one route table.
    static let toolName = "switchyard-routes-codegen"

    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return Self.commands(for: target.sourceFiles.map(\.url), tool: try context.tool(named: Self.toolName).url,
                             workDirectory: context.pluginWorkDirectoryURL)
    }

    /// One build command per route table among `files`: `tool` reads it and writes its enum into
    /// `workDirectory`.
    static func commands(for files: [URL], tool: URL, workDirectory: URL) -> [Command] {
        files.compactMap { file -> Command? in
            let fileName = file.lastPathComponent
            guard let stem = stem(of: fileName) else { return nil }
            let typeName = typeName(for: stem)
            let output = workDirectory.appending(path: typeName + "s.swift")
            return .buildCommand(
                displayName: "Generating \(typeName) from \(fileName)",
                executable: tool,
                arguments: [
                    file.path(percentEncoded: false), output.path(percentEncoded: false), "--type", typeName,
                ],
                inputFiles: [file],
                outputFiles: [output])
        }
    }

    /// `shop` for `shop.routes.json`, the empty string for `routes.json`, nil for other files.
    static func stem(of fileName: String) -> String? {
        if fileName == "routes.json" { return "" }
        let suffix = ".routes.json"
        guard fileName.hasSuffix(suffix), fileName.count > suffix.count else { return nil }
        return String(fileName.dropLast(suffix.count))
    }

    /// `ShopRoute` for `shop`, `GiftCardRoute` for `gift-card`, `AppRoute` for the empty stem.
    static func typeName(for stem: String) -> String {
        var name = ""
        var upper = true
        for character in stem {
            if character.isASCII && (character.isLetter || character.isNumber) {
                name.append(upper ? Character(character.uppercased()) : character)
                upper = false
            } else {
                upper = true
            }
        }
        if name.isEmpty { return "AppRoute" }
        if name.first!.isNumber { name = "R" + name }
        return name + "Route"
    }
}
