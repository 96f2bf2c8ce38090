import Switchyard

/// Why a route table could not be turned into Swift source.
///
/// Table problems carry the SDK's own text (``RouteTableError`` and ``RouteTableFileError``);
/// problems of the generated code itself (two routes giving the same case name, two parameters
/// giving the same label, a type name that is not an identifier) say which routes or names clash.
///
/// ```swift
/// do { _ = try RouteCodeGenerator.swiftSource(for: configuration) }
/// catch { for line in error.lines(file: "routes.json") { print(line) } }
/// // routes.json: routes 1 and 4: the names 'product-detail' and 'product_detail' both give the case 'productDetail'
/// ```
public struct RouteCodeGenerationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One problem.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// The stable snake_case code: a ``RouteTableError/Issue/Code`` (`syntax`, `conflict`, ...),
        /// a ``RouteTableFileError`` code (`invalid_json`, ...), or one of the generator's own:
        /// `case_name_clash`, `label_clash`, `unusable_name`, `invalid_type_name`.
        public let code: String
        /// The reason, without the file and route numbers.
        public let message: String
        /// The 0-based indices of the routes involved, in table order.
        public let routeIndices: [Int]
        /// The text as a file-less line (`route 3: reason`), or the whole text of a file error.
        public let description: String

        init(code: String, message: String, routeIndices: [Int]) {
            self.code = code
            self.message = message
            self.routeIndices = routeIndices
            self.description = Self.routePrefix(routeIndices) + message
        }

        init(fileError: RouteTableFileError) {
            code = fileError.code.rawValue
            message = fileError.message
            routeIndices = fileError.routeIndex.map { [$0] } ?? []
            description = fileError.description
        }

        /// `route 3: `, `routes 2 and 5: `, `routes 1, 2 and 3: `, or nothing.
        static func routePrefix(_ indices: [Int]) -> String {
            let numbers = indices.map { String($0 + 1) }
            switch numbers.count {
            case 0: return ""
            case 1: return "route \(numbers[0]): "
            default: return "routes \(numbers.dropLast().joined(separator: ", ")) and \(numbers[numbers.count - 1]): "
            }
        }
    }

    /// Every problem found, in table order.
    public let problems: [Problem]
    /// Whether the problems came from reading the file, whose messages already name it.
    let namesFile: Bool

    init(_ problems: [Problem], namesFile: Bool = false) {
        self.problems = problems
        self.namesFile = namesFile
    }

    /// The problems as lines that name `file`, in the form `switchyard routes check` prints
    /// (`routes.json: route 3: empty parameter name at 5 in 'bad/:'`).
    public func lines(file: String) -> [String] {
        namesFile ? problems.map(\.description) : problems.map { "\(file): \($0.description)" }
    }

    /// One line per problem, without a file name.
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
