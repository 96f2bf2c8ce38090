import Switchyard
import SwitchyardCodegen

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `switchyard-routes-codegen INPUT.json OUTPUT.swift [--type NAME] [--internal]`: writes the typed
/// routes of a route-table file (the tool the SwitchyardRoutesPlugin runs).
///
/// Problems go to standard error, one per line, in the form `switchyard routes check` prints, and
/// the exit status is 1; a usage mistake exits with 64.
@main
struct RoutesCodegenTool {
    static let usage = "usage: switchyard-routes-codegen INPUT.json OUTPUT.swift [--type NAME] [--internal]"

    static func main() {
        var positional: [String] = []
        var typeName = RouteCodeGenerator.defaultTypeName
        var access = RouteCodeGenerator.Access.public
        var arguments = CommandLine.arguments.dropFirst()
        while let argument = arguments.popFirst() {
            switch argument {
            case "--type":
                guard let value = arguments.popFirst() else { fail(usage, status: 64) }
                typeName = value
            case "--internal":
                access = .internal
            case "-h", "--help":
                print(usage)
                return
            default:
                if argument.hasPrefix("--") { fail("unknown option '\(argument)'\n\(usage)", status: 64) }
                positional.append(argument)
            }
        }
        guard positional.count == 2 else { fail(usage, status: 64) }
        let (input, output) = (positional[0], positional[1])
        let source: String
        do {
            source = try RouteCodeGenerator.swiftSource(forFile: input, typeName: typeName, access: access)
        } catch {
            fail(error.lines(file: input).joined(separator: "\n"), status: 1)
        }
        if let problem = save(source, to: output) {
            fail("\(output): cannot write the file: \(problem)", status: 1)
        }
    }

    static func fail(_ message: String, status: Int32) -> Never {
        for line in message.split(separator: "\n", omittingEmptySubsequences: false) {
            let bytes = Array("switchyard-routes-codegen: error: \(line)\n".utf8)
            _ = bytes.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count) }
        }
        exit(status)
    }

    /// Writes the file whole; returns the system's message on failure.
    static func save(_ text: String, to path: String) -> String? {
        guard let file = fopen(path, "wb") else { return String(cString: strerror(errno)) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
        let closed = fclose(file)
        if written != bytes.count || closed != 0 { return String(cString: strerror(errno)) }
        return nil
    }
}
