// Stand-in for Xcode's XcodeProjectPlugin module (what a package plugin sees when Xcode applies it
// to an app target): only what Plugins/SwitchyardRoutesPlugin uses, with Xcode's Swift signatures.
// Built by scripts/check-apple-glue against the toolchain's PackagePlugin; nothing here runs.
import Foundation
import PackagePlugin

// SDK: XcodeProjectPlugin.swiftinterface, protocol XcodeBuildToolPlugin
// Docs: xcodeprojectplugin/xcodebuildtoolplugin
/// A build-tool plugin that Xcode can apply to the targets of an Xcode project.
public protocol XcodeBuildToolPlugin {
    // Docs: xcodeprojectplugin/xcodebuildtoolplugin/createbuildcommands(context:target:)
    /// The commands that build a target of the project.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command]
}

// SDK: XcodeProjectPlugin.swiftinterface, struct XcodePluginContext
// Docs: xcodeprojectplugin/xcodeplugincontext
/// What Xcode tells a plugin about the project it runs for.
public struct XcodePluginContext {
    // Docs: xcodeprojectplugin/xcodeplugincontext/xcodeproject
    /// The project.
    public var xcodeProject: XcodeProject { fatalError("stand-in") }
    // Docs: xcodeprojectplugin/xcodeplugincontext/pluginworkdirectoryurl
    /// A directory the plugin may write into (its commands' outputs).
    public var pluginWorkDirectoryURL: URL { fatalError("stand-in") }
    // Docs: xcodeprojectplugin/xcodeplugincontext/tool(named:)
    /// A command-line tool the plugin depends on, by name.
    public func tool(named name: String) throws -> PluginContext.Tool { fatalError("stand-in") }
}

// SDK: XcodeProjectPlugin.swiftinterface, struct XcodeProject
// Docs: xcodeprojectplugin/xcodeproject
/// An Xcode project.
public struct XcodeProject {
    // Docs: xcodeprojectplugin/xcodeproject/displayname
    /// The project's name.
    public var displayName: String { fatalError("stand-in") }
    // Docs: xcodeprojectplugin/xcodeproject/targets
    /// The project's targets.
    public var targets: [XcodeTarget] { fatalError("stand-in") }
}

// SDK: XcodeProjectPlugin.swiftinterface, struct XcodeTarget
// Docs: xcodeprojectplugin/xcodetarget
/// A target of an Xcode project.
public struct XcodeTarget {
    // Docs: xcodeprojectplugin/xcodetarget/displayname
    /// The target's name.
    public var displayName: String { fatalError("stand-in") }
    // Docs: xcodeprojectplugin/xcodetarget/inputfiles
    /// The files the target builds from (sources and resources).
    public var inputFiles: FileList { fatalError("stand-in") }
}
