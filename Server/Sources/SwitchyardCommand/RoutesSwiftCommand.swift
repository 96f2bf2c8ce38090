import ArgumentParser
import Foundation
import SwitchyardCodegen

/// `switchyard routes swift --routes FILE [--type NAME] [--output FILE] [--internal]`: writes a Swift
/// enum with one case per named route, its parameters typed from their constraints (the same
/// generator as the SDK's `SwitchyardRoutesPlugin`).
///
/// ```
/// $ switchyard routes swift --routes routes.json --type ShopRoute --output ShopRoutes.swift
/// $ switchyard routes swift --routes bad.json
/// switchyard: error: bad.json: route 2: empty parameter name at 5 in 'bad/:'
/// ```
public struct RoutesSwiftCommand: ParsableCommand {
    /// The command's name and help.
    public static let configuration = CommandConfiguration(
        commandName: "swift",
        abstract: "Generate a Swift enum of the table's named routes, with typed parameters.",
        discussion: """
            One case per named route (unnamed routes and routes with an anonymous wildcard get none), \
            parameters typed Int for <int>, UUID for <uuid> and String otherwise, optional when only an \
            optional group has them. The enum reads a DeepLink (init?(link:)) and builds its URL with the \
            embedded table (url(scheme:), url(host:)). The source goes to standard output, or to --output. \
            A table with problems gives the same lines as `routes check` on standard error, exit status 1.
            """
    )

    @OptionGroup var table: TableOptions

    @Option(name: .long, help: ArgumentHelp("The enum's name.", valueName: "name"))
    var type = RouteCodeGenerator.defaultTypeName

    @Option(
        name: .long, help: ArgumentHelp("Write the source to this file instead of standard output.", valueName: "file"))
    var output: String?

    @Flag(name: .long, help: "Declare the enum and its members internal instead of public.")
    var `internal` = false

    /// Creates the command; argument-parser fills it in.
    public init() {}

    /// Generates the source and writes it.
    public func run() throws {
        try reportingFailures { () throws(CommandFailure) in
            let source: String
            do throws(RouteCodeGenerationError) {
                source = try RouteCodeGenerator.swiftSource(
                    forFile: table.routes, typeName: type, access: `internal` ? .internal : .public)
            } catch {
                throw CommandFailure(error.lines(file: table.routes))
            }
            guard let output else {
                print(source, terminator: "")
                return
            }
            do {
                try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
            } catch {
                throw CommandFailure("\(output): cannot write the file: \(error.localizedDescription)")
            }
        }
    }
}
