#if canImport(XcodeProjectPlugin)
import PackagePlugin
import XcodeProjectPlugin

/// The plugin applied to an Xcode app target (Build Phases → Run Build Tool Plug-ins): the
/// target's `NAME.routes.json` and `routes.json` files become typed routes, as in a package target.
extension SwitchyardRoutesPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        Self.commands(for: target.inputFiles.map(\.url), tool: try context.tool(named: Self.toolName).url,
                      workDirectory: context.pluginWorkDirectoryURL)
    }
}
#endif
